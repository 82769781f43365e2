import type { Locale } from "./locale.js";
import { escapeHtml, type MailCatalog, type MailText } from "./mail-catalog.js";
import { mailEn } from "./mail.en.js";
import { mailZhCN } from "./mail.zh-CN.js";

export type { MailCatalog, MailText };

const catalogs: Record<Locale, MailCatalog> = { en: mailEn, "zh-CN": mailZhCN };

export function mailTexts(locale: Locale): MailCatalog {
  return catalogs[locale];
}

/** The recovery-paused email of a catalog, as text and HTML. */
export function recoveryPausedMail(
  locale: Locale,
  params: Parameters<MailCatalog["recoveryPaused"]>[0],
): MailText {
  const { subject, lines } = catalogs[locale].recoveryPaused(params);
  const html = lines
    .filter((line) => line !== "")
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("\n");
  return { subject, text: lines.join("\n"), html };
}
