import {
  adminMessages,
  type AdminDashboard,
  type AdminUser,
  type AdminUserListQuery,
} from "@fba/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/errors.js";
import type { Page } from "../../lib/http.js";
import type { AuthUser } from "../../plugins/auth.js";
import { revokeAllSessions } from "../auth/auth.service.js";
import { canSetActive, isAdmin } from "./admin.policy.js";
import { presentAdminUser, presentDashboard } from "./admin.presenter.js";
import { dashboardCounts, findUser, listUsers, setUserActive } from "./admin.repository.js";

export class AdminService {
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return this.app.database.db;
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
    return {
      rows: rows.map((row) => presentAdminUser(row, this.app.config)),
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
    this.app.authenticator.forget(userId);
    this.app.events.emit("user.updated", { userId });
    if (!isActive) this.app.events.emit("user.disabled", { userId });
    return presentAdminUser(updated, this.app.config);
  }

  async dashboard(caller: AuthUser): Promise<AdminDashboard> {
    if (!isAdmin(caller)) throw AppError.forbidden();
    return presentDashboard(await dashboardCounts(this.db));
  }
}
