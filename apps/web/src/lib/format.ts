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
  // A date without a time is that calendar day wherever the reader is.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "N/A";
  const twoDigits = (part: number) => String(part).padStart(2, "0");
  return `${twoDigits(date.getMonth() + 1)}/${twoDigits(date.getDate())}/${date.getFullYear()}`;
}
