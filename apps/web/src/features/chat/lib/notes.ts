/**
 * The chat's notes (an edit refused, a message not sent, what the live region announces) are
 * written in English where they happen (./message-lock.ts, ../api/use-chat-outbox.ts,
 * ../components/ChatView.tsx). Shown in another language, each is looked up here by its English
 * words; a server's reason inside goes through `reason` (the contract's messages catalog), and a
 * text none of these know shows as it is.
 */
export type ChatTranslate = (key: string, options?: Record<string, unknown>) => string;

const EXACT: Record<string, string> = {
  "No answer from the server": "notes.noAnswer",
  "Not sent: your message is kept here and sent when the connection is back.": "notes.keptOffline",
  "No answer yet, so the edit may not be saved. Your text is still in the box: try again.":
    "notes.noEditAnswer",
  "Too many messages are waiting to be sent. Send or delete some first; your text is still in the box.":
    "notes.outboxFull",
  "Already read": "notes.alreadyRead",
  "The message was deleted": "notes.deleted",
  "Action refused": "notes.refused",
};

export function translateChatNote(
  text: string,
  t: ChatTranslate,
  reason: (message: string) => string = (message) => message,
): string {
  const exact = EXACT[text];
  if (exact) return t(exact);
  const part = (inner: string) => translateChatNote(inner, t, reason);
  let match = /^Not sent: (\d+) messages? kept from before\.$/.exec(text);
  if (match) return t("notes.keptFromBefore", { count: Number(match[1]) });
  match = /^Not sent: (.+)\. Use Retry to send it again or Delete to discard it\.$/.exec(text);
  if (match) return t("notes.notSent", { reason: part(match[1]!) });
  match =
    /^(.+), so your edit was not saved\. Your text is still in the box: send it as a new message or clear it\.$/.exec(
      text,
    );
  if (match) return t("notes.editRefused", { reason: part(match[1]!) });
  match = /^Read by (.+)$/.exec(text);
  if (match) return t("message.readBy", { names: match[1] });
  return reason(text);
}
