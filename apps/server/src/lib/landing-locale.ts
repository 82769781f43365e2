import {
  acceptedLanguages,
  isLocale,
  LOCALE_COOKIE,
  matchLocale,
  type Locale,
} from "@fba/contract/locales";

/**
 * Which language's prerendered landing page "/" gets: the one asked for in the address
 * (`?lang=zh-CN`, the page's language switch), else the one chosen earlier on this device (the
 * cookie the switch sets), else the first of the browser's Accept-Language we have (by its q
 * weight), else English.
 */
export function landingLocale(input: {
  query?: string | null;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
}): Locale {
  const asked = input.query ? new URLSearchParams(input.query).get("lang") : null;
  if (isLocale(asked)) return asked;
  const chosen = (input.cookie ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
  if (isLocale(chosen)) return chosen;
  for (const tag of acceptedLanguages(input.acceptLanguage ?? "")) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return "en";
}
