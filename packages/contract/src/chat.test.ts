import { describe, expect, it } from "vitest";
import { chatHistoryQuerySchema, chatMessageSchema } from "./chat.js";
import { formatFileSize } from "./values/format.js";
import { notificationTexts } from "./notifications.js";
import { announcementMessages, createAnnouncementInputSchema } from "./announcements.js";

describe("formatFileSize", () => {
  it("shows bytes under 1 KB, KB with one decimal, and MB above 1024 KB", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(820)).toBe("820 B");
    expect(formatFileSize(1023)).toBe("1023 B");
    expect(formatFileSize(1024)).toBe("1.0 KB");
    expect(formatFileSize(12_600)).toBe("12.3 KB");
    expect(formatFileSize(1024 * 1024)).toBe("1024.0 KB");
    expect(formatFileSize(1024 * 1024 + 1)).toBe("1.0 MB");
    expect(formatFileSize(25 * 1024 * 1024)).toBe("25.0 MB");
  });
});

describe("chat history query", () => {
  it("ignores an empty after_id and coerces a numeric one", () => {
    expect(chatHistoryQuerySchema.parse({ after_id: "" })).toEqual({ after_id: undefined });
    expect(chatHistoryQuerySchema.parse({ after_id: "42" })).toEqual({ after_id: 42 });
    expect(chatHistoryQuerySchema.safeParse({ after_id: "x" }).success).toBe(false);
  });
});

describe("chat message", () => {
  it("quotes a parent one level deep", () => {
    const base = {
      id: 1,
      content: "a",
      sender_type: "Seller",
      sender: { id: 1, first_name: "A", last_name: "B" },
      timestamp: "2026-01-01T00:00:00.000Z",
      edited_at: null,
      attachment: null,
      reactions: [],
      read_by: [1],
      is_read: false,
      parent: null,
    };
    expect(chatMessageSchema.safeParse({ ...base, id: 2, parent: base }).success).toBe(true);
    expect(
      chatMessageSchema.safeParse({ ...base, id: 3, parent: { ...base, parent: base } }).success,
    ).toBe(false);
  });
});

describe("notification texts", () => {
  it("words a chat message the way the spec does", () => {
    expect(notificationTexts.chatMessage("Sally Seller", "Hi")).toBe(
      "New message from Sally Seller: Hi",
    );
  });
});

describe("announcement input", () => {
  it("requires a non-blank message, treats a blank title as none and drops unknown keys", () => {
    expect(createAnnouncementInputSchema.parse({ title: " ", message: " Hi ", id: 5 })).toEqual({
      title: null,
      message: "Hi",
    });
    const blank = createAnnouncementInputSchema.safeParse({ message: "  " });
    expect(blank.error?.issues[0]?.message).toBe(announcementMessages.messageRequired);
    const missing = createAnnouncementInputSchema.safeParse({});
    expect(missing.error?.issues[0]?.message).toBe(announcementMessages.messageRequired);
    const long = createAnnouncementInputSchema.safeParse({ title: "x".repeat(201), message: "m" });
    expect(long.error?.issues[0]?.message).toBe(announcementMessages.titleMax);
  });
});
