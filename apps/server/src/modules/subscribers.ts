import type { Services } from "../container.js";
import { registerAgentSubscribers } from "./agents/agents.subscribers.js";
import { registerAnnouncementSubscribers } from "./announcements/announcements.subscribers.js";
import { registerChatSubscribers } from "./chat/chat.subscribers.js";
import { registerDisputeSubscribers } from "./disputes/disputes.subscribers.js";
import {
  registerOrderNotificationSubscribers,
  registerOrderSubscribers,
} from "./orders/orders.subscribers.js";
import { registerSampleSubscribers } from "./sample-shipments/sample-shipments.subscribers.js";
import {
  registerBiddingSubscribers,
  registerShipmentStatusSubscribers,
} from "./shipments/shipments.subscribers.js";

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
  registerOrderSubscribers(events, services);
  registerOrderNotificationSubscribers(events, notify);
  registerDisputeSubscribers(events, notify);
  registerChatSubscribers(events, notify);
  registerSampleSubscribers(events, notify);
  registerAnnouncementSubscribers(events, notify);
  registerAgentSubscribers(events, services.scorecards, notify);
}
