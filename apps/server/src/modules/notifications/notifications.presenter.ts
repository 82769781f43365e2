import { SYSTEM_NOTIFICATION_ACTOR, type Notification } from "@fba/contract";
import type { NotificationRow } from "./notifications.repository.js";

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    notification_type: row.notificationType,
    // Sample notifications carry 0 here and announcements null: the existing client replaces a
    // live notification by the next one with the same shipment_id, so the two kinds must differ.
    shipment_id: row.notificationType === "Sample Shipment" ? 0 : row.shipmentId,
    sample_shipment_id: row.sampleShipmentId ?? 0,
    content: row.content,
    is_read: row.isRead,
    updated_at: row.updatedAt.toISOString(),
    user:
      row.actorId !== null && row.actorFirstName !== null
        ? { id: row.actorId, first_name: row.actorFirstName }
        : SYSTEM_NOTIFICATION_ACTOR,
    ...(row.kind ? { kind: row.kind } : {}),
    ...(row.announcementId !== null ? { announcement_id: row.announcementId } : {}),
  };
}
