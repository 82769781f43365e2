import {
  AWARD_REASON_LABELS,
  CHARGE_CHANGE_ACTION_LABELS,
  CHARGE_CHANGE_STATUS_LABELS,
  DECISION_OUTCOME_LABELS,
  MILESTONE_LABELS,
  ORDER_DOCUMENT_TYPES,
  SHIPMENT_STATUSES,
  VARIANCE_REASON_LABELS,
  type AwardReason,
  type ChargeChangeAction,
  type ChargeChangeStatus,
  type DecisionOutcome,
  type Milestone,
  type OrderDocumentType,
  type QuotationService,
  type ShipmentStatus,
  type StoredVarianceReason,
} from "@fba/contract";

/**
 * The trade's fixed words in Simplified Chinese, by the value the contract stores or shows in
 * English (docs/glossary.zh-CN.md). Events carry some of them as English labels (a milestone's
 * label, an award's reason), so `zhTerm` also maps a label back; anything unknown stays as it is.
 */

export const STATUS_ZH: Record<ShipmentStatus, string> = {
  "Shipment Pending": "待报价",
  "Quotation Received": "已收到报价",
  "Quotation Approved": "报价已审核",
  "Quotation Accepted": "报价已接受",
  "Shipment Completed": "已完成",
  "Shipment Cancelled": "已取消",
};

export const MILESTONE_ZH: Record<Milestone, string> = {
  booked: "已订舱",
  picked_up: "已提货",
  departed_origin: "已离开起运地",
  arrived_destination: "已到达目的港/机场",
  customs_cleared: "已清关",
  out_for_delivery: "派送中",
  delivered: "已送达亚马逊仓库",
};

export const DOCUMENT_TYPE_ZH: Record<OrderDocumentType, string> = {
  "Commercial invoice": "商业发票",
  "Packing list": "装箱单",
  "FBA box labels": "FBA 箱标",
  "Bill of lading / Air waybill": "提单 / 空运单",
  "Customs entry": "进口报关单",
  "Safety data sheet": "安全数据表（SDS）",
  "Proof of delivery": "签收证明",
  "Carrier invoice": "承运商发票",
  Other: "其他",
};

export const SERVICE_ZH: Record<QuotationService, string> = { fast: "快速", normal: "普通" };

export const AWARD_REASON_ZH: Record<AwardReason, string> = {
  faster_transit: "时效更快",
  better_record: "履约记录更好",
  fc_delivery: "含派送到亚马逊仓库",
  other: "其他",
};

export const VARIANCE_REASON_ZH: Record<StoredVarianceReason, string> = {
  remeasured_cartons: "箱子重新测量",
  storage_demurrage: "仓储费/滞港费",
  customs_examination: "海关查验",
  extra_delivery_attempt: "额外派送",
  other: "其他",
  not_given: "未说明",
};

export const CHARGE_STATUS_ZH: Record<ChargeChangeStatus, string> = {
  pending: "等待卖家答复",
  accepted: "卖家已接受",
  disputed: "已提出争议：由管理员裁定",
  decided: "管理员已裁定",
  withdrawn: "已撤回：最终金额回到报价以内",
};

export const CHARGE_ACTION_ZH: Record<ChargeChangeAction, string> = {
  proposed: "最终金额高于报价",
  withdrawn: "最终金额调回报价以内",
  accepted: "卖家接受最终金额",
  disputed: "卖家对最终金额提出争议",
  decided: "管理员裁定争议",
};

export const DECISION_ZH: Record<DecisionOutcome, string> = {
  bid_total: "维持报价总额",
  final_amount: "接受最终金额",
  between: "取中间金额",
};

function byLabel<K extends string>(
  labels: Record<K, string>,
  zh: Record<K, string>,
): Array<[string, string]> {
  return (Object.keys(labels) as K[]).map((key) => [labels[key], zh[key]]);
}

const byEnglish = new Map<string, string>([
  ...SHIPMENT_STATUSES.map((status): [string, string] => [status, STATUS_ZH[status]]),
  ...byLabel(MILESTONE_LABELS, MILESTONE_ZH),
  ...ORDER_DOCUMENT_TYPES.map((type): [string, string] => [type, DOCUMENT_TYPE_ZH[type]]),
  ...byLabel(AWARD_REASON_LABELS, AWARD_REASON_ZH),
  ...byLabel(CHARGE_CHANGE_STATUS_LABELS, CHARGE_STATUS_ZH),
  ...byLabel(CHARGE_CHANGE_ACTION_LABELS, CHARGE_ACTION_ZH),
  ...byLabel(DECISION_OUTCOME_LABELS, DECISION_ZH),
  ...byLabel(VARIANCE_REASON_LABELS, VARIANCE_REASON_ZH),
]);

/**
 * A fixed English word of the trade in Chinese; an award's reason as the contract writes it
 * ("lowest total of 4 bids", "Other: ...") too. Words a person typed stay as typed.
 */
export function zhTerm(english: string): string {
  const known = byEnglish.get(english);
  if (known !== undefined) return known;
  const lowest = /^lowest total of (\d+) bids?$/.exec(english);
  if (lowest) return `${lowest[1]} 个报价中总价最低`;
  const other = /^Other: ([\s\S]*)$/.exec(english);
  if (other) return `其他：${other[1]}`;
  return english;
}
