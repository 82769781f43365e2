import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { Group } from "@fba/contract";
import type { Db } from "../db/client.js";
import { AppError } from "../lib/errors.js";
import type { TokenService } from "../lib/tokens.js";
import { findActiveGroups, findLiveSessions, findTokenUser } from "./auth.repository.js";

export interface AuthUser {
  id: number;
  group: Group;
  firstName: string;
  lastName: string;
  email: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by requireAuth; undefined on public routes. */
    user?: AuthUser;
  }
}

const CACHE_TTL_MS = 5_000;
/** Ids per query when checking many users at once, well below PostgreSQL's parameter limit. */
const ACTIVE_USERS_BATCH = 10_000;

/**
 * Resolves bearer tokens to active users. A short cache keeps the per-request cost to a JWT
 * check; disabling a user or changing their details drops the entry (other instances within 5 s).
 */
export class Authenticator {
  private readonly cache = new Map<number, { user: AuthUser | null; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
  ) {}

  forget(userId: number): void {
    this.cache.delete(userId);
  }

  /**
   * Of these users, the ones whose accounts are active, with their group: one query per
   * ACTIVE_USERS_BATCH ids (one for any realistic number of sockets on an instance).
   */
  async activeUsers(userIds: number[]): Promise<Map<number, Group>> {
    const active = new Map<number, Group>();
    for (let start = 0; start < userIds.length; start += ACTIVE_USERS_BATCH) {
      const rows = await findActiveGroups(
        this.db,
        userIds.slice(start, start + ACTIVE_USERS_BATCH),
      );
      for (const row of rows) active.set(row.id, row.group);
    }
    return active;
  }

  /** Of these sessions, the ones still live (not logged out, revoked or expired). */
  async liveSessions(sessionIds: string[]): Promise<Set<string>> {
    const live = new Set<string>();
    for (let start = 0; start < sessionIds.length; start += ACTIVE_USERS_BATCH) {
      const batch = sessionIds.slice(start, start + ACTIVE_USERS_BATCH);
      for (const id of await findLiveSessions(this.db, batch)) live.add(id);
    }
    return live;
  }

  async userFromToken(token: string | undefined): Promise<AuthUser | null> {
    if (!token) return null;
    const claims = await this.tokens.verifyAccess(token);
    if (!claims) return null;
    const user = await this.loadUser(claims.userId);
    if (!user || user.group !== claims.group) return null;
    return user;
  }

  private async loadUser(userId: number): Promise<AuthUser | null> {
    const now = Date.now();
    const cached = this.cache.get(userId);
    if (cached && now - cached.at < CACHE_TTL_MS) return cached.user;
    const row = await findTokenUser(this.db, userId);
    const user =
      row && row.isActive
        ? {
            id: row.id,
            group: row.group,
            firstName: row.firstName,
            lastName: row.lastName,
            email: row.email,
          }
        : null;
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(userId, { user, at: now });
    return user;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : undefined;
}

/** preHandler: 401 without a valid token, 403 when the caller's group is not allowed. */
export function requireAuth(app: FastifyInstance, ...groups: Group[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = await app.authenticator.userFromToken(bearerToken(request));
    if (!user) throw AppError.unauthorized();
    if (groups.length > 0 && !groups.includes(user.group)) throw AppError.forbidden();
    request.user = user;
  };
}

/** The authenticated user of a route guarded by requireAuth. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}
