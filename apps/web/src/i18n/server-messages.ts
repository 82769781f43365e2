import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { messageKeyOf } from "./message-keys";

/**
 * The server's messages (and the contract's validation messages, which the forms show) in the
 * reader's language. The wire keeps the spec's English; the web app looks each message up by the
 * contract constant it is, in the "messages" catalog ("auth.invalidCredentials"). A message that
 * is no known constant, or not translated yet, shows as sent. The table of constants
 * (./server-message-keys.ts) loads with another language's library: English shows messages as sent.
 */

/** The catalog key of a contract message, or undefined. */
export function messageKey(message: string): string | undefined {
  return messageKeyOf(message);
}

/** A function that shows a server or contract message in the current language. */
export function useServerMessage(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation("messages");
  const translate = t as unknown as (key: string, options: { defaultValue: string }) => string;
  return useCallback(
    (message: string | undefined) => {
      if (!message || i18n.language === "en") return message;
      const key = messageKeyOf(message);
      return key ? translate(key, { defaultValue: message }) : message;
    },
    [translate, i18n.language],
  );
}
