import { describe, expect, it } from "vitest";
import type { Notification as AppNotification } from "@fba/contract";
import { isChatNotification, notificationTarget } from "./notification-route";

const notification = (over: Partial<AppNotification>): AppNotification =>
  ({
    id: 1,
    notification_type: "Shipment",
    shipment_id: 12,
    sample_shipment_id: 0,
    content: "",
    is_read: false,
    updated_at: "2026-12-02T10:00:00.000Z",
    user: { id: 3, first_name: "Wei" },
    ...over,
  }) as AppNotification;

describe("chat notifications in either language", () => {
  it.each([
    ["New message from Wei: the cartons are ready", true],
    ["【新消息】李伟：纸箱已备好", true],
    ["Your quotation for shipment #12 (Bamboo Cutting Board) was accepted", false],
    ["您对货件 #12（竹制砧板）的报价已被接受", false],
  ])("%s -> %s", (content, chat) => {
    expect(isChatNotification(notification({ content }))).toBe(chat);
  });

  it("a Chinese chat notification about a sample opens the sample's chat, as the English one does", () => {
    for (const content of ["New message from Wei: hi", "【新消息】李伟：你好"]) {
      const sample = notification({
        content,
        notification_type: "Sample Shipment",
        shipment_id: 0,
        sample_shipment_id: 5,
      });
      expect(notificationTarget("Seller", sample, null)).toBe(
        notificationTarget(
          "Seller",
          notification({ ...sample, content: "New message from Wei: hi" }),
          null,
        ),
      );
      expect(notificationTarget("Seller", sample, null)).not.toBe(
        notificationTarget(
          "Seller",
          notification({ ...sample, content: "A sample was completed" }),
          null,
        ),
      );
    }
  });
});
