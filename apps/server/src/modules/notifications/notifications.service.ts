import {
  NOTIFICATION_LIST_CAP,
  notificationMessages,
  PRODUCT_NAME,
  type Notification,
} from "@fba/contract";
import type { Db, DbOrTx } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import { enqueueEmail } from "../../lib/mail-outbox.js";
import type { AuthUser } from "../../lib/principal.js";
import type { EventBus } from "../../lib/events.js";
import { presentNotification } from "./notifications.presenter.js";
import * as repo from "./notifications.repository.js";
import type {
  BroadcastNotification,
  InsertedNotification,
  NewNotification,
} from "./notifications.repository.js";

/** Recipients per statement of a broadcast. */
const BROADCAST_BATCH = 500;

/** An email copy of notifications. */
export interface NotificationEmail {
  subject: string;
  path: string;
  /** Milestone emails also skip recipients who turned milestone emails off. */
  category?: "milestone";
}

export interface NotifyOptions {
  /** Also send an email copy to recipients who have not turned email notifications off. */
  email?: NotificationEmail;
  /**
   * The domain event this answers: a recipient gets one notification (and one email) per event,
   * however often the event is delivered.
   */
  eventId?: number;
}

/**
 * Stores notifications and announces them. The rows (and their email copies, through the
 * outbox) are written in one transaction; the events (and so the live frames) follow its commit.
 */
export class NotificationService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly publicUrl: string,
  ) {}

  async notify(items: NewNotification[], options: NotifyOptions = {}): Promise<void> {
    if (items.length === 0) return;
    const email = options.email;
    const eventId = options.eventId ?? null;
    // Only rows written now get an email: a redelivered event writes none.
    const rows = email
      ? await this.db.transaction(async (tx) => {
          const inserted = await repo.insertNotificationsReturning(tx, items, eventId);
          await this.enqueueEmails(tx, inserted, email);
          return inserted;
        })
      : await repo.insertNotificationsReturning(this.db, items, eventId);
    this.publish(rows);
  }

  /**
   * One notification for every active user matching the filter (all agents, everyone but the
   * sender), written in batches by INSERT ... SELECT and pushed batch by batch: memory and
   * statement size stay the same however many users there are.
   */
  async notifyActiveUsers(
    filter: { group?: "Seller" | "Shipper" | "Admin"; exceptId?: number },
    notification: BroadcastNotification,
    eventId: number | null = null,
  ): Promise<void> {
    let afterUserId = 0;
    for (;;) {
      const rows = await repo.insertForActiveUsers(
        this.db,
        filter,
        notification,
        afterUserId,
        BROADCAST_BATCH,
        eventId,
      );
      this.publish(rows);
      const last = rows.at(-1);
      if (!last || rows.length < BROADCAST_BATCH) return;
      afterUserId = last.userId;
    }
  }

  /** Frames for stored rows: each notification, then each recipient's new unread count. */
  private publish(rows: InsertedNotification[]): void {
    const lastUnread = new Map<number, number>();
    for (const row of rows) {
      this.events.emit("notification.created", {
        userId: row.userId,
        notification: presentNotification(row),
      });
      lastUnread.set(row.userId, row.unread);
    }
    for (const [userId, count] of lastUnread) {
      this.events.emit("notification.unread_changed", { userId, count });
    }
  }

  private async enqueueEmails(
    tx: DbOrTx,
    rows: Array<{ userId: number; content: string }>,
    email: NotificationEmail,
  ): Promise<void> {
    const link = `${this.publicUrl.replace(/\/+$/, "")}${email.path}`;
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    for (const recipient of await repo.recipients(tx, [...byUser.keys()])) {
      const row = byUser.get(recipient.id);
      if (!row || !recipient.emailNotifications) continue;
      if (email.category === "milestone" && !recipient.milestoneEmails) continue;
      await enqueueEmail(tx, {
        to: recipient.email,
        subject: `${PRODUCT_NAME}: ${email.subject}`,
        text: `${row.content}\n\nOpen ${PRODUCT_NAME}: ${link}\n\nYou can turn these emails off in your profile settings.`,
      });
    }
  }

  /** New text for every notification quoting a chat message; each reader's list updates live. */
  async rewriteChatMessage(chatMessageId: number, content: string): Promise<void> {
    const rows = await repo.rewriteChatMessageNotifications(this.db, chatMessageId, content);
    for (const row of rows) {
      this.events.emit("notification.updated", {
        userId: row.userId,
        notification: presentNotification(row),
      });
    }
  }

  async publishUnreadCounts(userIds: number[]): Promise<void> {
    const counts = await repo.unreadCounts(this.db, [...new Set(userIds)]);
    for (const [userId, count] of counts) {
      this.events.emit("notification.unread_changed", { userId, count });
    }
  }

  async unreadCount(userId: number): Promise<number> {
    return (await repo.unreadCounts(this.db, [userId])).get(userId) ?? 0;
  }

  async list(user: AuthUser): Promise<Notification[]> {
    const rows = await repo.latestForUser(this.db, user.id, NOTIFICATION_LIST_CAP);
    return rows.map(presentNotification);
  }

  /** Someone else's notification is indistinguishable from a missing one. Repeats are harmless. */
  async markRead(user: AuthUser, notificationId: number): Promise<{ id: number }> {
    const result = await repo.markRead(this.db, user.id, notificationId);
    if (!result) throw AppError.notFound(notificationMessages.notFound);
    if (result.changed) {
      this.events.emit("notification.read", { userId: user.id, notificationId: result.id });
      await this.publishUnreadCounts([user.id]);
    }
    return { id: result.id };
  }

  async markAllRead(user: AuthUser): Promise<{ ids: number[] }> {
    const ids = await repo.markAllRead(this.db, user.id);
    for (const id of ids) {
      this.events.emit("notification.read", { userId: user.id, notificationId: id });
    }
    if (ids.length > 0) await this.publishUnreadCounts([user.id]);
    return { ids };
  }
}
