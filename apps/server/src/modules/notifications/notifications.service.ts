import { NOTIFICATION_LIST_CAP, notificationMessages, type Notification } from "@fba/contract";
import type { Db, DbOrTx } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import { localeOf } from "../../lib/i18n/locale.js";
import { mailTexts } from "../../lib/i18n/mail.js";
import {
  localized,
  renderNotification,
  type NotificationText,
} from "../../lib/i18n/notifications.js";
import { enqueueEmail } from "../../lib/mail-outbox.js";
import type { AuthUser } from "../../lib/principal.js";
import type { EventBus } from "../../lib/events.js";
import { presentNotification } from "./notifications.presenter.js";
import * as repo from "./notifications.repository.js";
import type { InsertedNotification } from "./notifications.repository.js";

/** Recipients per statement of a broadcast. */
const BROADCAST_BATCH = 500;

/**
 * A notification to write. Its text is a catalog's (lib/i18n/notifications.ts), written in each
 * recipient's language when the row is stored; a plain string is stored as it is for everyone.
 */
export interface NewNotification extends Omit<repo.NewNotification, "content"> {
  content: NotificationText | string;
}

/** One notification for many users (see notifyActiveUsers). */
export interface BroadcastNotification extends Omit<repo.BroadcastNotification, "content"> {
  content: NotificationText | string;
}

/** An email copy of notifications. */
export interface NotificationEmail {
  /** In each recipient's language, like the notification. */
  subject: NotificationText | string;
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
  /**
   * Writes in this transaction (an in-transaction subscriber's) and sends the frames once it
   * committed; without it, the rows and their emails commit on their own.
   */
  within?: { tx: DbOrTx; afterCommit(task: () => void): void };
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
    const { email, within } = options;
    const eventId = options.eventId ?? null;
    const texts = new Map<NewNotification["content"], ReturnType<typeof localized>>();
    const rows = items.map((item) => {
      let content = texts.get(item.content);
      if (!content) texts.set(item.content, (content = localized(item.content)));
      return { ...item, content };
    });
    // Only rows written now get an email: a redelivered event writes none.
    const write = async (tx: DbOrTx) => {
      const stored = await repo.insertNotificationsReturning(tx, rows, eventId);
      if (email) await this.enqueueEmails(tx, stored, email);
      return stored;
    };
    if (within) {
      const stored = await write(within.tx);
      within.afterCommit(() => this.publish(stored));
      return;
    }
    this.publish(email ? await this.db.transaction(write) : await write(this.db));
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
    const stored = { ...notification, content: localized(notification.content) };
    for (;;) {
      const rows = await repo.insertForActiveUsers(
        this.db,
        filter,
        stored,
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
      // The row's text is already in the recipient's language; the subject and frame follow it.
      const locale = localeOf(recipient.locale);
      const copy = mailTexts(locale).notificationCopy({
        subject: renderNotification(locale, email.subject),
        content: row.content,
        link,
      });
      await enqueueEmail(tx, { to: recipient.email, ...copy });
    }
  }

  /** New text for every notification quoting a chat message; each reader's list updates live. */
  async rewriteChatMessage(
    chatMessageId: number,
    content: NotificationText | string,
  ): Promise<void> {
    const rows = await repo.rewriteChatMessageNotifications(
      this.db,
      chatMessageId,
      localized(content),
    );
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
