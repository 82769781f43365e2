import {
  adminMessages,
  type AdminDashboard,
  type AdminUser,
  type AdminUserListQuery,
  type EventRetry,
  type ParkedEvents,
  type RecoveryFailures,
  type RecoveryPauseLift,
} from "@fba/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { EventBus } from "../../lib/events.js";
import { AppError } from "../../lib/errors.js";
import type { Page } from "../../lib/http.js";
import type { Authenticator } from "../../plugins/auth.js";
import type { AuthUser } from "../../lib/principal.js";
import {
  liftRecoveryPause,
  recoveryFailuresByHour,
  revokeAllSessions,
  setUserActive,
} from "../auth/index.js";
import { readScorecards } from "../agents/index.js";
import { listParkedEvents, outboxBacklog, retryParkedEvent } from "../../lib/outbox.repository.js";
import { canSetActive, isAdmin } from "./admin.policy.js";
import { presentAdminUser, presentDashboard } from "./admin.presenter.js";
import { dashboardCounts, findUser, listUsers } from "./admin.repository.js";

export interface AdminServiceDeps {
  db: Db;
  events: EventBus;
  authenticator: Pick<Authenticator, "forget">;
  config: Pick<Config, "PUBLIC_URL">;

  log: FastifyBaseLogger;
}

export class AdminService {
  constructor(private readonly deps: AdminServiceDeps) {}

  private get db() {
    return this.deps.db;
  }

  async listUsers(caller: AuthUser, query: AdminUserListQuery): Promise<Page<AdminUser>> {
    if (!isAdmin(caller)) throw AppError.forbidden();
    const { rows, count } = await listUsers(this.db, {
      search: query.search,
      group: query.group,
      isActive: query.is_active,
      ordering: query.ordering,
      page: query.page,
      perPage: query.per_page,
    });
    // Agents' scorecards, for the page's agents only, in one query by primary key.
    const scorecards = await readScorecards(
      this.db,
      rows.filter((row) => row.group === "Shipper").map((row) => row.id),
    );
    return {
      rows: rows.map((row) => ({
        ...presentAdminUser(row, this.deps.config),
        scorecard: scorecards.get(row.id) ?? null,
      })),
      count,
      page: query.page,
      perPage: query.per_page,
    };
  }

  /** Disabling ends every session at once: refresh tokens are revoked, access tokens stop working. */
  async setActive(caller: AuthUser, userId: number, isActive: boolean): Promise<AdminUser> {
    if (!isAdmin(caller)) throw AppError.forbidden();
    if (!canSetActive(caller, userId, isActive)) {
      throw AppError.conflict(adminMessages.cannotDisableSelf);
    }
    const existing = await findUser(this.db, userId);
    if (!existing) throw AppError.notFound("User not found");
    const updated = await this.db.transaction(async (tx) => {
      const row = await setUserActive(tx, userId, isActive);
      if (!row) throw AppError.notFound("User not found");
      if (!isActive) await revokeAllSessions(tx, userId);
      return row;
    });
    this.deps.authenticator.forget(userId);
    this.deps.events.emit("user.updated", { userId });
    if (!isActive) this.deps.events.emit("user.disabled", { userId });
    return presentAdminUser(updated, this.deps.config);
  }

  /** Wrong recovery codes per hour over the last day, across every account and address. */
  /** Events set aside after their subscribers kept failing, and the size of the queue. */
  async parkedEvents(caller: AuthUser): Promise<ParkedEvents> {
    if (!isAdmin(caller)) throw AppError.forbidden();
    const [events, backlog] = await Promise.all([
      listParkedEvents(this.db, 100),
      outboxBacklog(this.db),
    ]);
    return {
      events: events.map((event) => ({
        id: event.id,
        name: event.name,
        payload: event.payload,
        attempts: event.attempts,
        last_error: event.lastError,
        created_at: event.createdAt.toISOString(),
      })),
      waiting: backlog.waiting,
      oldest_waiting_seconds: Math.round(backlog.oldestSeconds),
      parked: backlog.parked,
    };
  }

  /** Puts a parked event back in line (its subscribers that succeeded do not run again). */
  async retryEvent(caller: AuthUser, id: number): Promise<EventRetry> {
    if (!isAdmin(caller)) throw AppError.forbidden();
    if (!(await retryParkedEvent(this.db, id)))
      throw AppError.notFound(adminMessages.eventNotParked);
    this.deps.log.info({ adminId: caller.id, eventId: id }, "parked event retried by an admin");
    this.deps.events.wakeDispatch();
    return { id, retried: true };
  }

  async recoveryFailures(caller: AuthUser): Promise<RecoveryFailures> {
    if (!isAdmin(caller)) throw AppError.forbidden();
    const hours = await recoveryFailuresByHour(this.db, 24);
    return {
      hours: hours.map((row) => ({ hour: row.hour.toISOString(), failures: row.failures })),
      total: hours.reduce((sum, row) => sum + row.failures, 0),
    };
  }

  /**
   * Opens password recovery again for an account whose recovery was paused after wrong codes (the
   * owner asked, and cannot sign in either): its recovery history starts afresh.
   */
  async liftRecoveryPause(caller: AuthUser, userId: number): Promise<RecoveryPauseLift> {
    if (!isAdmin(caller)) throw AppError.forbidden();
    const user = await findUser(this.db, userId);
    if (!user) throw AppError.notFound("User not found");
    const lifted = await liftRecoveryPause(this.db, user.email);
    if (lifted) {
      this.deps.log.info(
        { adminId: caller.id, userId },
        "password recovery pause lifted by an admin",
      );
    }
    return { lifted };
  }

  async dashboard(caller: AuthUser): Promise<AdminDashboard> {
    if (!isAdmin(caller)) throw AppError.forbidden();
    return presentDashboard(await dashboardCounts(this.db, new Date()));
  }
}
