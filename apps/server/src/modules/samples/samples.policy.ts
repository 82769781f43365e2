import type { AuthUser } from "../../lib/principal.js";

/** Only sellers request samples. */
export function canCreateSample(user: AuthUser): boolean {
  return user.group === "Seller";
}

/**
 * Agents and admins see every sample (an unclaimed one is open to all agents, and a claimed one
 * shows them that another agent handles it); a seller sees only their own.
 */
export function canViewSample(user: AuthUser, sample: { sellerId: number }): boolean {
  if (user.group === "Shipper" || user.group === "Admin") return true;
  return sample.sellerId === user.id;
}

/** Agents and admins confirm delivery of samples. */
export function canCompleteSample(user: AuthUser): boolean {
  return user.group === "Shipper" || user.group === "Admin";
}

/**
 * Who may act on a sample (write in its chat, complete it): admins always; an agent while nobody
 * has claimed it, or when it is theirs. Acting on an unclaimed sample claims it.
 */
export function canActOnSample(user: AuthUser, sample: { claimedById: number | null }): boolean {
  if (user.group === "Admin") return true;
  if (user.group !== "Shipper") return false;
  return sample.claimedById === null || sample.claimedById === user.id;
}

/** Only agents claim samples: admins and sellers act without taking one over. */
export function claimsByActing(user: AuthUser, sample: { claimedById: number | null }): boolean {
  return user.group === "Shipper" && sample.claimedById === null;
}

/**
 * Agents and admins see the product's samples desk address beside the seller's delivery address
 * (the seller's own address is where the samples go).
 */
export function seesSamplesDesk(user: AuthUser): boolean {
  return user.group === "Shipper" || user.group === "Admin";
}
