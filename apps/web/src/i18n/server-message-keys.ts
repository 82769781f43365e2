// The keys of the contract's messages in the "messages" catalog, loaded for a language other
// than English (./translation-state.ts): the contract's message constants sit beside its
// schemas, which an English reader's first page must not download.
import {
  adminMessages,
  announcementMessages,
  averageCostMessages,
  chargeChangeMessages,
  messages as authMessages,
  notificationMessages,
  profileMessages,
  sampleMessages,
  shipmentMessages,
  textMessages,
  warehouseMessages,
  quotationDetailMessages,
  quotationMessages,
  comparisonMessages,
  legMessages,
  differentFcMessages,
  documentMessages,
  ratingMessages,
  agentMessages,
  chatMessages,
  orderPdfMessages,
} from "@fba/contract";
import { setMessageKeys } from "./message-keys";

const GROUPS: Record<string, Record<string, unknown>> = {
  auth: authMessages,
  profile: profileMessages,
  admin: adminMessages,
  announcement: announcementMessages,
  chargeChange: chargeChangeMessages,
  notification: notificationMessages,
  warehouse: warehouseMessages,
  quotation: quotationMessages,
  quotationDetail: quotationDetailMessages,
  comparison: comparisonMessages,
  leg: legMessages,
  differentFc: differentFcMessages,
  document: documentMessages,
  rating: ratingMessages,
  agent: agentMessages,
  chat: chatMessages,
  orderPdf: orderPdfMessages,
  shipment: shipmentMessages,
  sample: sampleMessages,
  text: textMessages,
  averageCost: averageCostMessages,
};

export const keyOf = new Map<string, string>();
for (const [group, messages] of Object.entries(GROUPS)) {
  for (const [name, text] of Object.entries(messages)) {
    // Messages built from values (functions) are not looked up.
    if (typeof text === "string" && !keyOf.has(text)) keyOf.set(text, `${group}.${name}`);
  }
}

// The average cost's "<service> cost is required", one key per service its form asks for.
for (const [service, label] of [
  ["slow", "Slow (sea)"],
  ["fast", "Fast (sea express)"],
  ["air", "Air"],
] as const) {
  keyOf.set(averageCostMessages.costRequired(label), `averageCost.costRequired_${service}`);
}

setMessageKeys(keyOf);
