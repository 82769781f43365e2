/** A chat belongs to a shipment or to a sample shipment. */
export type ChatKind = "shipment" | "sample";

export interface ChatRef {
  kind: ChatKind;
  id: number;
}

/** Chats on screen right now: their new-message notifications are read as they arrive. */
const openChats = new Map<string, number>();
const readListeners = new Set<(chat: ChatRef) => void>();
const keyOf = (kind: ChatKind, id: number) => `${kind}:${id}`;

export function registerOpenChat(kind: ChatKind, id: number): () => void {
  const key = keyOf(kind, id);
  openChats.set(key, (openChats.get(key) ?? 0) + 1);
  return () => {
    const left = (openChats.get(key) ?? 1) - 1;
    if (left <= 0) openChats.delete(key);
    else openChats.set(key, left);
  };
}

export function isChatOpen(kind: ChatKind, id: number): boolean {
  return openChats.has(keyOf(kind, id));
}

/**
 * The reader has seen a chat's newest messages. The chat does not know who else keeps unread
 * state about it (the bell does), so it announces the fact and they listen.
 */
export function announceChatRead(chat: ChatRef): void {
  for (const listener of readListeners) listener(chat);
}

export function onChatRead(listener: (chat: ChatRef) => void): () => void {
  readListeners.add(listener);
  return () => {
    readListeners.delete(listener);
  };
}
