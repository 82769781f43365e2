import type { ChatHistory, ChatMessage, ChatReaction } from "@fba/contract";

function byId(a: ChatMessage, b: ChatMessage) {
  return a.id - b.id;
}

/** Adds or replaces a message; the same id never shows twice. */
export function upsertMessage(history: ChatHistory, message: ChatMessage): ChatHistory {
  const exists = history.messages.some((m) => m.id === message.id);
  const messages = exists
    ? history.messages.map((m) => (m.id === message.id ? message : m))
    : [...history.messages, message].sort(byId);
  return { ...history, messages };
}

export function removeMessage(history: ChatHistory, id: number): ChatHistory {
  return { ...history, messages: history.messages.filter((m) => m.id !== id) };
}

/** One reaction per user per message: a new one replaces the old. */
export function applyReaction(history: ChatHistory, reaction: ChatReaction): ChatHistory {
  return {
    ...history,
    messages: history.messages.map((m) =>
      m.id === Number(reaction.message)
        ? {
            ...m,
            reactions: [...m.reactions.filter((r) => r.user.id !== reaction.user.id), reaction],
          }
        : m,
    ),
  };
}

/** The reader has now read everything in the chat. */
export function applyRead(history: ChatHistory, readerId: number): ChatHistory {
  let changed = false;
  const messages = history.messages.map((m) => {
    if (m.read_by.includes(readerId)) return m;
    changed = true;
    return { ...m, read_by: [...m.read_by, readerId] };
  });
  return changed ? { ...history, messages } : history;
}

/**
 * Merges a freshly fetched history with what is cached: the server copy wins, and messages that
 * arrived live after the fetch was answered (ids above the fetched maximum) are kept.
 */
export function mergeHistory(fresh: ChatHistory, cached: ChatHistory | undefined): ChatHistory {
  if (!cached) return fresh;
  const maxFresh = fresh.messages.reduce((max, m) => Math.max(max, m.id), 0);
  const newer = cached.messages.filter((m) => m.id > maxFresh);
  if (newer.length === 0) return fresh;
  return { ...fresh, messages: [...fresh.messages, ...newer].sort(byId) };
}

/** Messages from other people this reader has not read yet. */
export function unreadFromOthers(history: ChatHistory | undefined, userId: number): number {
  if (!history) return 0;
  return history.messages.filter((m) => m.sender.id !== userId && !m.read_by.includes(userId))
    .length;
}
