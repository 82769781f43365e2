import type { i18n as I18n } from "i18next";
import { englishCatalogs } from "./english";
import type { Locale } from "./locale";

/**
 * Which language the app shows and, once loaded, the i18n library's instance (./full.ts): the
 * hooks of ./react-i18next.tsx read it, ./i18n.ts changes it. English needs no library
 * (./english.ts); another language loads it with that language's catalogs before showing.
 */
export interface TranslationState {
  readonly language: Locale;
  /** i18next, once loaded (for another language, <Trans>, or the landing page's prerender). */
  readonly full: I18n | null;
  /** While another language's first catalogs load: what a screen waits for. */
  readonly pending: Promise<unknown> | null;
}

let state: TranslationState = { language: "en", full: null, pending: null };

const listeners = new Set<() => void>();

export const translationState = {
  get: (): TranslationState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const setHtmlLang = (language: string) => {
  if (typeof document !== "undefined") document.documentElement.lang = language;
};

function setState(next: TranslationState) {
  state = next;
  setHtmlLang(next.language);
  for (const listener of [...listeners]) listener();
}

let fullLoad: Promise<I18n> | null = null;
let fullTrans: typeof import("./full").Trans | null = null;

/** The library's <Trans>, once loaded. */
export const libraryTrans = () => fullTrans;

/** The i18n library, loaded once, with every English catalog registered so far. */
export function loadFull(): Promise<I18n> {
  fullLoad ??= import("./full")
    .then(({ createFullI18n, Trans }) => {
      fullTrans = Trans;
      return createFullI18n(state.language, englishCatalogs);
    })
    .then((instance) => {
      // The namespaces registered while it loaded.
      for (const [ns, catalog] of englishCatalogs) {
        if (!instance.hasResourceBundle("en", ns)) instance.addResourceBundle("en", ns, catalog);
        const loaded = instance.options.ns;
        if (Array.isArray(loaded) && !loaded.includes(ns)) (loaded as string[]).push(ns);
      }
      setState({ ...state, full: instance });
      return instance;
    });
  fullLoad.catch((error: unknown) => {
    // Shown by the screen that waited for it (its error boundary offers Retry), and tried again
    // by the next screen or switch that needs it.
    fullLoad = null;
    failure = error;
  });
  return fullLoad;
}

let failure: unknown = null;

/** Why the library's last load failed, once (the next load tries again). */
export function takeLoadFailure(): unknown {
  const error = failure;
  failure = null;
  return error;
}

let switching = 0;

/** Shows the app in `language` once its catalogs in use are in (one step, no empty screen). */
export async function switchTo(language: Locale): Promise<void> {
  const turn = ++switching;
  if (language === "en" && !state.full) {
    setState({ ...state, language, pending: null });
    return;
  }
  const [instance] = await Promise.all([
    loadFull(),
    // The contract messages' keys (beside the contract's schemas), for another language only.
    language === "en" ? null : import("./server-message-keys"),
  ]);
  // A namespace in use is loaded for the new language before the switch happens (changeLanguage
  // loads `options.ns`): the screen changes language in one step, without suspending.
  await instance.changeLanguage(language);
  if (turn === switching) setState({ language, full: instance, pending: null });
}

/**
 * The language at start: English at once; another language's library and catalogs start loading
 * now, and the first screen waits for them (a Chinese reader never sees English first).
 */
export function startIn(language: Locale): void {
  if (language === "en") return;
  state = { language, full: null, pending: null };
  state = { ...state, pending: switchTo(language).catch(() => undefined) };
}
