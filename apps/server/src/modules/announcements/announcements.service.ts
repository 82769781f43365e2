import { announcementMessages, type Announcement } from "@fba/contract";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import type { EventBus } from "../../lib/events.js";
import type { Page } from "../../lib/http.js";
import type { AuthUser } from "../../plugins/auth.js";
import { canPostAnnouncement } from "./announcements.policy.js";
import { presentAnnouncement } from "./announcements.presenter.js";
import * as repo from "./announcements.repository.js";

export class AnnouncementService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
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
    const id = await repo.insertAnnouncement(this.db, {
      senderId: user.id,
      title: input.title,
      message: input.message,
    });
    const row = await repo.findAnnouncement(this.db, id);
    if (!row) throw AppError.notFound(announcementMessages.notFound);
    const announcement = presentAnnouncement(row);
    this.events.emit("announcement.created", {
      announcementId: id,
      senderId: user.id,
      announcement,
    });
    return announcement;
  }
}
