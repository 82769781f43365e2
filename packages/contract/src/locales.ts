/**
 * The languages the product speaks and how a language tag or an Accept-Language header maps to
 * one of them. No zod here: the prerendered landing page's script imports this file and stays
 * small.
 */
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie that keeps a visitor's choice (the server picks the landing page by it). */
export const LOCALE_COOKIE = "fba_locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** A language tag ("zh", "zh-Hans-CN", "en-GB") as one of ours, or null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
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

/** The language tags of an Accept-Language header, best first (q=0 left out). */
export function acceptedLanguages(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The first of these language tags we have, else English. */
export function firstLocale(tags: readonly string[] | undefined): Locale {
  for (const tag of tags ?? []) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
