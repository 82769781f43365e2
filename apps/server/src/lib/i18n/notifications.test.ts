import { describe, expect, it } from "vitest";
import { notificationCases } from "./notification-cases.js";
import {
  localized,
  notificationText,
  renderNotification,
  type NotificationKey,
} from "./notifications.js";

/**
 * Every notification text in each language, for the example in notification-cases.ts. The
 * English column is the text as it has always been written (the contract's), byte for byte.
 */
const expected: Record<NotificationKey, [en: string, zhCN: string]> = {
  announcementCapReached: [
    "Announcements from sellers reached the platform's cap of 20 in an hour: further ones are refused until the hour is over. Review the latest in Announcements.",
    "卖家发布的公告已达到平台每小时 20 条的上限：本小时内的新公告将被拒绝。请在“公告”中查看最新公告。",
  ],
  chatMessage: ["New message from 李伟: 货好了", "【新消息】李伟：货好了"],
  chatMessageDeleted: [
    "New message from 李伟: (message deleted)",
    "【新消息】李伟：（消息已删除）",
  ],
  newBid: ["New quotation received for shipment #12 (竹制砧板)", "货件 #12（竹制砧板）收到新报价"],
  biddingClosedSeller: [
    "Bidding closed for shipment #12 (竹制砧板): a winning quotation is ready for your review",
    "货件 #12（竹制砧板）竞价已截止：中标报价已出，请查看",
  ],
  biddingClosedNoBids: [
    "Bidding closed for shipment #12 (竹制砧板) without any quotation",
    "货件 #12（竹制砧板）竞价已截止，未收到任何报价",
  ],
  biddingClosedSubject: ["Bidding closed for shipment #12", "货件 #12 竞价已截止"],
  biddingWon: [
    "Your quotation for shipment #12 (竹制砧板) won the bidding",
    "您对货件 #12（竹制砧板）的报价已中标",
  ],
  bidLost: [
    "Your quotation for shipment #12 (竹制砧板) did not win the bidding",
    "您对货件 #12（竹制砧板）的报价未中标",
  ],
  quotationAccepted: [
    "Your quotation for shipment #12 (竹制砧板) was accepted for the fast service",
    "您对货件 #12（竹制砧板）的报价已被接受（快速服务）",
  ],
  quotationAwarded: [
    "Your quotation for shipment #12 (竹制砧板) was accepted. Reason: lowest total of 4 bids",
    "您对货件 #12（竹制砧板）的报价已被接受。原因：4 个报价中总价最低",
  ],
  quotationAcceptedSubject: ["Quotation accepted (shipment #12)", "报价已被接受（货件 #12）"],
  quotationDeclined: [
    "Your quotation for shipment #12 (竹制砧板) was declined: Too slow",
    "您对货件 #12（竹制砧板）的报价已被拒绝，原因：Too slow",
  ],
  quotationDeclinedSubject: ["Quotation declined (shipment #12)", "报价已被拒绝（货件 #12）"],
  quotationCancelled: [
    "The seller cancelled your winning bid for shipment #12 (竹制砧板)",
    "卖家取消了您在货件 #12（竹制砧板）的中标报价",
  ],
  quotationCancelledSubject: ["Winning bid cancelled (shipment #12)", "中标报价已取消（货件 #12）"],
  awardLost: [
    "Shipment #12 (竹制砧板) was awarded to another quotation. Reason: Faster transit",
    "货件 #12（竹制砧板）已选定其他报价。原因：时效更快",
  ],
  awardSubject: ["Outcome of the bidding for shipment #12", "货件 #12 的竞价结果"],
  reconfirmRequested: [
    "The seller of shipment #12 (竹制砧板) asks you to re-confirm your expired quotation",
    "货件 #12（竹制砧板）的卖家请您重新确认已过期的报价",
  ],
  reconfirmRequestedSubject: [
    "Please re-confirm your quotation (shipment #12)",
    "请重新确认您的报价（货件 #12）",
  ],
  reconfirmed: [
    "Wei Li re-confirmed their quotation for shipment #12 (竹制砧板) until 2026-11-21",
    "Wei Li 已重新确认货件 #12（竹制砧板）的报价，有效期至 2026/11/21",
  ],
  reconfirmDeclined: [
    "The agent declined to re-confirm their quotation for shipment #12 (竹制砧板)",
    "货代拒绝重新确认货件 #12（竹制砧板）的报价",
  ],
  reconfirmAnsweredSubject: [
    "A quotation re-confirmation was answered (shipment #12)",
    "报价重新确认已有答复（货件 #12）",
  ],
  statusChanged: [
    "Shipment #12 (竹制砧板) is now Shipment Completed",
    "货件 #12（竹制砧板）状态更新为：已完成",
  ],
  statusChangedSubject: ["Shipment #12 is now Shipment Cancelled", "货件 #12 状态更新为：已取消"],
  completedUndelivered: [
    "Shipment #12 (竹制砧板) was completed with destinations not delivered: ONT8 (Booked), LAX9 (Departed origin). No reason was given.",
    "货件 #12（竹制砧板）已完成，但以下目的仓库尚未派送：ONT8（已订舱）、LAX9（已离开起运地）。未说明原因。",
  ],
  completedUndeliveredSubject: [
    "Shipment #12 completed with destinations not delivered",
    "货件 #12 已完成，部分目的仓库未派送",
  ],
  milestoneRecorded: [
    "Shipment #12 (竹制砧板) to ONT8: Picked up (corrected)",
    "货件 #12（竹制砧板）发往 ONT8：已提货（已更正）",
  ],
  milestoneSubject: [
    "Shipment #12 to ONT8: Delivered to FC",
    "货件 #12 发往 ONT8：已送达亚马逊仓库",
  ],
  documentUploaded: [
    "Proof of delivery added to shipment #12 (竹制砧板) for ONT8",
    "货件 #12（竹制砧板）发往 ONT8 的部分已上传签收证明",
  ],
  documentSubject: ["Packing list added to shipment #12", "货件 #12 已上传装箱单"],
  differentFcFlagged: [
    "Shipment #12 (竹制砧板) was delivered to LAX9 instead of the booked ONT8",
    "货件 #12（竹制砧板）被送到了 LAX9，而不是预订的 ONT8",
  ],
  differentFcFlaggedSubject: [
    "Shipment #12 delivered to a different FC",
    "货件 #12 被送到了其他亚马逊仓库",
  ],
  differentFcResolved: [
    "An admin resolved the delivery of shipment #12 (竹制砧板) to LAX9: Amazon accepted it",
    "管理员已处理货件 #12（竹制砧板）送到 LAX9 的问题：Amazon accepted it",
  ],
  differentFcResolvedSubject: [
    "Delivery to a different FC resolved (shipment #12)",
    "送到其他亚马逊仓库的问题已处理（货件 #12）",
  ],
  chargeProposed: [
    "Shipment #12 (竹制砧板): the final amount is $180.00 above the accepted bid: re-measured cartons, evidence attached. Accept or dispute it on the order page.",
    "货件 #12（竹制砧板）：最终金额比中标报价高 US$180.00，原因：箱子重新测量，附有凭证。请在订单页面接受或提出争议。",
  ],
  chargeProposedSubject: [
    "Final amount above the bid (shipment #12)",
    "最终金额高于中标报价（货件 #12）",
  ],
  chargeAccepted: [
    "The seller accepted the final amount of $1,234.50 for shipment #12 (竹制砧板)",
    "卖家已接受货件 #12（竹制砧板）的最终金额 US$1,234.50",
  ],
  chargeDisputed: [
    "The seller disputed the final amount of shipment #12 (竹制砧板): Cartons were not re-measured",
    "卖家对货件 #12（竹制砧板）的最终金额提出争议：Cartons were not re-measured",
  ],
  chargeDisputedSubject: ["Final amount disputed (shipment #12)", "最终金额有争议（货件 #12）"],
  chargeDecided: [
    "An admin decided the dispute on shipment #12 (竹制砧板): the final amount is $1,100.00",
    "管理员已裁定货件 #12（竹制砧板）的争议：最终金额为 US$1,100.00",
  ],
  chargeDecidedSubject: ["Dispute decided (shipment #12)", "争议已裁定（货件 #12）"],
  rated: [
    "The seller rated shipment #12 (竹制砧板) 4 out of 5. You can answer once on the order page.",
    "卖家给货件 #12（竹制砧板）打了 4 分（满分 5 分）。您可以在订单页面回复一次。",
  ],
  ratedSubject: ["New rating (shipment #12)", "新评价（货件 #12）"],
  ratingReplied: [
    "The agent answered your rating of shipment #12 (竹制砧板)",
    "货代已回复您对货件 #12（竹制砧板）的评价",
  ],
  ratingRepliedSubject: ["Answer to your rating (shipment #12)", "您的评价有了回复（货件 #12）"],
  newSample: ["New sample shipment #5 requested: 竹制砧板", "新的样品货件请求 #5：竹制砧板"],
  sampleCompleted: [
    "Your sample shipment #5 (竹制砧板) was marked as completed",
    "您的样品货件 #5（竹制砧板）已标记为完成",
  ],
  sampleCompletedSubject: ["Sample shipment #5 completed", "样品货件 #5 已完成"],
  announcement: ["New announcement: 春节期间暂停提货", "新公告：春节期间暂停提货"],
};

describe("notification texts", () => {
  const keys = Object.keys(notificationCases) as NotificationKey[];
  it.each(keys)("%s in English and in Chinese", (key) => {
    const text = notificationText(key, notificationCases[key] as never);
    const [en, zhCN] = expected[key];
    expect(renderNotification("en", text)).toBe(en);
    expect(renderNotification("zh-CN", text)).toBe(zhCN);
    expect(localized(text)).toEqual({ en, "zh-CN": zhCN });
  });

  it("a text already written is the same in every language", () => {
    expect(localized("Hello")).toEqual({ en: "Hello", "zh-CN": "Hello" });
  });

  it("an announcement is cut to the 500 characters a notification keeps", () => {
    const text = notificationText("announcement", { title: " ", message: "长".repeat(600) });
    expect(renderNotification("zh-CN", text)).toHaveLength(500);
    expect(renderNotification("en", text)).toHaveLength(500);
  });
});
