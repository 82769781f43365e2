/** yyyy-MM-dd -> MM/DD/YYYY without going through a Date (no timezone shift). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "N/A";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  return `${match[2]}/${match[3]}/${match[1]}`;
}

const twoDigits = (part: number) => String(part).padStart(2, "0");

/** A timestamp (or a local date and time without an offset) as a Date, or null if it is none. */
export function parseTime(value: string | Date): Date | null {
  const date = new Date(value instanceof Date ? value.getTime() : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const localDay = (date: Date) =>
  `${twoDigits(date.getMonth() + 1)}/${twoDigits(date.getDate())}/${date.getFullYear()}`;

/**
 * The local day of a timestamp in the one date format of every screen, the spec's MM/DD/YYYY
 * (as `formatDate` shows a calendar date): "11/21/2026".
 */
export function formatCalendarDay(value: string | null | undefined): string {
  if (!value) return "N/A";
  // A date without a time is that calendar day wherever the reader is.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  const date = parseTime(value);
  return date ? localDay(date) : "N/A";
}

/** A timestamp's local day and time, "11/21/2026 3:05 PM"; a value that is no time as it is. */
export function formatDateTime(value: string): string {
  const date = parseTime(value);
  if (!date) return value;
  const hours = date.getHours();
  const clock = `${hours % 12 || 12}:${twoDigits(date.getMinutes())} ${hours < 12 ? "AM" : "PM"}`;
  return `${localDay(date)} ${clock}`;
}

/** A time as a datetime-local input's value, "2026-11-21T15:05:09" (local, to the second). */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}T${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
}
