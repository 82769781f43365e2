import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { calendarDateIn, localIsoDate, parseTime } from "@fba/contract/constants";
import { formatCalendarDay } from "../lib/format";
import type { Locale } from "./locale";

/**
 * The reader's local calendar day of a timestamp (a bare yyyy-MM-dd is that day anywhere):
 * "11/21/2026" in English as the app always wrote it, "2026/11/21" in Chinese.
 */
export function formatLocalDay(value: string | null | undefined, locale: Locale): string {
  if (locale === "en") return formatCalendarDay(value);
  if (!value) return "暂无";
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return calendarDateIn(locale, value);
  const date = parseTime(value);
  return date ? calendarDateIn(locale, localIsoDate(date)) : "暂无";
}

/** `formatLocalDay` in the language the app shows now (re-renders when it changes). */
export function useLocalDay(): (value: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const locale: Locale = i18n.language === "zh-CN" ? "zh-CN" : "en";
  return useCallback((value) => formatLocalDay(value, locale), [locale]);
}
