import { WS_CLOSE_CODES } from "@fba/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Authenticator } from "../plugins/auth.js";
import { rooms, type ChatParties, type RealtimeHub, type Room } from "./hub.js";
import type { Admission, Connection, GatewayLimits } from "./connection.js";

const NO_LONGER_A_PARTY = "No longer a party to this chat";

/**
 * The heartbeat visits one slice of the sockets per tick, HEARTBEAT_SLICES ticks per heartbeat
 * period: every socket is still pinged once per period, but 10,000 sockets cost ten short bursts of
 * pings spread over the period instead of one long pause of the event loop that every frame
 * waiting behind it would feel.
 */
export const HEARTBEAT_SLICES = 10;
const SESSION_ENDED = "Session ended";

/**
 * This instance's open sockets by user and by anonymous IP, with the withdrawals (disabled
 * accounts, changed chat parties) that upgrades still being checked must respect.
 */
export class ConnectionRegistry {
  readonly all = new Set<Connection>();
  private readonly slices: Array<Set<Connection>> = Array.from(
    { length: HEARTBEAT_SLICES },
    () => new Set(),
  );
  private nextSlice = 0;
  private tick = 0;
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly anonymousPerIp = new Map<string, number>();
  /** When each user's access was last withdrawn, for upgrades whose check was under way. */
  private readonly revokedAt = new Map<number, number>();
  /** When each session ended (a logout), for upgrades whose check was under way. */
  private readonly sessionEndedAt = new Map<string, number>();
  /** Each chat's parties as last changed, for upgrades whose check was under way. */
  private readonly partiesChanged = new Map<Room, { at: number; parties: ChatParties }>();
  private recheckRunning = false;

  constructor(
    private readonly hub: RealtimeHub,
    private readonly limits: GatewayLimits,
  ) {}

  /** Why an admitted upgrade must still not open (access withdrawn meanwhile, too many sockets). */
  refusal(admission: Admission, ip: string | null): { code: number; reason: string } | null {
    const user = admission.user;
    if (user && (this.revokedAt.get(user.id) ?? -1) >= admission.checkedAt) {
      return { code: WS_CLOSE_CODES.unauthorized, reason: "Account disabled" };
    }
    const sessionId = admission.sessionId;
    if (sessionId !== null && (this.sessionEndedAt.get(sessionId) ?? -1) >= admission.checkedAt) {
      return { code: WS_CLOSE_CODES.unauthorized, reason: SESSION_ENDED };
    }
    for (const room of admission.rooms) {
      const change = this.partiesChanged.get(room);
      if (
        user &&
        change &&
        change.at >= admission.checkedAt &&
        admission.endpoint.staysAdmitted?.(user, change.parties) === false
      ) {
        return { code: WS_CLOSE_CODES.forbidden, reason: NO_LONGER_A_PARTY };
      }
    }
    const sameUser = user ? this.byUser.get(user.id) : undefined;
    const scopeRoom = admission.scope ? admission.rooms[0] : undefined;
    let sameScope = 0;
    for (const other of sameUser ?? []) {
      if (scopeRoom !== undefined && other.admission.rooms.includes(scopeRoom)) sameScope += 1;
    }
    if (
      (sameUser?.size ?? 0) >= this.limits.maxSocketsPerUser ||
      sameScope >= this.limits.maxSocketsPerUserPerChat ||
      (ip === null ? 0 : (this.anonymousPerIp.get(ip) ?? 0)) >= this.limits.maxAnonymousSocketsPerIp
    ) {
      return { code: WS_CLOSE_CODES.policyViolation, reason: "Too many connections" };
    }
    return null;
  }

  add(connection: Connection, ip: string | null): void {
    this.all.add(connection);
    connection.heartbeatSlice = this.nextSlice;
    this.slices[this.nextSlice]?.add(connection);
    this.nextSlice = (this.nextSlice + 1) % HEARTBEAT_SLICES;
    const userId = connection.userId;
    if (userId !== null) {
      const own = this.byUser.get(userId);
      if (own) own.add(connection);
      else this.byUser.set(userId, new Set([connection]));
    }
    if (ip !== null) this.anonymousPerIp.set(ip, (this.anonymousPerIp.get(ip) ?? 0) + 1);
    for (const room of connection.admission.rooms) this.hub.join(room, connection);
  }

  remove(connection: Connection, ip: string | null): void {
    this.all.delete(connection);
    this.slices[connection.heartbeatSlice]?.delete(connection);
    for (const room of connection.admission.rooms) this.hub.leave(room, connection);
    const userId = connection.userId;
    if (userId !== null) {
      const own = this.byUser.get(userId);
      own?.delete(connection);
      if (own?.size === 0) this.byUser.delete(userId);
    }
    if (ip !== null) {
      const left = (this.anonymousPerIp.get(ip) ?? 1) - 1;
      if (left <= 0) this.anonymousPerIp.delete(ip);
      else this.anonymousPerIp.set(ip, left);
    }
  }

  /**
   * A disabled account (or one whose every session ended) loses its sockets at once; with a
   * session, only that session's sockets close (a logout).
   */
  revokeUser(userId: number, sessionId?: string): void {
    if (sessionId !== undefined) {
      this.sessionEndedAt.set(sessionId, Date.now());
      for (const connection of this.byUser.get(userId) ?? []) {
        if (connection.admission.sessionId === sessionId) connection.revoke(SESSION_ENDED);
      }
      return;
    }
    this.revokedAt.set(userId, Date.now());
    for (const connection of this.byUser.get(userId) ?? []) connection.revoke("Account disabled");
  }

  /** Closes the sockets in a chat's room whose users are no longer its parties. */
  changeParties(parties: ChatParties): void {
    const room = rooms.chat(parties);
    this.partiesChanged.set(room, { at: Date.now(), parties });
    for (const member of this.hub.membersOf(room)) {
      if (!this.all.has(member as Connection)) continue;
      const connection = member as Connection;
      const user = connection.admission.user;
      if (!user || connection.admission.endpoint.staysAdmitted?.(user, parties) !== false) continue;
      // Out of the room first: nothing published from now on reaches the closing socket.
      for (const joined of connection.admission.rooms) this.hub.leave(joined, connection);
      connection.revoke(NO_LONGER_A_PARTY, WS_CLOSE_CODES.forbidden);
    }
  }

  /**
   * Checks the owners of this instance's sockets against the database: their accounts must be
   * active and, for sockets opened with a session, that session must not have ended.
   */
  async recheckOwners(authenticator: Authenticator, log: FastifyBaseLogger): Promise<void> {
    if (this.recheckRunning || this.byUser.size === 0) return;
    this.recheckRunning = true;
    try {
      // Only what these reads cover is judged: a socket admitted while they ran, or a user or
      // session they did not ask about, is left to its own admission's check and the next round.
      const startedAt = Date.now();
      const userIds = [...this.byUser.keys()];
      const sessionIds = new Set<string>();
      for (const connection of this.all) {
        if (connection.admission.sessionId !== null) sessionIds.add(connection.admission.sessionId);
      }
      const active = await authenticator.activeUsers(userIds);
      const live = await authenticator.liveSessions([...sessionIds]);
      for (const userId of userIds) {
        const group = active.get(userId);
        for (const connection of this.byUser.get(userId) ?? []) {
          if (connection.admission.checkedAt >= startedAt) continue;
          const sessionId = connection.admission.sessionId;
          if (group === undefined) connection.revoke("Account disabled");
          else if (connection.admission.user?.group !== group) connection.revoke("Access changed");
          else if (sessionId !== null && sessionIds.has(sessionId) && !live.has(sessionId)) {
            connection.revoke(SESSION_ENDED);
          }
        }
        if (group === undefined) authenticator.forget(userId);
      }
    } catch (error) {
      log.warn({ err: (error as Error).message }, "socket owner re-check failed");
    } finally {
      this.recheckRunning = false;
    }
  }

  /**
   * One heartbeat tick (HEARTBEAT_SLICES per heartbeat period): forgets settled withdrawals, pings
   * the live sockets of the next slice and ends the ones of that slice that went quiet since their
   * last ping, a period ago.
   */
  sweep(): void {
    const settled = Date.now() - 60_000;
    for (const [userId, at] of this.revokedAt) if (at < settled) this.revokedAt.delete(userId);
    for (const [sessionId, at] of this.sessionEndedAt) {
      if (at < settled) this.sessionEndedAt.delete(sessionId);
    }
    for (const [room, change] of this.partiesChanged) {
      if (change.at < settled) this.partiesChanged.delete(room);
    }
    const slice = this.slices[this.tick] ?? [];
    this.tick = (this.tick + 1) % HEARTBEAT_SLICES;
    for (const connection of slice) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }
}
