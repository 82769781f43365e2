import { isOrderChatOpen, type SampleShipmentStatus } from "@fba/contract";
import type { AuthUser } from "../../lib/principal.js";

const SAMPLE_COMPLETED: SampleShipmentStatus = "Shipment Completed";

export type ChatKind = "shipment" | "sample";

/** What the server knows about one chat's parties and state, enough for every decision below. */
export interface ChatFacts {
  kind: ChatKind;
  id: number;
  sellerId: number;
  /**
   * The agent of the chat: a shipment's winning agent (null before bidding closes; kept when the
   * seller declines or cancels that bid, so both sides keep the read-only history of their
   * order), or the agent who claimed a sample (null until one does).
   */
  agentId: number | null;
  status: string;
  /** A shipment's charge change (its status), if it has one; null for samples. */
  chargeChangeStatus: string | null;
}

/**
 * Shipment chat: its seller, its winning agent and admins. Sample chat: its seller, admins and
 * the agent who claimed it; until an agent claims it, every agent (the request is open to all).
 */
export function isChatParty(
  user: Pick<AuthUser, "id" | "group">,
  chat: Pick<ChatFacts, "kind" | "sellerId" | "agentId">,
): boolean {
  if (user.group === "Admin") return true;
  if (user.id === chat.sellerId) return true;
  if (chat.kind === "sample" && chat.agentId === null) return user.group === "Shipper";
  return chat.agentId !== null && user.id === chat.agentId;
}

/** An agent writing in an unclaimed sample's chat claims the sample (see samples). */
export function claimsSampleByWriting(user: AuthUser, chat: ChatFacts): boolean {
  return chat.kind === "sample" && chat.agentId === null && user.group === "Shipper";
}

/**
 * New messages, edits, deletes and reactions: a shipment chat is open while the order is
 * accepted, and after its completion while a charge change still waits for the seller or an
 * admin (isOrderChatOpen); a sample chat until the sample is completed. The history stays
 * readable.
 */
export function isChatOpen(chat: ChatFacts): boolean {
  if (chat.kind === "sample") return chat.status !== SAMPLE_COMPLETED;
  return isOrderChatOpen(chat.status, chat.chargeChangeStatus);
}

/** Only the author may change a message, and only until another party has read it. */
export function canChangeMessage(
  user: AuthUser,
  message: { senderId: number },
  readByOthers: boolean,
): "ok" | "not-author" | "already-read" {
  if (message.senderId !== user.id) return "not-author";
  if (readByOthers) return "already-read";
  return "ok";
}

/**
 * Who else hears about a new message: the seller, the agent and everyone who wrote in the chat
 * and is still a party to it (not an agent replaced as winner, nor one whose sample another agent
 * took over), except its sender.
 */
export function notificationRecipients(
  chat: ChatFacts,
  senderId: number,
  posters: Array<Pick<AuthUser, "id" | "group">>,
): number[] {
  const current = posters.filter((poster) => isChatParty(poster, chat)).map((p) => p.id);
  const ids = new Set<number>([chat.sellerId, ...current]);
  if (chat.agentId !== null) ids.add(chat.agentId);
  ids.delete(senderId);
  return [...ids];
}
