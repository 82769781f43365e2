/**
 * Which language's prerendered landing page "/" gets: the one asked for in the address
 * (`?lang=zh-CN`, the page's language switch), else the one chosen earlier on this device (the
 * `fba_locale` cookie the switch sets), else the first of the browser's Accept-Language we have
 * (by its q weight), else English.
 */
export type LandingLocale = "en" | "zh-CN";

function match(tag: string): LandingLocale | null {
  const lower = tag.trim().toLowerCase();
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

/** The languages of an Accept-Language header, best first (weights as given, q=0 left out). */
function accepted(header: string): string[] {
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

export function landingLocale(input: {
  query?: string | null;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
}): LandingLocale {
  const asked = input.query ? new URLSearchParams(input.query).get("lang") : null;
  if (asked === "en" || asked === "zh-CN") return asked;
  const chosen = /(?:^|;\s*)fba_locale=([^;]+)/.exec(input.cookie ?? "")?.[1];
  if (chosen === "en" || chosen === "zh-CN") return chosen;
  for (const tag of accepted(input.acceptLanguage ?? "")) {
    const locale = match(tag);
    if (locale) return locale;
  }
  return "en";
}
