import { describe, expect, it } from "vitest";
import { agent, history, message, seller } from "../../../test/chat-fixtures";
import { applyChatEvent } from "../api/use-chat-channel";
import { applyRead, mergeHistory, unreadFromOthers, upsertMessage } from "./chat-cache";

describe("chat cache", () => {
  it("adds a message once even when it arrives twice", () => {
    const m = message();
    const once = upsertMessage(history(), m);
    const twice = upsertMessage(once, m);
    expect(twice.messages.map((x) => x.id)).toEqual([m.id]);
  });

  it("keeps messages in id order", () => {
    const a = message();
    const b = message();
    const h = upsertMessage(upsertMessage(history(), b), a);
    expect(h.messages.map((x) => x.id)).toEqual([a.id, b.id]);
  });

  it("applies edits, deletes, reactions and reads from socket events", () => {
    const m = message();
    let h = history([m]);
    h = applyChatEvent(h, { event_type: "message_edited", data: { ...m, content: "Changed" } })!;
    expect(h.messages[0]?.content).toBe("Changed");

    const reaction = (emoji: string) => ({
      message: m.id,
      user: { id: agent.id, first_name: agent.first_name, last_name: agent.last_name },
      reaction: emoji,
    });
    h = applyChatEvent(h, { event_type: "reaction_added", data: reaction("👍") })!;
    h = applyChatEvent(h, { event_type: "reaction_added", data: reaction("🎉") })!;
    expect(h.messages[0]?.reactions.map((r) => r.reaction)).toEqual(["🎉"]);

    expect(unreadFromOthers(h, agent.id)).toBe(1);
    h = applyChatEvent(h, { event_type: "message_read", data: { user: agent.id } })!;
    expect(h.messages[0]?.read_by).toEqual([seller.id, agent.id]);
    expect(unreadFromOthers(h, agent.id)).toBe(0);

    h = applyChatEvent(h, { event_type: "message_deleted", data: { id: m.id } })!;
    expect(h.messages).toEqual([]);
    expect(applyChatEvent(h, { event_type: "unread_count", data: { count: 1 } })).toBeUndefined();
  });

  it("returns the same object when a read changes nothing", () => {
    const h = history([message()]);
    expect(applyRead(h, seller.id)).toBe(h);
  });

  it("merges a backfill without losing live messages or duplicating any", () => {
    const a = message();
    const b = message();
    const c = message();
    const cached = history([a, c]);
    const fresh = history([a, { ...b }]);
    expect(mergeHistory(fresh, cached).messages.map((m) => m.id)).toEqual([a.id, b.id, c.id]);
    // A message deleted while offline disappears: the server copy wins below its newest id.
    expect(mergeHistory(history([b]), history([a, b])).messages.map((m) => m.id)).toEqual([b.id]);
  });
});
