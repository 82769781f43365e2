import type { Group } from "@fba/contract/constants";

/** Sellers and admins post announcements; shipping agents read them. */
export function canPostAnnouncements(group: Group | undefined | null): boolean {
  return group === "Seller" || group === "Admin";
}
