import type { Services } from "../container.js";
import { registerAgentSubscribers } from "./agents/index.js";
import { registerAnnouncementSubscribers } from "./announcements/index.js";
import { registerChatSubscribers } from "./chat/index.js";
import { registerChargeChangeSubscribers } from "./charge-changes/index.js";
import { registerDocumentNotificationSubscribers } from "./documents/index.js";
import { registerLegNotificationSubscribers, registerLegSubscribers } from "./legs/index.js";
import { registerSampleSubscribers } from "./samples/index.js";
import {
  registerBiddingSubscribers,
  registerShipmentStatusSubscribers,
} from "./shipments/index.js";

/**
 * Every module's durable reactions to domain events (lib/events.ts `subscribe`), one function per
 * event family. Registered on every instance (an event with subscribers is written to the
 * outbox); they run where the dispatcher runs (ROLE all or worker).
 */
export function registerSubscribers(services: Services): void {
  const { events } = services;
  const notify = { db: services.db, notifications: services.notifications };
  registerBiddingSubscribers(events, notify);
  registerShipmentStatusSubscribers(events, notify);
  registerLegSubscribers(events, services);
  registerLegNotificationSubscribers(events, notify);
  registerDocumentNotificationSubscribers(events, notify);
  registerChargeChangeSubscribers(events, notify);
  registerChatSubscribers(events, notify);
  registerSampleSubscribers(events, notify);
  registerAnnouncementSubscribers(events, notify);
  registerAgentSubscribers(events, services.scorecards, notify);
}
