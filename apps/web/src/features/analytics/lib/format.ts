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

const wholeDollars = new Intl.NumberFormat("en-US", {
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

/** Dollars and cents ("$12,340.50"), as every amount in the app is shown. */
export const formatDollars = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? "–" : cents.format(amount);

/** A money axis's tick: whole dollars ("$12,340"), a scale's mark rather than an amount. */
export const axisDollars = (amount: number) => wholeDollars.format(amount);

/** Whole numbers only: a count axis skips fractional ticks (never "0.000000"). */
const wholeTick = (value: number) => (Number.isInteger(value) ? String(value) : "");

/**
 * A count axis from 0, whole-number ticks only; with every value 0 (an empty dashboard) it runs
 * 0 to 1 instead of collapsing to a zero-height scale.
 */
export function countAxis(values: readonly number[]) {
  const empty = values.every((value) => !value);
  return { min: 0, tickMinStep: 1, valueFormatter: wholeTick, ...(empty ? { max: 1 } : {}) };
}

/** A money axis from $0 in whole dollars; with every value 0 it runs to $100. */
export function moneyAxis(values: readonly number[]) {
  const empty = values.every((value) => !value);
  return { min: 0, valueFormatter: axisDollars, ...(empty ? { max: 100 } : {}) };
}

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
