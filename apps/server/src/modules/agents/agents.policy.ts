import { agentMessages, ratingMessages } from "@fba/contract";
import type { AuthUser } from "../../lib/principal.js";
import type { RatedOrder } from "./agents.repository.js";

type Actor = Pick<AuthUser, "id" | "group">;

export type Refusal = { ok: false; code: "FORBIDDEN" | "FIELD"; message: string; field?: string };
export type Verdict = { ok: true } | Refusal;

const refuse = (code: Refusal["code"], message: string, field?: string): Refusal => ({
  ok: false,
  code,
  message,
  ...(field ? { field } : {}),
});

/** An agent's record is open to sellers and admins, and to the agent itself. */
export function canViewAgent(actor: Actor, agentId: number): Verdict {
  if (actor.group === "Seller" || actor.group === "Admin") return { ok: true };
  if (actor.id === agentId) return { ok: true };
  return refuse("FORBIDDEN", agentMessages.otherAgent);
}

/** The order's seller rates its agent once the order is completed. */
export function canRate(actor: Actor, order: RatedOrder): Verdict {
  if (actor.group !== "Seller" || order.sellerId !== actor.id) {
    return refuse("FORBIDDEN", ratingMessages.onlySeller);
  }
  if (order.status !== "Shipment Completed" || order.winnerAgentId === null) {
    return refuse("FIELD", ratingMessages.notCompleted, "shipment");
  }
  return { ok: true };
}

/** An order's rating: its seller, its winning agent, admins. */
export function canReadRating(actor: Actor, order: RatedOrder): Verdict {
  if (actor.group === "Admin") return { ok: true };
  if (actor.group === "Seller" && order.sellerId === actor.id) return { ok: true };
  if (actor.group === "Shipper" && order.winnerAgentId === actor.id) return { ok: true };
  return refuse("FORBIDDEN", "You do not have permission to perform this action");
}

/** The order's agent answers its rating. */
export function canReply(actor: Actor, order: RatedOrder): Verdict {
  if (actor.group !== "Shipper" || order.winnerAgentId !== actor.id) {
    return refuse("FORBIDDEN", ratingMessages.onlyAgent);
  }
  return { ok: true };
}
