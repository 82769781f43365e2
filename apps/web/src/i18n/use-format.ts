import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formattersFor } from "./format";

/** The formatters of the language the app shows now (re-renders when it changes). */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language === "zh-CN" ? "zh-CN" : "en";
  return useMemo(() => formattersFor(locale), [locale]);
}
