import { describe, expect, it } from "vitest";
import { chatMessages } from "./chat.js";
import { clientFrameSchema, serverEventSchema } from "./realtime.js";

const parse = (frame: unknown) => clientFrameSchema.safeParse(frame);
const firstIssue = (frame: unknown) => {
  const result = parse(frame);
  return result.success
    ? null
    : `${result.error.issues[0]?.path.join(".")}: ${result.error.issues[0]?.message}`;
};

describe("client frames", () => {
  it("accepts ids as numbers or strings and keeps user_id and sender_type out of the way", () => {
    expect(
      parse({
        action: "send_message",
        message: "hi",
        user_id: "3",
        sender_type: "Admin",
        attachment: "12",
      }).data,
    ).toMatchObject({
      action: "send_message",
      message: "hi",
      attachment: 12,
    });
    expect(parse({ action: "reply_to_thread", message: "a", reply_to_id: "7" }).data).toMatchObject(
      {
        reply_to_id: 7,
        attachment: null,
      },
    );
    expect(
      parse({ action: "mark_notification_read", notification_id: "4", user_id: "4" }).data,
    ).toMatchObject({
      notification_id: 4,
    });
    expect(parse({ action: "delete_message", message_id: 9 }).success).toBe(true);
    expect(parse({ action: "mark_read", shipment_id: 5, user_id: 1 }).success).toBe(true);
  });

  it("treats a missing or empty attachment as none and a missing message as empty text", () => {
    expect(parse({ action: "send_message", attachment: "" }).data).toMatchObject({
      message: "",
      attachment: null,
    });
  });

  it("names the field and the spec's message on bad input", () => {
    expect(firstIssue({ action: "edit_message", message_id: "abc", new_content: "x" })).toBe(
      "message_id: Must be a number",
    );
    expect(firstIssue({ action: "edit_message", message_id: 1 })).toBe(
      `new_content: ${chatMessages.messageRequired}`,
    );
    expect(firstIssue({ action: "add_reaction", message_id: 1, reaction: "  " })).toBe(
      `reaction: ${chatMessages.reactionRequired}`,
    );
    expect(firstIssue({ action: "add_reaction", message_id: 1, reaction: "x".repeat(33) })).toBe(
      `reaction: ${chatMessages.reactionTooLong}`,
    );
    expect(firstIssue({ action: "send_message", message: "x".repeat(5001) })).toBe(
      `message: ${chatMessages.messageTooLong}`,
    );
    expect(firstIssue({ action: "reply_to_thread", message: "x" })).toBe(
      "reply_to_id: Must be a number",
    );
    expect(firstIssue({ action: "send_message", attachment: -1 })).toBe(
      "attachment: Must be a number",
    );
  });

  it("takes an optional client_id of 8 to 64 safe characters on new messages", () => {
    expect(parse({ action: "send_message", message: "hi" }).data).not.toHaveProperty("client_id");
    const id = "0b5e7c1a-9f2d-4c3e-8a71-2d6f0e9b4c11";
    expect(parse({ action: "send_message", message: "hi", client_id: id }).data).toMatchObject({
      client_id: id,
    });
    expect(
      parse({ action: "reply_to_thread", message: "a", reply_to_id: 7, client_id: id }).data,
    ).toMatchObject({ client_id: id });
    expect(firstIssue({ action: "send_message", message: "hi", client_id: "short" })).toMatch(
      /^client_id: /,
    );
    expect(firstIssue({ action: "send_message", message: "hi", client_id: "a b c d e f" })).toMatch(
      /^client_id: /,
    );
    expect(
      firstIssue({ action: "send_message", message: "hi", client_id: "x".repeat(65) }),
    ).toMatch(/^client_id: /);
  });

  it("refuses unknown actions and non-objects", () => {
    expect(firstIssue({ action: "drop_tables" })?.startsWith("action:")).toBe(true);
    expect(parse("send_message").success).toBe(false);
    expect(parse(null).success).toBe(false);
  });
});

describe("server events", () => {
  it("describes each event's data", () => {
    expect(
      serverEventSchema.safeParse({ event_type: "message_read", data: { user: 3 } }).success,
    ).toBe(true);
    expect(
      serverEventSchema.safeParse({ event_type: "unread_count", data: { count: 2 } }).success,
    ).toBe(true);
    expect(serverEventSchema.safeParse({ event_type: "message_deleted", data: {} }).success).toBe(
      false,
    );
    expect(serverEventSchema.safeParse({ event_type: "nope", data: {} }).success).toBe(false);
  });
});
