import { DEFAULT_LOCALE, type Locale } from "./locale.js";
import { notificationsEn } from "./notifications.en.js";
import { notificationsZhCN } from "./notifications.zh-CN.js";
import type {
  NotificationCatalog,
  NotificationKey,
  NotificationParams,
  NotificationText,
} from "./notification-catalog.js";

export type {
  ChargeTerms,
  NotificationCatalog,
  NotificationKey,
  NotificationParams,
  NotificationText,
} from "./notification-catalog.js";

export function notificationText<K extends NotificationKey>(
  key: K,
  params: NotificationParams[K],
): NotificationText {
  return { key, params } as NotificationText;
}

const catalogs: Record<Locale, NotificationCatalog> = {
  en: notificationsEn,
  "zh-CN": notificationsZhCN,
};

export function renderNotification(locale: Locale, text: NotificationText | string): string {
  if (typeof text === "string") return text;
  const write = catalogs[locale][text.key] as (params: NotificationText["params"]) => string;
  return write(text.params);
}

/** The text in every language (a text already written stays the same in all). */
export type Localized = Record<Locale, string>;

export function localized(text: NotificationText | string): Localized {
  return Object.fromEntries(
    (Object.keys(catalogs) as Locale[]).map((locale) => [locale, renderNotification(locale, text)]),
  ) as Localized;
}

export { DEFAULT_LOCALE };
