import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import {
  adminMessages,
  announcementMessages,
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

/**
 * The server's messages (and the contract's validation messages, which the forms show) in the
 * reader's language. The wire keeps the spec's English; the web app looks each message up by the
 * contract constant it is, in the "messages" catalog ("auth.invalidCredentials"). A message that
 * is no known constant, or not translated yet, shows as sent.
 */
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
};

const keyOf = new Map<string, string>();
for (const [group, messages] of Object.entries(GROUPS)) {
  for (const [name, text] of Object.entries(messages)) {
    // Messages built from values (functions) are not looked up.
    if (typeof text === "string" && !keyOf.has(text)) keyOf.set(text, `${group}.${name}`);
  }
}

/** The catalog key of a contract message, or undefined. */
export function messageKey(message: string): string | undefined {
  return keyOf.get(message);
}

/** A function that shows a server or contract message in the current language. */
export function useServerMessage(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation("messages");
  const translate = t as unknown as (key: string, options: { defaultValue: string }) => string;
  return useCallback(
    (message: string | undefined) => {
      if (!message || i18n.language === "en") return message;
      const key = keyOf.get(message);
      return key ? translate(key, { defaultValue: message }) : message;
    },
    [translate, i18n.language],
  );
}
