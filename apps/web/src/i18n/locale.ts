/**
 * The languages of the app, which one a visitor reads, and where that choice is kept. No i18n
 * library here: the prerendered landing page's script uses this module too, and stays small.
 */
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** How each language names itself, for the switch (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

/** The key in localStorage and the cookie's name (the server picks the landing page by it). */
export const LOCALE_STORAGE_KEY = "fba.locale";
export const LOCALE_COOKIE = "fba_locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** A language tag ("zh", "zh-Hans-CN", "en-GB") as one of ours, or null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.toLowerCase();
  // Traditional Chinese readers are better served by English than by Simplified characters.
  if (
    lower === "zh" ||
    lower.startsWith("zh-cn") ||
    lower.startsWith("zh-hans") ||
    lower === "zh-sg"
  )
    return "zh-CN";
  if (lower === "en" || lower.startsWith("en-")) return "en";
  return null;
}

/** The first of the browser's languages we have, else English. */
export function browserLocale(languages: readonly string[] | undefined): Locale {
  for (const tag of languages ?? []) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

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
