import type { ResourceKey } from "i18next";
import { englishCatalogs, translateEnglish, type Catalog, type TOptions } from "./english";
import { initialLocale, storeLocale, type Locale } from "./locale";
import { useTranslation } from "./react-i18next";
import { loadFull, setHtmlLang, startIn, switchTo, translationState } from "./translation-state";

/**
 * The app's translations. Catalogs are JSON files per language and namespace under src/locales/.
 * The English one of a namespace is imported by the feature that uses it (`namespace()` below), so
 * it travels in that feature's chunk as the English texts always did, and English is translated
 * without the i18n library (./english.ts): an English reader's first page downloads neither
 * i18next nor react-i18next. Another language loads them (./full.ts, a chunk of its own) with
 * that language's catalogs before the app shows in it (./translation-state.ts).
 */

/** The language the app shows now. */
export function currentLocale(): Locale {
  return translationState.get().language;
}

/** Shows the app in `locale` and remembers it on this device. */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  const { language, full, pending } = translationState.get();
  if (language !== locale || (pending && !full)) await switchTo(locale);
}

/**
 * The language at start: English at once; another language's library and catalogs start loading
 * now, and the first screen waits for them (a Chinese reader never sees English first).
 */
startIn(initialLocale());
setHtmlLang(translationState.get().language);

/**
 * The parts of i18next's instance the app uses outside React (the landing page's prerender and
 * tests): the library is loaded by the calls that need it.
 */
export const i18n = {
  get language(): Locale {
    return translationState.get().language;
  },
  changeLanguage: (language: Locale) => switchTo(language),
  async loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    const instance = await loadFull();
    await instance.loadNamespaces([namespaces].flat() as string[]);
  },
  t(key: string | readonly string[], options?: TOptions): string {
    const { full, language } = translationState.get();
    if (full) return full.getFixedT(language)(key as string, options as never) as unknown as string;
    return translateEnglish(["common"], key, options) as string;
  },
};

/**
 * Registers a namespace's English catalog (imported by the caller, so it is in the caller's chunk)
 * and returns the hook its components translate with.
 */
export function namespace<N extends Namespace>(ns: N, english: ResourceKey) {
  if (!englishCatalogs.has(ns)) {
    englishCatalogs.set(ns, english as Catalog);
    const { full } = translationState.get();
    if (full) {
      if (!full.hasResourceBundle("en", ns)) full.addResourceBundle("en", ns, english);
      // Loaded for a new language before a switch happens (changeLanguage loads `options.ns`).
      const loaded = full.options.ns;
      if (Array.isArray(loaded) && !loaded.includes(ns)) (loaded as string[]).push(ns);
    }
  }
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
  | "agents"
  | "averageCosts"
  | "chat"
  | "entities"
  | "titles"
  | "agentLists";
