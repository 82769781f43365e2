import { fullName } from "../../../lib/names";
import type { ChatMessage, ChatParty } from "@fba/contract";

/**
 * Why the author can no longer edit or delete a message, or null while they still can: the server
 * allows it only until someone other than the author has read it.
 */
export function changeLock(
  message: Pick<ChatMessage, "sender" | "read_by">,
  parties: ChatParty[],
): string | null {
  const readerIds = message.read_by.filter((id) => id !== message.sender.id);
  if (readerIds.length === 0) return null;
  const names = parties.filter((party) => readerIds.includes(party.id)).map((p) => fullName(p));
  return names.length > 0 ? `Read by ${names.join(", ")}` : "Already read";
}

/** The note shown when an edit could not be saved; the typed text stays in the box. */
export function editRefusedNote(reason: string): string {
  return `${reason.replace(/\.$/, "")}, so your edit was not saved. Your text is still in the box: send it as a new message or clear it.`;
}
