import type { Group } from "@fba/contract/constants";

/** Sellers and admins post announcements; shipping agents read them. */
export function canPostAnnouncements(group: Group | undefined | null): boolean {
  return group === "Seller" || group === "Admin";
}

/** Admins remove announcements (and may disable the sender with it). */
export function canRemoveAnnouncements(group: Group | undefined | null): boolean {
  return group === "Admin";
}
