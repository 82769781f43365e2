import { calendarDateIn, dateTimeIn, parseTime } from "@fba/contract/constants";
import { NOT_AVAILABLE } from "../lib/format";
import type { Locale } from "./locale";

/**
 * Dates, numbers and amounts for a language, through `Intl`. English keeps the app's formats
 * exactly as the spec gives them (MM/DD/YYYY, "12/01/2026 7:27 PM", "$1,234.50"); another
 * language gets its own conventions. Amounts are always US dollars.
 */
const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) cache.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** A plain number ("1,234.5"); at most `digits` decimals. */
export function formatNumber(value: number, locale: Locale, digits = 2): string {
  return numberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

/** A US dollar amount with cents; an absent one as "N/A", a masked one ("*****") as sent. */
export function formatMoney(value: string | number | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || value === "") return NOT_AVAILABLE[locale];
  const amount = Number(value);
  if (!Number.isFinite(amount)) return String(value);
  if (locale === "en")
    return `$${numberFormat("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
  // "US$1,234.50": the currency named, as a reader outside the US expects.
  return numberFormat(locale, { style: "currency", currency: "USD", currencyDisplay: "symbol" })
    .format(amount)
    .replace(/^\$/, "US$");
}

/** A calendar date (yyyy-MM-dd): "11/21/2026" in English, "2026/11/21" in Chinese. */
export function formatCalendarDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return NOT_AVAILABLE[locale];
  return calendarDateIn(locale, value);
}

/** A timestamp's local day and time: "11/21/2026 3:05 PM", "2026/11/21 15:05". */
export function formatDateTime(value: string | null | undefined, locale: Locale): string {
  if (!value) return NOT_AVAILABLE[locale];
  const date = parseTime(value);
  return date ? dateTimeIn(locale, date) : value;
}

/** The formatters bound to one language. */
export function formattersFor(locale: Locale) {
  return {
    number: (value: number, digits?: number) => formatNumber(value, locale, digits),
    money: (value: string | number | null | undefined) => formatMoney(value, locale),
    date: (value: string | null | undefined) => formatCalendarDate(value, locale),
    dateTime: (value: string | null | undefined) => formatDateTime(value, locale),
  };
}
