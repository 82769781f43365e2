import type { AuthUser } from "../../plugins/auth.js";

/** Only sellers request samples. */
export function canCreateSample(user: AuthUser): boolean {
  return user.group === "Seller";
}

/** Agents and admins see every sample; a seller sees only their own. */
export function canViewSample(user: AuthUser, sample: { sellerId: number }): boolean {
  if (user.group === "Shipper" || user.group === "Admin") return true;
  return sample.sellerId === user.id;
}

/** Agents and admins confirm delivery of samples. */
export function canCompleteSample(user: AuthUser): boolean {
  return user.group === "Shipper" || user.group === "Admin";
}

/** Agents and admins need the warehouse address the samples go to; sellers entered their own. */
export function seesDeliveryAddress(user: AuthUser): boolean {
  return user.group === "Shipper" || user.group === "Admin";
}
