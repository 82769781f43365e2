import { useServerMessage } from "../../../i18n/server-messages";
import { useChatT } from "../i18n";
import { translateChatNote, type ChatTranslate } from "./notes";

/** A chat note in the language shown; English as written. */
export function useChatNote(): (text: string) => string {
  const { t, i18n } = useChatT();
  const serverMessage = useServerMessage();
  if (i18n.language === "en") return (text) => text;
  return (text) =>
    translateChatNote(
      text,
      t as unknown as ChatTranslate,
      (message) => serverMessage(message) ?? message,
    );
}
