import {
  adminMessages,
  announcementMessages,
  type Announcement,
  type AnnouncementRemoval,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import type { EventBus } from "../../lib/events.js";
import type { Page } from "../../lib/http.js";
import type { AuthUser } from "../../lib/principal.js";
import type { AdminService } from "../admin/index.js";
import { canPostAnnouncement, canRemoveAnnouncement } from "./announcements.policy.js";
import { presentAnnouncement } from "./announcements.presenter.js";
import * as repo from "./announcements.repository.js";

export class AnnouncementService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    /** Disabling a sender is the admins' own disable (sessions end, sockets close). */
    private readonly admin: Pick<AdminService, "setActive">,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(page: number, perPage: number): Promise<Page<Announcement>> {
    const result = await repo.listAnnouncements(this.db, page, perPage);
    return { rows: result.rows.map(presentAnnouncement), count: result.count, page, perPage };
  }

  async get(id: number): Promise<Announcement> {
    const row = await repo.findAnnouncement(this.db, id);
    if (!row) throw AppError.notFound(announcementMessages.notFound);
    return presentAnnouncement(row);
  }

  async create(
    user: AuthUser,
    input: { title: string | null; message: string },
  ): Promise<Announcement> {
    if (!canPostAnnouncement(user)) throw AppError.forbidden();
    const staged = this.events.staged();
    const announcement = await this.db.transaction(async (tx) => {
      const id = await repo.insertAnnouncement(tx, {
        senderId: user.id,
        title: input.title,
        message: input.message,
      });
      const row = await repo.findAnnouncement(tx, id);
      if (!row) throw AppError.notFound(announcementMessages.notFound);
      const presented = presentAnnouncement(row);
      await staged.record(tx, "announcement.created", {
        announcementId: id,
        senderId: user.id,
        announcement: presented,
      });
      return presented;
    });
    staged.emit();
    return announcement;
  }

  /**
   * An admin removes an announcement: it leaves every list, and its notifications every bell
   * (live, through `announcement.removed`). With `disableSender` its sender's account is disabled
   * in the same call, as the users page does it. Nothing changes when the call is refused.
   */
  async remove(
    admin: AuthUser,
    id: number,
    { disableSender }: { disableSender: boolean },
  ): Promise<AnnouncementRemoval> {
    if (!canRemoveAnnouncement(admin)) throw AppError.forbidden();
    const existing = await repo.findAnnouncement(this.db, id);
    if (!existing) throw AppError.notFound(announcementMessages.notFound);
    if (disableSender && existing.senderId === admin.id) {
      throw AppError.conflict(adminMessages.cannotDisableSelf);
    }
    const removed = await this.db.transaction((tx) =>
      repo.removeAnnouncement(tx, id, admin.id, this.now()),
    );
    // Removed meanwhile by another admin: gone either way.
    if (!removed) throw AppError.notFound(announcementMessages.notFound);
    this.events.emit("announcement.removed", { announcementId: id, senderId: removed.senderId });
    const sender = disableSender
      ? await this.admin.setActive(admin, removed.senderId, false)
      : null;
    return {
      id,
      removed_at: removed.removedAt.toISOString(),
      sender: {
        id: removed.senderId,
        is_active: sender ? sender.is_active : existing.senderIsActive,
      },
    };
  }

  /**
   * Tells every admin that non-admins reached the platform's hourly cap. The alert is recorded
   * in its own transaction before this returns (the cap lives in the rate limiter, not in a
   * table): once the caller's once-an-hour gate said "first", a crash cannot lose it.
   */
  async capReached(max: number): Promise<void> {
    const staged = this.events.staged();
    await this.db.transaction((tx) => staged.record(tx, "announcement.cap_reached", { max }));
    staged.emit();
  }
}
