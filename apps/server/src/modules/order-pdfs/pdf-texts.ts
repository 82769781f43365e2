import type { Locale } from "../../lib/i18n/locale.js";
import { pdfTextsEn } from "./pdf-texts.en.js";
import { pdfTextsZhCN } from "./pdf-texts.zh-CN.js";
import type { PdfTexts } from "./pdf-catalog.js";

export type { PdfLabel, PdfTexts } from "./pdf-catalog.js";

const catalogs: Record<Locale, PdfTexts> = { en: pdfTextsEn, "zh-CN": pdfTextsZhCN };

export function pdfTexts(locale: Locale): PdfTexts {
  return catalogs[locale];
}
