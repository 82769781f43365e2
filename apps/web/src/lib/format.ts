import dayjs from "dayjs";

/** yyyy-MM-dd -> MM/DD/YYYY without going through a Date (no timezone shift). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "N/A";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  return `${match[2]}/${match[3]}/${match[1]}`;
}

/**
 * The local day of a timestamp in the one date format of every screen, the spec's MM/DD/YYYY
 * (as `formatDate` shows a calendar date): "11/21/2026".
 */
export function formatCalendarDay(value: string | null | undefined): string {
  if (!value) return "N/A";
  const date = dayjs(value);
  return date.isValid() ? date.format("MM/DD/YYYY") : "N/A";
}
