/** When an order's chat takes new messages (no schemas: the order pages show it at first paint). */

/** Charge change states still waiting for someone: the seller's answer, or an admin's decision. */
export const OPEN_CHARGE_CHANGE_STATUSES = ["pending", "disputed"] as const;

/**
 * A shipment's chat takes new messages while the order is accepted, and after its completion for
 * as long as its charge change is open (the admins' Disputes page sends them to read it). A
 * cancelled order's chat is closed. The history stays readable either way.
 */
export function isOrderChatOpen(
  status: string,
  chargeChangeStatus: string | null | undefined,
): boolean {
  if (status === "Quotation Accepted") return true;
  if (status !== "Shipment Completed" || !chargeChangeStatus) return false;
  return (OPEN_CHARGE_CHANGE_STATUSES as readonly string[]).includes(chargeChangeStatus);
}
