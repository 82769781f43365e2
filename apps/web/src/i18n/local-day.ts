import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { formatCalendarDay } from "../lib/format";
import type { Locale } from "./locale";

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * The reader's local calendar day of a timestamp (a bare yyyy-MM-dd is that day anywhere):
 * "11/21/2026" in English as the app always wrote it, "2026/11/21" in Chinese.
 */
export function formatLocalDay(value: string | null | undefined, locale: Locale): string {
  if (locale === "en") return formatCalendarDay(value);
  if (!value) return "暂无";
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = bare
    ? new Date(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3]))
    : new Date(value);
  if (Number.isNaN(date.getTime())) return "暂无";
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(locale, format);
  }
  return format.format(date);
}

/** `formatLocalDay` in the language the app shows now (re-renders when it changes). */
export function useLocalDay(): (value: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const locale: Locale = i18n.language === "zh-CN" ? "zh-CN" : "en";
  return useCallback((value) => formatLocalDay(value, locale), [locale]);
}
