import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { Group } from "@fba/contract";
import type { Db } from "../db/client.js";
import { AppError } from "../lib/errors.js";
import type { AuthUser } from "../lib/principal.js";
import type { TokenService } from "../lib/tokens.js";
import { findActiveGroups, findLiveSessions, findTokenUser } from "./auth.repository.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by requireAuth; undefined on public routes. */
    user?: AuthUser;
  }
}

const CACHE_TTL_MS = 5_000;
/** Ids per query when checking many users at once, well below PostgreSQL's parameter limit. */
const ACTIVE_USERS_BATCH = 10_000;
/** Sessions whose state is kept at most; beyond it the oldest checks are dropped first. */
const SESSION_CACHE_SIZE = 100_000;

export interface AuthenticatorOptions {
  /**
   * How long a session found live is trusted without asking the database again: the longest an
   * access token of a session ended on another instance still works while Redis (which brings the
   * news within a second) is away.
   */
  sessionRecheckMs: number;
  /** The clock (tests move it instead of waiting). */
  now?: () => number;
}

interface SessionState {
  userId: number;
  live: boolean;
  /** `endings` when the database was asked: an ending of the user's sessions after it voids it. */
  seq: number;
  /** When the database was asked. */
  at: number;
}

/**
 * Resolves bearer tokens to active users. A short cache keeps the per-request cost to a JWT
 * check; disabling a user or changing their details drops the entry (other instances within 5 s).
 *
 * A token names its session (`sid`): it works only while that session lives. Whether it does is
 * kept in memory, so a request costs a map lookup: a session is read from the database when first
 * seen and again after `sessionRecheckMs`; an ending (a logout, a password change or reset, a
 * disabled account, a stolen refresh token) is known at once here and, through the realtime hub,
 * on every other instance (`sessionsEnded`).
 */
export class Authenticator {
  private readonly cache = new Map<number, { user: AuthUser | null; at: number }>();
  private readonly sessions = new Map<string, SessionState>();
  private readonly checking = new Map<string, Promise<void>>();
  /** Per user, the `endings` count at the last ending of all their sessions. */
  private readonly userEndings = new Map<number, { seq: number; at: number }>();
  /** Counts endings of every user's sessions, so a check under way can tell it is outdated. */
  private endings = 0;
  private readonly now: () => number;
  private readonly sessionRecheckMs: number;

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    options: AuthenticatorOptions = { sessionRecheckMs: 30_000 },
  ) {
    this.now = options.now ?? Date.now;
    this.sessionRecheckMs = options.sessionRecheckMs;
  }

  forget(userId: number): void {
    this.cache.delete(userId);
  }

  /**
   * Sessions ended (told by this instance's services or another's through the hub): with
   * `sessionId` that one, else every session of the user (their tokens issued before now).
   */
  sessionsEnded(userId: number, sessionId?: string): void {
    this.forget(userId);
    const now = this.now();
    if (sessionId !== undefined) {
      this.remember(sessionId, { userId, live: false, seq: this.endings, at: now });
      return;
    }
    this.userEndings.set(userId, { seq: ++this.endings, at: now });
    // Endings older than a recheck period void nothing still trusted.
    if (this.userEndings.size > 1_000) {
      for (const [id, ending] of this.userEndings) {
        if (now - ending.at > this.sessionRecheckMs) this.userEndings.delete(id);
      }
    }
  }

  /** Everything known about sessions may be stale (endings announced while Redis was away). */
  forgetSessions(): void {
    this.sessions.clear();
    this.cache.clear();
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
    // Tokens the server issues all name their session; the ones that do not were signed before
    // sessions were named and expire within ACCESS_TOKEN_TTL_SECONDS of an upgrade.
    if (claims.sessionId !== undefined) {
      // Known sessions are answered from memory without yielding.
      const live =
        this.knownState(claims.userId, claims.sessionId) ??
        (await this.sessionLive(claims.userId, claims.sessionId));
      if (!live) return null;
    }
    const user = await this.loadUser(claims.userId);
    if (!user || user.group !== claims.group) return null;
    return user;
  }

  /** Reads a session memory has no (current) answer for. */
  private async sessionLive(userId: number, sessionId: string): Promise<boolean> {
    // Asked at most twice: a second time when an ending arrived while the first answer was read.
    for (let attempt = 0; attempt < 2; attempt++) {
      await this.check(userId, sessionId);
      const state = this.knownState(userId, sessionId);
      if (state !== undefined) return state;
    }
    return false;
  }

  /** What memory says of the session: undefined when it must be read (again). */
  private knownState(userId: number, sessionId: string): boolean | undefined {
    const state = this.sessions.get(sessionId);
    if (!state || state.userId !== userId) return undefined;
    // An ended session never lives again.
    if (!state.live) return false;
    if (this.now() - state.at >= this.sessionRecheckMs) return undefined;
    if (state.seq < (this.userEndings.get(userId)?.seq ?? 0)) return undefined;
    return true;
  }

  /** Reads the session's state; concurrent requests of one session share the read. */
  private check(userId: number, sessionId: string): Promise<void> {
    const running = this.checking.get(sessionId);
    if (running) return running;
    const seq = this.endings;
    const at = this.now();
    const read = findLiveSessions(this.db, [sessionId])
      .then((live) => {
        // An ending told while the database was read wins over what it answered.
        if (this.sessions.get(sessionId)?.live === false) return;
        this.remember(sessionId, { userId, live: live.includes(sessionId), seq, at });
      })
      .finally(() => this.checking.delete(sessionId));
    this.checking.set(sessionId, read);
    return read;
  }

  private remember(sessionId: string, state: SessionState): void {
    this.sessions.delete(sessionId);
    if (this.sessions.size >= SESSION_CACHE_SIZE) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
    this.sessions.set(sessionId, state);
  }

  private async loadUser(userId: number): Promise<AuthUser | null> {
    const now = this.now();
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
