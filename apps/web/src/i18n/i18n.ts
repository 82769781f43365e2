import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { DEFAULT_LOCALE, initialLocale, LOCALES, storeLocale, type Locale } from "./locale";

/**
 * The app's translations (react-i18next). Catalogs are JSON files per language and namespace
 * under src/locales/. The English one of a namespace is imported by the feature that uses it
 * (`namespace()` below), so it travels in that feature's chunk as the English texts always did:
 * an English reader never waits for a catalog. Any other language's catalog is a chunk of its
 * own, fetched when a screen of that namespace first renders in it. The library itself is not in
 * the entry chunk: the first screen's chunks import it (so it loads beside them).
 */
const catalogs = import.meta.glob<{ default: ResourceKey }>([
  "../locales/*/*.json",
  "!../locales/en/*.json",
]);

const lazyCatalogs: BackendModule = {
  type: "backend",
  init() {},
  read(language, ns, done) {
    const load = catalogs[`../locales/${language}/${ns}.json`];
    if (!load) {
      done(null, {});
      return;
    }
    load().then(
      (module) => done(null, module.default),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

void i18n
  .use(lazyCatalogs)
  .use(initReactI18next)
  .init({
    lng: initialLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: "currentOnly",
    ns: [],
    defaultNS: "common",
    partialBundledLanguages: true,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    // Nothing to load before the first render (English is registered by the screens, any other
    // language's catalogs load as screens ask for them): ready at once, no empty first frame.
    initAsync: false,
  });

const setHtmlLang = (language: string) => {
  if (typeof document !== "undefined") document.documentElement.lang = language;
};
setHtmlLang(i18n.language);
i18n.on("languageChanged", setHtmlLang);

/** The language the app shows now. */
export function currentLocale(): Locale {
  return i18n.language === "zh-CN" ? "zh-CN" : "en";
}

/** Shows the app in `locale` and remembers it on this device. */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/**
 * Registers a namespace's English catalog (imported by the caller, so it is in the caller's chunk)
 * and returns the hook its components translate with.
 */
export function namespace<N extends Namespace>(ns: N, english: ResourceKey) {
  if (!i18n.hasResourceBundle("en", ns)) i18n.addResourceBundle("en", ns, english);
  // A namespace in use is loaded for a new language before the switch happens (changeLanguage
  // loads `options.ns`): the screen changes language in one step, without suspending.
  const loaded = i18n.options.ns;
  if (Array.isArray(loaded) && !loaded.includes(ns)) (loaded as string[]).push(ns);
  return () => useTranslation(ns);
}

export type Namespace =
  | "common"
  | "landing"
  | "auth"
  | "shell"
  | "lists"
  | "admin"
  | "analytics"
  | "announcements"
  | "disputes"
  | "notifications"
  | "profile"
  | "components"
  | "booking"
  | "shipments"
  | "samples"
  | "seller"
  | "bidding"
  | "comparison"
  | "legs"
  | "documents"
  | "ratings"
  | "chat";
