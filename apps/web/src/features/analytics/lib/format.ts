import dayjs from "dayjs";

const MONTH = /^\d{4}-\d{2}$/;

/** "2026-03" -> "Mar" (axis ticks; the year shows in the table and the tooltip). */
export function shortMonth(month: string): string {
  const date = dayjs(`${month}-01`);
  return MONTH.test(month) && date.isValid() ? date.format("MMM") : month;
}

/** "2026-03" -> "Mar 2026". */
export function longMonth(month: string): string {
  const date = dayjs(`${month}-01`);
  return MONTH.test(month) && date.isValid() ? date.format("MMM YYYY") : month;
}

const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Whole dollars ("$12,340"), for totals. */
export const formatDollars = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? "–" : dollars.format(amount);

/** Dollars and cents ("$3.25"), for prices per kg. */
export const formatCents = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? "–" : cents.format(amount);

/** A 0..1 share as a percentage ("67%"), "–" when nothing was measured. */
export const formatShare = (rate: number | null | undefined) =>
  rate === null || rate === undefined ? "–" : `${Math.round(rate * 100)}%`;

/** Minutes as "45 min", "3.5 h" or "2.1 days". */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return "–";
  if (minutes < 1) return "under 1 min";
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} days`;
}
