import type auth from "../locales/en/auth.json";
import type common from "../locales/en/common.json";
import type landing from "../locales/en/landing.json";
import type lists from "../locales/en/lists.json";
import type shell from "../locales/en/shell.json";

// The English catalogs are the reference: a key missing from them fails to compile.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      auth: typeof auth;
      common: typeof common;
      landing: typeof landing;
      lists: typeof lists;
      /** Contract messages by constant ("auth.invalidCredentials"); English is the message itself. */
      messages: Record<string, Record<string, string>>;
      shell: typeof shell;
    };
  }
}
