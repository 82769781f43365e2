import type { Notification } from "@fba/contract";
import type { NotificationRow } from "./notifications.repository.js";

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    notification_type: row.notificationType,
    shipment_id: row.shipmentId,
    sample_shipment_id: row.sampleShipmentId ?? 0,
    content: row.content,
    is_read: row.isRead,
    updated_at: row.updatedAt.toISOString(),
    user: { id: row.userId, first_name: row.firstName },
    ...(row.kind ? { kind: row.kind } : {}),
  };
}
