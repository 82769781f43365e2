import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from "i18next";
// The library itself (the build points the app's other imports of it at ./react-i18next.tsx).
import { initReactI18next } from "react-i18next";

// Its <Trans>, for ./react-i18next.tsx's.
export { Trans } from "react-i18next";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locale";

/**
 * i18next with react-i18next, in a chunk of its own: loaded for a language other than English (or
 * by a screen with rich text, which uses the library's <Trans>). Catalogs are JSON files per
 * language and namespace under src/locales/; the English ones come from the screens that
 * registered them (./i18n.ts), any other language's is a chunk of its own, fetched when a screen
 * of that namespace first renders in it.
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

/** A ready instance in `language` with the English catalogs given and the namespaces in use. */
export async function createFullI18n(
  language: Locale,
  english: ReadonlyMap<string, ResourceKey>,
): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(lazyCatalogs)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      load: "currentOnly",
      ns: [...english.keys()],
      defaultNS: "common",
      partialBundledLanguages: true,
      resources: { en: Object.fromEntries(english) },
      // React escapes what it renders.
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return instance;
}
