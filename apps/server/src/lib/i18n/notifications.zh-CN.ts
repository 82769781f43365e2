import { calendarDateIn } from "@fba/contract";
import { formatMoney } from "./locale.js";
import type { ChargeTerms, NotificationCatalog } from "./notification-catalog.js";
import { MILESTONE_ZH, SERVICE_ZH, VARIANCE_REASON_ZH, zhTerm } from "./terms.zh-CN.js";
import { CHAT_NOTIFICATION_PREFIXES, type Milestone } from "@fba/contract";

/**
 * The notifications in Simplified Chinese, in the words of docs/glossary.zh-CN.md: full-width
 * punctuation, a space between Chinese and a number or a Latin word, amounts as US$1,234.50 and
 * days as 2026/11/21. Chat notifications start with "【新消息】" (CHAT_NOTIFICATION_PREFIXES),
 * as the English ones with "New message from", so a client can tell them apart.
 */

const [, chatPrefix] = CHAT_NOTIFICATION_PREFIXES;
const money = (amount: string) => formatMoney("zh-CN", amount);
const day = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? calendarDateIn("zh-CN", value) : value;
const milestoneName = (milestone: string) =>
  MILESTONE_ZH[milestone as Milestone] ?? zhTerm(milestone);
/** The agent by name ("Wei Li 已...", a space after a Latin name), else as 货代. */
const agent = (name: string | null) => (name ? `${name} ` : "货代");
const withReason = (reason: string | null) => (reason ? `，原因：${reason}` : "");

function chargeSummary(terms: ChargeTerms): string {
  const reason =
    terms.reason === "other" && terms.note ? terms.note : VARIANCE_REASON_ZH[terms.reason];
  const evidence = terms.evidence ? "，附有凭证" : "";
  return `比中标报价高 ${money(terms.difference)}，原因：${reason}${evidence}`;
}

export const notificationsZhCN: NotificationCatalog = {
  announcementCapReached: ({ max }) =>
    `卖家发布的公告已达到平台每小时 ${max} 条的上限：本小时内的新公告将被拒绝。请在“公告”中查看最新公告。`,
  chatMessage: ({ name, text }) => `${chatPrefix}${name}：${text}`,
  chatMessageDeleted: ({ name }) => `${chatPrefix}${name}：（消息已删除）`,
  newBid: (p) => `货件 #${p.shipmentId}（${p.product}）收到新报价`,
  biddingClosedSeller: (p) =>
    `货件 #${p.shipmentId}（${p.product}）竞价已截止：中标报价已出，请查看`,
  biddingClosedNoBids: (p) => `货件 #${p.shipmentId}（${p.product}）竞价已截止，未收到任何报价`,
  biddingClosedSubject: ({ shipmentId }) => `货件 #${shipmentId} 竞价已截止`,
  biddingWon: (p) => `您对货件 #${p.shipmentId}（${p.product}）的报价已中标`,
  bidLost: (p) => `您对货件 #${p.shipmentId}（${p.product}）的报价未中标`,
  quotationAccepted: (p) =>
    `您对货件 #${p.shipmentId}（${p.product}）的报价已被接受${
      p.service ? `（${SERVICE_ZH[p.service]}服务）` : ""
    }`,
  quotationAwarded: (p) =>
    `您对货件 #${p.shipmentId}（${p.product}）的报价已被接受${
      p.service ? `（${SERVICE_ZH[p.service]}服务）` : ""
    }。原因：${zhTerm(p.reason)}`,
  quotationAcceptedSubject: ({ shipmentId }) => `报价已被接受（货件 #${shipmentId}）`,
  quotationDeclined: (p) =>
    `您对货件 #${p.shipmentId}（${p.product}）的报价已被拒绝${withReason(p.reason)}`,
  quotationDeclinedSubject: ({ shipmentId }) => `报价已被拒绝（货件 #${shipmentId}）`,
  quotationCancelled: (p) =>
    `卖家取消了您在货件 #${p.shipmentId}（${p.product}）的中标报价${withReason(p.reason)}`,
  quotationCancelledSubject: ({ shipmentId }) => `中标报价已取消（货件 #${shipmentId}）`,
  awardLost: (p) =>
    `货件 #${p.shipmentId}（${p.product}）已选定其他报价。原因：${zhTerm(p.reason)}`,
  awardSubject: ({ shipmentId }) => `货件 #${shipmentId} 的竞价结果`,
  reconfirmRequested: (p) => `货件 #${p.shipmentId}（${p.product}）的卖家请您重新确认已过期的报价`,
  reconfirmRequestedSubject: ({ shipmentId }) => `请重新确认您的报价（货件 #${shipmentId}）`,
  reconfirmed: (p) =>
    `${agent(p.agentName)}已重新确认货件 #${p.shipmentId}（${p.product}）的报价，有效期至 ${day(p.validUntil)}`,
  reconfirmDeclined: (p) =>
    `${agent(p.agentName)}拒绝重新确认货件 #${p.shipmentId}（${p.product}）的报价`,
  reconfirmAnsweredSubject: ({ shipmentId }) => `报价重新确认已有答复（货件 #${shipmentId}）`,
  statusChanged: (p) => `货件 #${p.shipmentId}（${p.product}）状态更新为：${zhTerm(p.status)}`,
  statusChangedSubject: ({ shipmentId, status }) =>
    `货件 #${shipmentId} 状态更新为：${zhTerm(status)}`,
  completedUndelivered: (p) =>
    `货件 #${p.shipmentId}（${p.product}）已完成，但以下目的仓库尚未派送：${p.destinations
      .map((d) => `${d.fc_code}（${zhTerm(d.milestone)}）`)
      .join("、")}。${p.reason ? `原因：${p.reason}` : "未说明原因。"}`,
  completedUndeliveredSubject: ({ shipmentId }) => `货件 #${shipmentId} 已完成，部分目的仓库未派送`,
  milestoneRecorded: (p) =>
    `货件 #${p.shipmentId}（${p.product}）发往 ${p.fcCode}：${milestoneName(p.milestone)}${
      p.correction ? "（已更正）" : ""
    }`,
  milestoneSubject: (p) =>
    `货件 #${p.shipmentId} 发往 ${p.fcCode}：${milestoneName(p.milestone)}${
      p.correction ? "（已更正）" : ""
    }`,
  documentUploaded: (p) =>
    `货件 #${p.shipmentId}（${p.product}）${p.fcCode ? `发往 ${p.fcCode} 的部分` : ""}已上传${zhTerm(p.type)}`,
  documentSubject: ({ shipmentId, type }) => `货件 #${shipmentId} 已上传${zhTerm(type)}`,
  differentFcFlagged: (p) =>
    `货件 #${p.shipmentId}（${p.product}）被送到了 ${p.deliveredFc}，而不是预订的 ${p.bookedFc}`,
  differentFcFlaggedSubject: ({ shipmentId }) => `货件 #${shipmentId} 被送到了其他亚马逊仓库`,
  differentFcResolved: (p) =>
    `管理员已处理货件 #${p.shipmentId}（${p.product}）送到 ${p.deliveredFc} 的问题：${p.note}`,
  differentFcResolvedSubject: ({ shipmentId }) =>
    `送到其他亚马逊仓库的问题已处理（货件 #${shipmentId}）`,
  chargeProposed: (p) =>
    `货件 #${p.shipmentId}（${p.product}）：最终金额${
      p.terms ? chargeSummary(p.terms) : `：${p.summary}`
    }。请在订单页面接受或提出争议。`,
  chargeProposedSubject: ({ shipmentId }) => `最终金额高于中标报价（货件 #${shipmentId}）`,
  chargeAccepted: (p) =>
    `卖家已接受货件 #${p.shipmentId}（${p.product}）的最终金额 ${money(p.amount)}`,
  chargeDisputed: (p) =>
    `卖家对货件 #${p.shipmentId}（${p.product}）的最终金额提出争议：${p.reason}`,
  chargeDisputedSubject: ({ shipmentId }) => `最终金额有争议（货件 #${shipmentId}）`,
  chargeDecided: (p) =>
    `管理员已裁定货件 #${p.shipmentId}（${p.product}）的争议：最终金额为 ${money(p.amount)}`,
  chargeDecidedSubject: ({ shipmentId }) => `争议已裁定（货件 #${shipmentId}）`,
  rated: (p) =>
    `卖家给货件 #${p.shipmentId}（${p.product}）打了 ${p.overall} 分（满分 5 分）。您可以在订单页面回复一次。`,
  ratedSubject: ({ shipmentId }) => `新评价（货件 #${shipmentId}）`,
  ratingReplied: (p) => `货代已回复您对货件 #${p.shipmentId}（${p.product}）的评价`,
  ratingRepliedSubject: ({ shipmentId }) => `您的评价有了回复（货件 #${shipmentId}）`,
  newSample: (p) => `新的样品货件请求 #${p.sampleId}：${p.product}`,
  sampleCompleted: (p) => `您的样品货件 #${p.sampleId}（${p.product}）已标记为完成`,
  sampleCompletedSubject: ({ sampleId }) => `样品货件 #${sampleId} 已完成`,
  announcement: (p) => `新公告：${p.title && p.title.trim() ? p.title : p.message}`.slice(0, 500),
};
