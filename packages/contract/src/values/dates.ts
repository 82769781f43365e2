/**
 * Dates and times as the product shows them: the spec's MM/DD/YYYY and one time of day,
 * "11/21/2026 3:05 PM", in English; another language through `Intl` with its own conventions
 * ("2026/11/21 15:05" in Chinese). No schema library: the seller's screens import this file.
 *
 * Calendar dates travel as "YYYY-MM-DD" and are shown without going through a Date (no time
 * zone can move them); instants are shown in UTC on the server (PDFs, emails, refusals) and in
 * the reader's zone on the web.
 */

const twoDigits = (part: number) => String(part).padStart(2, "0");

/** A calendar date ("2026-11-21"), or a timestamp that starts with one. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** "2026-11-21" (or a timestamp starting with it) as "11/21/2026"; anything else as it is. */
export function usCalendarDate(value: string): string {
  const match = CALENDAR_DATE.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
}

/** The UTC calendar date of an instant, "YYYY-MM-DD". */
export function utcDate(value: Date | string): string {
  return (typeof value === "string" ? new Date(value) : value).toISOString().slice(0, 10);
}

/** An instant's UTC day in the product's date format, "11/21/2026". */
export function usDate(date: Date): string {
  return usCalendarDate(utcDate(date));
}

/** A timestamp (or a local date and time without an offset) as a Date, or null if it is none. */
export function parseTime(value: string | Date): Date | null {
  const date = new Date(value instanceof Date ? value.getTime() : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar date of an instant where the reader is, "YYYY-MM-DD". */
export function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** An instant's day where the reader is, "11/21/2026". */
export function localUsDate(date: Date): string {
  return usCalendarDate(localIsoDate(date));
}

/** An instant's time of day where the reader is, "3:05 PM". */
export function usTime(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${twoDigits(date.getMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}

/** An instant's day and time where the reader is, the one format: "11/21/2026 3:05 PM". */
export function usDateTime(date: Date): string {
  return `${localUsDate(date)} ${usTime(date)}`;
}

/** An instant as a datetime-local input's value, "2026-11-21T15:05:09" (local, to the second). */
export function toLocalInputValue(date: Date): string {
  const time = [date.getHours(), date.getMinutes(), date.getSeconds()].map(twoDigits).join(":");
  return `${localIsoDate(date)}T${time}`;
}

/** Whether two instants fall on the same day where the reader is. */
export function isSameLocalDay(a: Date, b: Date): boolean {
  return localIsoDate(a) === localIsoDate(b);
}

/** The same time of day, `days` calendar days later (earlier when negative), where the reader is. */
export function addLocalDays(date: Date, days: number): Date {
  const moved = new Date(date.getTime());
  moved.setDate(moved.getDate() + days);
  return moved;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One `Intl.DateTimeFormat` per language and options, made once. */
function intlFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** An instant with `Intl` options in a language ("en" reads as US English). */
export function formatInstant(
  locale: string,
  date: Date,
  options: Intl.DateTimeFormatOptions,
): string {
  return intlFormat(locale === "en" ? "en-US" : locale, options).format(date);
}

const DAY_OPTIONS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: "UTC",
};

/** An instant's UTC day in a language: "11/21/2026" in English, "2026/11/21" in Chinese. */
export function dayIn(locale: string, date: Date): string {
  return locale === "en" ? usDate(date) : formatInstant(locale, date, DAY_OPTIONS);
}

/**
 * A calendar date ("YYYY-MM-DD", or a timestamp starting with one) in a language, as that
 * calendar day: "11/21/2026", "2026/11/21"; anything else as it is.
 */
export function calendarDateIn(locale: string, value: string): string {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return value;
  if (locale === "en") return usCalendarDate(value);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return formatInstant(locale, date, DAY_OPTIONS);
}

/** An instant's day and time where the reader is: "11/21/2026 3:05 PM", "2026/11/21 15:05". */
export function dateTimeIn(locale: string, date: Date): string {
  if (locale === "en") return usDateTime(date);
  return formatInstant(locale, date, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
}

/** An instant's time of day where the reader is: "3:05 PM", "15:05". */
export function timeIn(locale: string, date: Date): string {
  if (locale === "en") return usTime(date);
  return formatInstant(locale, date, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

/** Which day an instant falls on, seen from `now` where the reader is. */
export function dayFromNow(date: Date, now: Date): "today" | "yesterday" | "this-year" | "earlier" {
  if (isSameLocalDay(date, now)) return "today";
  if (isSameLocalDay(date, addLocalDays(now, -1))) return "yesterday";
  return date.getFullYear() === now.getFullYear() ? "this-year" : "earlier";
}

/**
 * A day as a heading, where the reader is: "Friday, November 20" within this year, "November 20,
 * 2025" before it (Chinese: "11月20日星期五", "2025年11月20日").
 */
export function dayHeadingIn(locale: string, date: Date, thisYear: boolean): string {
  return formatInstant(
    locale,
    date,
    thisYear
      ? { month: "long", day: "numeric", weekday: "long" }
      : { year: "numeric", month: "long", day: "numeric" },
  );
}

const MONTH = /^(\d{4})-(\d{2})$/;

const MONTH_OPTIONS = {
  short: { month: "short" },
  shortWithYear: { month: "short", year: "numeric" },
  long: { month: "long", year: "numeric" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A month ("2026-03") in a language: "Mar" (short), "Mar 2026" (shortWithYear), "March 2026"
 * (long); in Chinese "3月", "2026年3月". Anything else as it is.
 */
export function monthIn(
  locale: string,
  month: string,
  style: keyof typeof MONTH_OPTIONS = "long",
): string {
  const match = MONTH.exec(month);
  const index = match ? Number(match[2]) - 1 : -1;
  if (!match || index < 0 || index > 11) return month;
  const date = new Date(Date.UTC(Number(match[1]), index, 1));
  return formatInstant(locale, date, { ...MONTH_OPTIONS[style], timeZone: "UTC" });
}
