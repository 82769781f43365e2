import type { Db } from "../../db/client.js";
import type { NotificationService } from "./notifications.service.js";

/** What a module's notification subscribers need. */
export interface NotifyDeps {
  db: Db;
  notifications: NotificationService;
}

export const shipmentPath = (id: number) => `/shipments/${id}`;

/** Words of a user quoted in a notification, cut to a line. */
export const quote = (words: string) => (words.length > 200 ? `${words.slice(0, 199)}…` : words);
