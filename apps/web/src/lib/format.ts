import dayjs from "dayjs";

/** The day of a timestamp, as sample lists and details show it: "21 Nov 2026". */
export function formatCalendarDay(value: string | null | undefined): string {
  if (!value) return "N/A";
  const date = dayjs(value);
  return date.isValid() ? date.format("DD MMM YYYY") : "N/A";
}
