import { z } from "zod";
import { CHAT_CLIENT_ID_PATTERN, realtimeMessages } from "@fba/contract";
import type { ChatMessage, ClientFrameInput } from "@fba/contract";
import type { ChatKind } from "../../../lib/open-chats";

/**
 * Messages typed in a chat and not yet stored by the server, kept in order until they are sent or
 * the author discards them; saved per user and chat, so a reload keeps them.
 *
 * - `queued`: waits for the connection; sent by itself, in order, once it is open.
 * - `sending`: on the wire, waiting for the server's copy (matched by its client_id).
 * - `failed`: refused by the server or not answered in time; waits for Retry or Delete.
 *
 * Every entry carries a client_id chosen when it was typed: sending it again (after a drop, a
 * reload or a Retry) never stores it twice, because the server answers a known client_id with the
 * message it stored.
 */
export type PendingState = "queued" | "sending" | "failed";

export interface PendingMessage {
  client_id: string;
  text: string;
  attachment: { id: number; file_name: string } | null;
  reply_to: { id: number; sender_name: string; content: string } | null;
  /** When it was typed (ISO). */
  created_at: string;
  state: PendingState;
  /** Why the server refused it, when it did. */
  error: string | null;
}

export type Outbox = readonly PendingMessage[];

/** How long a sent message waits for the server's copy before it shows as not sent. */
export const ACK_TIMEOUT_MS = 10_000;

/** The most entries kept per chat; the oldest are kept, a new one beyond it is refused. */
export const OUTBOX_MAX_ENTRIES = 100;

const STORAGE_PREFIX = "CHAT_OUTBOX";

/** The storage key of one user's unsent messages in one chat. */
export function outboxKey(userId: number, kind: ChatKind, id: number): string {
  return `${STORAGE_PREFIX}:${userId}:${kind}:${id}`;
}

/** A fresh client_id: 32 hex digits from the browser's random source (any origin, not only https). */
export function newClientId(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export interface NewPending {
  text: string;
  attachment: PendingMessage["attachment"];
  reply_to: PendingMessage["reply_to"];
}

/** Adds a typed message at the end; null when the outbox is full (the text stays in the box). */
export function enqueue(
  outbox: Outbox,
  input: NewPending,
  clientId: string,
  now: Date,
): Outbox | null {
  if (outbox.length >= OUTBOX_MAX_ENTRIES) return null;
  return [
    ...outbox,
    { ...input, client_id: clientId, created_at: now.toISOString(), state: "queued", error: null },
  ];
}

function update(
  outbox: Outbox,
  clientId: string,
  change: (entry: PendingMessage) => PendingMessage,
): Outbox {
  let changed = false;
  const next = outbox.map((entry) => {
    if (entry.client_id !== clientId) return entry;
    const updated = change(entry);
    if (updated !== entry) changed = true;
    return updated;
  });
  return changed ? next : outbox;
}

/**
 * The entry to send now: the first queued one, and only while none is on the wire, so messages go
 * out one at a time in the order they were typed. A failed entry does not hold the others back.
 */
export function nextToSend(outbox: Outbox): PendingMessage | null {
  if (outbox.some((entry) => entry.state === "sending")) return null;
  return outbox.find((entry) => entry.state === "queued") ?? null;
}

export function markSending(outbox: Outbox, clientId: string): Outbox {
  return update(outbox, clientId, (entry) =>
    entry.state === "sending" ? entry : { ...entry, state: "sending", error: null },
  );
}

/** Refused, or not answered in time: shown as not sent until Retry. */
export function markFailed(outbox: Outbox, clientId: string, error: string | null): Outbox {
  return update(outbox, clientId, (entry) => ({ ...entry, state: "failed", error }));
}

/** Retry: back in the queue, sent as soon as the connection allows. */
export function retry(outbox: Outbox, clientId: string): Outbox {
  return update(outbox, clientId, (entry) =>
    entry.state === "failed" ? { ...entry, state: "queued", error: null } : entry,
  );
}

/** Delete (the author discards it) or delivered (the server's copy arrived). */
export function remove(outbox: Outbox, clientId: string): Outbox {
  const next = outbox.filter((entry) => entry.client_id !== clientId);
  return next.length === outbox.length ? outbox : next;
}

/**
 * The connection dropped (or the page was reloaded) while messages were on the wire: they go back
 * to the queue and are sent again with the same client_id once it is back.
 */
export function requeueInFlight(outbox: Outbox): Outbox {
  if (!outbox.some((entry) => entry.state === "sending")) return outbox;
  return outbox.map((entry) => (entry.state === "sending" ? { ...entry, state: "queued" } : entry));
}

/**
 * The server's copy of one of our messages arrived: the entry it settles, matched by client_id,
 * or (from a server that does not echo client_ids) the oldest entry on the wire with the same
 * text, attachment and reply target.
 */
export function settledBy(
  outbox: Outbox,
  message: ChatMessage & { client_id?: string },
  userId: number,
): PendingMessage | null {
  if (message.sender.id !== userId) return null;
  if (message.client_id !== undefined) {
    return outbox.find((entry) => entry.client_id === message.client_id) ?? null;
  }
  return (
    outbox.find(
      (entry) =>
        entry.state === "sending" &&
        entry.text === message.content &&
        (entry.attachment?.id ?? null) === (message.attachment?.id ?? null) &&
        (entry.reply_to?.id ?? null) === (message.parent?.id ?? null),
    ) ?? null
  );
}

/**
 * The entry a refused send names: by client_id, or the one on the wire when the refusal names
 * none (each chat sends one message at a time).
 */
export function refusedEntry(
  outbox: Outbox,
  refusal: { message: string; action?: string | undefined; client_id?: string | undefined },
): PendingMessage | null {
  // Over the chat budget: refused before the frame was read, so the refusal names no action.
  const overBudget =
    refusal.action === undefined && refusal.message === realtimeMessages.rateLimited;
  if (!overBudget && refusal.action !== "send_message" && refusal.action !== "reply_to_thread") {
    return null;
  }
  if (refusal.client_id !== undefined) {
    return outbox.find((entry) => entry.client_id === refusal.client_id) ?? null;
  }
  return outbox.find((entry) => entry.state === "sending") ?? null;
}

/** The frame that sends an entry, the same on every try. */
export function frameFor(
  entry: PendingMessage,
  sender: { id: number; groups: string },
): ClientFrameInput {
  const frame = {
    message: entry.text,
    user_id: sender.id,
    sender_type: sender.groups,
    attachment: entry.attachment?.id ?? null,
    client_id: entry.client_id,
  };
  return entry.reply_to
    ? { action: "reply_to_thread", ...frame, reply_to_id: entry.reply_to.id }
    : { action: "send_message", ...frame };
}

const storedEntrySchema = z.object({
  client_id: z.string().regex(CHAT_CLIENT_ID_PATTERN),
  text: z.string().max(20_000),
  attachment: z.object({ id: z.number().int().positive(), file_name: z.string() }).nullable(),
  reply_to: z
    .object({ id: z.number().int().positive(), sender_name: z.string(), content: z.string() })
    .nullable(),
  created_at: z.string(),
  state: z.enum(["queued", "sending", "failed"]),
  error: z.string().nullable(),
});

/** What a storage holds (localStorage in the app; any Storage-like object in tests). */
export type OutboxStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * The saved outbox, with messages that were on the wire back in the queue; entries that do not
 * read back as an outbox entry are left out (and the rest kept).
 */
export function loadOutbox(storage: OutboxStorage, key: string): Outbox {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return [];
  }
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const entries: PendingMessage[] = [];
  for (const item of value.slice(0, OUTBOX_MAX_ENTRIES)) {
    const parsed = storedEntrySchema.safeParse(item);
    if (parsed.success) entries.push(parsed.data);
  }
  return requeueInFlight(entries);
}

/** Saves the outbox (an empty one leaves no key behind); false when the storage refused it. */
export function saveOutbox(storage: OutboxStorage, key: string, outbox: Outbox): boolean {
  try {
    if (outbox.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(outbox));
    return true;
  } catch {
    return false;
  }
}
