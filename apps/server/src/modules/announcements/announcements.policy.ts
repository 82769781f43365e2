import type { AuthUser } from "../../lib/principal.js";

/** Sellers and admins post announcements; shipping agents only read them (spec part 2, 1). */
export function canPostAnnouncement(user: AuthUser): boolean {
  return user.group === "Seller" || user.group === "Admin";
}

/** Only admins remove an announcement (and may disable its sender with it). */
export function canRemoveAnnouncement(user: AuthUser): boolean {
  return user.group === "Admin";
}
