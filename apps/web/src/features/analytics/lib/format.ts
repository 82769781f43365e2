import { monthIn } from "@fba/contract/constants";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../i18n/locale";

/** "2026-03" -> "Mar" (axis ticks; the year shows in the table and the tooltip). */
export function shortMonth(month: string): string {
  return monthIn("en", month, "short");
}

/** "2026-03" -> "Mar 2026". */
export function longMonth(month: string): string {
  return monthIn("en", month, "shortWithYear");
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

// ---------------------------------------------------------------------------------------------
// The same formats in another language: months and durations in its words, amounts still in US
// dollars ("US$12,340.50", as the app writes dollars outside English).

const zhFormats = {
  wholeDollars: new Intl.NumberFormat("zh-CN", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  }),
  cents: new Intl.NumberFormat("zh-CN", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
};

const usDollars = (text: string) => text.replace(/^\$/, "US$");

/** Every analytics format for a language; English is the functions above, unchanged. */
export function analyticsFormats(locale: Locale) {
  if (locale === "en") {
    return {
      shortMonth,
      longMonth,
      dollars: formatDollars,
      axisDollars,
      cents: formatCents,
      share: formatShare,
      minutes: formatMinutes,
      countAxis,
      moneyAxis,
    };
  }
  const axis = (amount: number) => usDollars(zhFormats.wholeDollars.format(amount));
  const cents = (amount: number | null | undefined) =>
    amount === null || amount === undefined ? "–" : usDollars(zhFormats.cents.format(amount));
  return {
    shortMonth: (month: string) => monthIn(locale, month, "short"),
    longMonth: (month: string) => monthIn(locale, month, "long"),
    dollars: cents,
    axisDollars: axis,
    cents,
    share: formatShare,
    minutes: (minutes: number | null | undefined): string => {
      if (minutes === null || minutes === undefined) return "–";
      if (minutes < 1) return "不到 1 分钟";
      if (minutes < 60) return `${Math.round(minutes)} 分钟`;
      const hours = minutes / 60;
      if (hours < 48) return `${Math.round(hours * 10) / 10} 小时`;
      return `${Math.round((hours / 24) * 10) / 10} 天`;
    },
    countAxis,
    moneyAxis: (values: readonly number[]) => ({ ...moneyAxis(values), valueFormatter: axis }),
  };
}

/** The analytics formats of the language the app shows now. */
export function useAnalyticsFormats() {
  const { i18n } = useTranslation();
  const locale: Locale = i18n.language === "zh-CN" ? "zh-CN" : "en";
  return useMemo(() => analyticsFormats(locale), [locale]);
}
