import { USER_LOCALES, formatUsd } from "@fba/contract";

/** A language the server writes in: an account's stored choice. */
export type Locale = (typeof USER_LOCALES)[number];

/** What an account without a stored choice (and the existing client) gets. */
export const DEFAULT_LOCALE: Locale = "en";

/** The language of an account from its stored value (null, unknown: the default). */
export function localeOf(stored: string | null | undefined): Locale {
  return (USER_LOCALES as readonly string[]).includes(stored ?? "")
    ? (stored as Locale)
    : DEFAULT_LOCALE;
}

const moneyFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * An amount in US dollars ("1234.5" as "$1,234.50" in English, "US$1,234.50" in Chinese). English
 * keeps the contract's own format, so its texts stay exactly as they were.
 */
export function formatMoney(locale: Locale, amount: string): string {
  if (locale === "en") return formatUsd(amount);
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency: "USD" });
    moneyFormats.set(locale, format);
  }
  // A decimal string keeps its exact value (no float rounding of large amounts).
  return format.format(amount.trim() as unknown as number);
}
