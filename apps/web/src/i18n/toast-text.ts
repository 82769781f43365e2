import "../components/i18n";
import { i18n } from "./i18n";
import { messageKey } from "./server-messages";

/**
 * A toast's text in the language the app shows. Screens pass their own texts already translated;
 * what is left in English is what `lib/toast` composes from an API error (the heading, the
 * fallback, the server's messages): each line is looked up, the contract's messages by constant.
 * A line that is no known text stays as it is.
 */
export async function translateToast(message: string): Promise<string> {
  if (i18n.language === "en") return message;
  await i18n.loadNamespaces(["components", "messages"]);
  const t = i18n.t as unknown as (key: string, options: { defaultValue: string }) => string;
  const own: Record<string, string> = {
    "Validation Error": "components:toast.validation",
    "Something went wrong": "components:toast.failed",
  };
  return message
    .split("\n")
    .map((line) => {
      const [, number = "", text = line] = /^(\d+\. )?([\s\S]*)$/.exec(line) ?? [];
      const key = own[text] ?? (messageKey(text) ? `messages:${messageKey(text)}` : undefined);
      return key ? number + t(key, { defaultValue: text }) : line;
    })
    .join("\n");
}
