import type { SampleShipment } from "@fba/contract";
import { fullName } from "../../../lib/names";

export type SampleSide = "seller" | "shipper" | "admin";

/** The agent handling the sample as a name, "you" for that agent, or null while nobody does. */
export function handlerName(sample: Pick<SampleShipment, "claim">): string | null {
  const claim = sample.claim;
  if (!claim) return null;
  if (claim.is_mine) return "you";
  if (!claim.agent) return "another agent";
  const company = claim.agent.company_name.trim();
  return `${fullName(claim.agent)}${company ? ` / ${company}` : ""}`;
}

/** "Handled by …" for the sample's chip, or null while nobody has claimed it. */
export function claimLabel(sample: Pick<SampleShipment, "claim">): string | null {
  const name = handlerName(sample);
  return name ? `Handled by ${name}` : null;
}

/**
 * Whether this reader may act on the sample (complete it, write in its chat): admins while it is
 * pending; an agent while it is pending and nobody else handles it. Sellers only read.
 */
export function canActOnSample(
  sample: Pick<SampleShipment, "claim" | "status">,
  side: SampleSide,
): boolean {
  if (side === "seller" || sample.status === "Shipment Completed") return false;
  return side === "admin" || !sample.claim || sample.claim.is_mine;
}

/** Another agent handles it: this agent only reads. */
export function isHandledByAnother(sample: Pick<SampleShipment, "claim">, side: SampleSide) {
  return side === "shipper" && !!sample.claim && !sample.claim.is_mine;
}
