import {
  localUsDate,
  parseTime,
  usCalendarDate,
  usDateTime,
  toLocalInputValue,
} from "@fba/contract/constants";

export { parseTime, toLocalInputValue };

/** yyyy-MM-dd -> MM/DD/YYYY without going through a Date (no timezone shift). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "N/A";
  return usCalendarDate(value);
}

/**
 * The local day of a timestamp in the one date format of every screen, the spec's MM/DD/YYYY
 * (as `formatDate` shows a calendar date): "11/21/2026".
 */
export function formatCalendarDay(value: string | null | undefined): string {
  if (!value) return "N/A";
  // A date without a time is that calendar day wherever the reader is.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  const date = parseTime(value);
  return date ? localUsDate(date) : "N/A";
}

/** A timestamp's local day and time, "11/21/2026 3:05 PM"; a value that is no time as it is. */
export function formatDateTime(value: string): string {
  const date = parseTime(value);
  return date ? usDateTime(date) : value;
}
