import { describe, expect, it } from "vitest";
import { CHAT_CLIENT_ID_PATTERN, clientFrameSchema, realtimeMessages } from "@fba/contract";
import { message } from "../../../test/chat-fixtures";
import {
  OUTBOX_MAX_ENTRIES,
  enqueue,
  frameFor,
  loadOutbox,
  markFailed,
  markSending,
  newClientId,
  nextToSend,
  outboxKey,
  refusedEntry,
  remove,
  requeueInFlight,
  retry,
  saveOutbox,
  settledBy,
  type NewPending,
  type Outbox,
  type OutboxStorage,
} from "./outbox";

const now = new Date("2026-12-01T21:00:00.000Z");
const typed = (text: string, extra: Partial<NewPending> = {}): NewPending => ({
  text,
  attachment: null,
  reply_to: null,
  ...extra,
});

function outboxOf(...texts: string[]): Outbox {
  let outbox: Outbox = [];
  texts.forEach((text, index) => {
    outbox = enqueue(outbox, typed(text), `client-id-${index + 1}`, now) ?? outbox;
  });
  return outbox;
}

class MemoryStorage implements OutboxStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const states = (outbox: Outbox) => outbox.map((entry) => `${entry.text}:${entry.state}`);

describe("chat outbox", () => {
  it("keeps typed messages in order, queued, with the time they were typed", () => {
    const outbox = outboxOf("first", "second");
    expect(states(outbox)).toEqual(["first:queued", "second:queued"]);
    expect(outbox[0]).toMatchObject({
      client_id: "client-id-1",
      created_at: "2026-12-01T21:00:00.000Z",
      error: null,
    });
  });

  it("refuses a message beyond the limit instead of dropping an older one", () => {
    const full = outboxOf(...Array.from({ length: OUTBOX_MAX_ENTRIES }, (_, i) => `m${i}`));
    expect(enqueue(full, typed("one more"), "client-id-x", now)).toBeNull();
  });

  it("sends one at a time in the order typed; a failed one does not hold the rest", () => {
    let outbox = outboxOf("a", "b", "c");
    expect(nextToSend(outbox)?.text).toBe("a");
    outbox = markSending(outbox, "client-id-1");
    expect(nextToSend(outbox)).toBeNull();
    outbox = markFailed(outbox, "client-id-1", "Too many messages, slow down");
    expect(nextToSend(outbox)?.text).toBe("b");
    outbox = markSending(outbox, "client-id-2");
    outbox = remove(outbox, "client-id-2");
    expect(nextToSend(outbox)?.text).toBe("c");
    expect(states(outbox)).toEqual(["a:failed", "c:queued"]);
    expect(outbox[0]?.error).toBe("Too many messages, slow down");
  });

  it("Retry puts a failed message back in the queue at its place; Delete discards it", () => {
    let outbox = markFailed(outboxOf("a", "b"), "client-id-1", null);
    outbox = retry(outbox, "client-id-1");
    expect(states(outbox)).toEqual(["a:queued", "b:queued"]);
    expect(nextToSend(outbox)?.text).toBe("a");
    // Retrying a message on the wire changes nothing.
    const sending = markSending(outbox, "client-id-1");
    expect(retry(sending, "client-id-1")).toBe(sending);
    expect(states(remove(outbox, "client-id-1"))).toEqual(["b:queued"]);
    expect(remove(outbox, "unknown-id")).toBe(outbox);
  });

  it("a dropped connection puts the message on the wire back in the queue", () => {
    const outbox = markSending(outboxOf("a", "b"), "client-id-1");
    expect(states(requeueInFlight(outbox))).toEqual(["a:queued", "b:queued"]);
    const quiet = outboxOf("a");
    expect(requeueInFlight(quiet)).toBe(quiet);
  });

  it("sends every try with the same client_id, as a frame the contract accepts", () => {
    const [plain] = outboxOf("Pickup at 9");
    const sender = { id: 1, groups: "Seller" };
    const frame = frameFor(plain!, sender);
    expect(frame).toEqual({
      action: "send_message",
      message: "Pickup at 9",
      user_id: 1,
      sender_type: "Seller",
      attachment: null,
      client_id: "client-id-1",
    });
    expect(frameFor(plain!, sender)).toEqual(frame);
    expect(clientFrameSchema.safeParse(frame).success).toBe(true);

    const reply = enqueue(
      [],
      typed("", {
        attachment: { id: 12, file_name: "invoice.pdf" },
        reply_to: { id: 7, sender_name: "Alex Agent", content: "Which port?" },
      }),
      "client-id-r",
      now,
    )![0]!;
    expect(frameFor(reply, sender)).toMatchObject({
      action: "reply_to_thread",
      reply_to_id: 7,
      attachment: 12,
      client_id: "client-id-r",
    });
  });

  it("makes client_ids the contract accepts, different each time", () => {
    const a = newClientId();
    expect(a).toMatch(CHAT_CLIENT_ID_PATTERN);
    expect(newClientId()).not.toBe(a);
    expect(newClientId((bytes) => bytes.fill(255))).toBe("f".repeat(32));
  });

  it("is settled by the server's copy: by client_id, or by content from a server without them", () => {
    let outbox = markSending(outboxOf("ok", "ok"), "client-id-1");
    const me = 1;
    const echo = message({ content: "ok", sender: { id: me, first_name: "S", last_name: "S" } });
    expect(settledBy(outbox, { ...echo, client_id: "client-id-2" }, me)?.client_id).toBe(
      "client-id-2",
    );
    // No client_id: the oldest matching message on the wire, never a queued one.
    expect(settledBy(outbox, echo, me)?.client_id).toBe("client-id-1");
    outbox = requeueInFlight(outbox);
    expect(settledBy(outbox, echo, me)).toBeNull();
    // Someone else's message never settles ours.
    expect(settledBy(outbox, { ...echo, client_id: "client-id-1" }, 2)).toBeNull();
  });

  it("names the refused message: by client_id, or the one on the wire", () => {
    const outbox = markSending(outboxOf("a", "b"), "client-id-2");
    expect(
      refusedEntry(outbox, { message: "x", action: "send_message", client_id: "client-id-1" })
        ?.text,
    ).toBe("a");
    expect(refusedEntry(outbox, { message: "x", action: "reply_to_thread" })?.text).toBe("b");
    expect(refusedEntry(outbox, { message: realtimeMessages.rateLimited })?.text).toBe("b");
    expect(refusedEntry(outbox, { message: "x", action: "edit_message" })).toBeNull();
    expect(refusedEntry(outbox, { message: "Invalid message" })).toBeNull();
  });

  it("persists per user and chat and restores in order, with messages on the wire queued", () => {
    const storage = new MemoryStorage();
    const key = outboxKey(1, "shipment", 7);
    expect(key).not.toBe(outboxKey(2, "shipment", 7));
    expect(key).not.toBe(outboxKey(1, "sample", 7));
    let outbox = markSending(outboxOf("a", "b", "c"), "client-id-1");
    outbox = markFailed(outbox, "client-id-3", "Chat is closed");
    expect(saveOutbox(storage, key, outbox)).toBe(true);

    const restored = loadOutbox(storage, key);
    expect(states(restored)).toEqual(["a:queued", "b:queued", "c:failed"]);
    expect(restored.map((entry) => entry.client_id)).toEqual([
      "client-id-1",
      "client-id-2",
      "client-id-3",
    ]);
    expect(loadOutbox(storage, outboxKey(2, "shipment", 7))).toEqual([]);

    // An empty outbox leaves nothing behind.
    saveOutbox(storage, key, []);
    expect(storage.items.has(key)).toBe(false);
  });

  it("restores only what reads back as an entry, and survives a broken or full storage", () => {
    const storage = new MemoryStorage();
    const key = outboxKey(1, "shipment", 7);
    const [good] = outboxOf("kept");
    storage.setItem(
      key,
      JSON.stringify([{ text: "no id" }, good, "junk", { ...good, state: "x" }]),
    );
    expect(states(loadOutbox(storage, key))).toEqual(["kept:queued"]);
    storage.setItem(key, "{not json");
    expect(loadOutbox(storage, key)).toEqual([]);
    storage.setItem(key, JSON.stringify({ text: "not a list" }));
    expect(loadOutbox(storage, key)).toEqual([]);

    const full: OutboxStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    expect(loadOutbox(full, key)).toEqual([]);
    expect(saveOutbox(full, key, outboxOf("a"))).toBe(false);
  });
});
