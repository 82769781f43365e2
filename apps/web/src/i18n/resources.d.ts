import type admin from "../locales/en/admin.json";
import type analytics from "../locales/en/analytics.json";
import type announcements from "../locales/en/announcements.json";
import type auth from "../locales/en/auth.json";
import type common from "../locales/en/common.json";
import type disputes from "../locales/en/disputes.json";
import type landing from "../locales/en/landing.json";
import type lists from "../locales/en/lists.json";
import type notifications from "../locales/en/notifications.json";
import type profile from "../locales/en/profile.json";
import type shell from "../locales/en/shell.json";

// The English catalogs are the reference: a key missing from them fails to compile.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      admin: typeof admin;
      analytics: typeof analytics;
      announcements: typeof announcements;
      auth: typeof auth;
      common: typeof common;
      disputes: typeof disputes;
      landing: typeof landing;
      lists: typeof lists;
      notifications: typeof notifications;
      profile: typeof profile;
      /** Contract messages by constant ("auth.invalidCredentials"); English is the message itself. */
      messages: Record<string, Record<string, string>>;
      shell: typeof shell;
    };
  }
}
