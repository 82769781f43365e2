import type { Announcement } from "@fba/contract";
import type { AnnouncementRow } from "./announcements.repository.js";

export function presentAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    timestamp: row.createdAt.toISOString(),
    sender: {
      id: row.senderId,
      first_name: row.senderFirstName,
      last_name: row.senderLastName,
      groups: row.senderGroup,
    },
  };
}
