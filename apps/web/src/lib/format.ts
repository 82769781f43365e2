import {
  localUsDate,
  parseTime,
  usCalendarDate,
  usDateTime,
  toLocalInputValue,
} from "@fba/contract/constants";

import type { Locale } from "@fba/contract/locales";

export { parseTime, toLocalInputValue };

/** What a blank value shows as, by language: "N/A" in English. */
export const NOT_AVAILABLE: Readonly<Record<Locale, string>> = { en: "N/A", "zh-CN": "暂无" };

/**
 * yyyy-MM-dd -> MM/DD/YYYY without going through a Date (no timezone shift); blank as N/A in the
 * language given (English by default).
 */
export function formatDate(value: string | null | undefined, locale: Locale = "en"): string {
  if (!value) return NOT_AVAILABLE[locale];
  return usCalendarDate(value);
}

/**
 * The local day of a timestamp in the one date format of every screen, the spec's MM/DD/YYYY
 * (as `formatDate` shows a calendar date): "11/21/2026".
 */
export function formatCalendarDay(value: string | null | undefined, locale: Locale = "en"): string {
  if (!value) return NOT_AVAILABLE[locale];
  // A date without a time is that calendar day wherever the reader is.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  const date = parseTime(value);
  return date ? localUsDate(date) : NOT_AVAILABLE[locale];
}

/** A timestamp's local day and time, "11/21/2026 3:05 PM"; a value that is no time as it is. */
export function formatDateTime(value: string): string {
  const date = parseTime(value);
  return date ? usDateTime(date) : value;
}
