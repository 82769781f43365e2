/**
 * Which language a visitor reads, and where that choice is kept. No i18n library here: the
 * prerendered landing page's script uses this module too, and stays small.
 */
import { firstLocale, isLocale, LOCALE_COOKIE, type Locale } from "@fba/contract/locales";

export {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALES,
  matchLocale,
  type Locale,
} from "@fba/contract/locales";

/** How each language names itself, for the switch (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

/** The key in localStorage. */
export const LOCALE_STORAGE_KEY = "fba.locale";

/** The first of the browser's languages we have, else English. */
export const browserLocale = firstLocale;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The language chosen on this device (the switch, or the account's after login), if any. */
export function storedLocale(): Locale | null {
  const value = storage()?.getItem(LOCALE_STORAGE_KEY);
  return isLocale(value) ? value : null;
}

/** Keeps the choice on this device: localStorage for the app, a cookie for the landing page. */
export function storeLocale(locale: Locale): void {
  try {
    storage()?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode with no storage: the choice lasts for this page.
  }
  if (typeof document !== "undefined")
    document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** The language to start in: the one chosen on this device, else the browser's. */
export function initialLocale(): Locale {
  return (
    storedLocale() ??
    browserLocale(typeof navigator === "undefined" ? undefined : navigator.languages)
  );
}
