import type { Group } from "@fba/contract/constants";

export function announcementListPath(group: Group | undefined | null): string {
  if (group === "Shipper") return "/shipper/dashboard/announcement";
  if (group === "Admin") return "/admin/announcement";
  return "/seller/announcement";
}

export function announcementDetailPath(group: Group | undefined | null, id: number): string {
  return `${announcementListPath(group)}/${id}`;
}

/** Sellers and admins post announcements; shipping agents read them. */
export function canPostAnnouncements(group: Group | undefined | null): boolean {
  return group === "Seller" || group === "Admin";
}
