// The re-check of socket owners (disabled accounts, ended sessions, while Redis could not say)
// judges only the sockets its database reads cover: a user who connects while it reads was
// checked by their own admission, and is not taken for disabled because the read left them out.
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import type { Authenticator } from "../plugins/auth.js";
import type { Connection } from "./connection.js";
import { ConnectionRegistry } from "./connections.js";
import { defaultGatewayLimits } from "./gateway.js";
import { RealtimeHub } from "./hub.js";

const silent = { warn: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

function fakeConnection(userId: number, checkedAt: number, sessionId: string | null = null) {
  const revoked: string[] = [];
  const connection = {
    alive: true,
    heartbeatSlice: 0,
    userId,
    admission: { rooms: [], user: { id: userId, group: "Seller" }, sessionId, checkedAt },
    revoke: (reason: string) => revoked.push(reason),
  };
  return { connection: connection as unknown as Connection, revoked };
}

describe("the socket owners' re-check", () => {
  it("revokes the disabled and ended, and leaves alone whoever connected while it read", async () => {
    const registry = new ConnectionRegistry(new RealtimeHub(silent), defaultGatewayLimits);
    const before = Date.now() - 1_000;
    const disabled = fakeConnection(1, before);
    const active = fakeConnection(2, before, "live-session");
    const loggedOut = fakeConnection(3, before, "ended-session");
    for (const fake of [disabled, active, loggedOut]) registry.add(fake.connection, null);

    // Sockets that open while the database is read: a new user, a new session of a known one,
    // and a socket of the disabled user admitted meanwhile (its own check was as recent).
    const newcomer = fakeConnection(4, Date.now() + 1, "newcomer-session");
    const secondSession = fakeConnection(2, before, "second-session");
    const disabledLater = fakeConnection(1, Date.now() + 1);
    const asked: { users: number[]; sessions: string[] } = { users: [], sessions: [] };
    const authenticator = {
      activeUsers: async (userIds: number[]) => {
        asked.users = userIds;
        for (const fake of [newcomer, secondSession, disabledLater])
          registry.add(fake.connection, null);
        return new Map(
          userIds.filter((id) => id !== 1).map((id) => [id, "Seller"] as [number, "Seller"]),
        );
      },
      liveSessions: async (sessionIds: string[]) => {
        asked.sessions = sessionIds;
        return new Set(sessionIds.filter((id) => id !== "ended-session"));
      },
      forget: () => undefined,
    } as unknown as Authenticator;

    await registry.recheckOwners(authenticator, silent);

    expect(asked.users).toEqual([1, 2, 3]);
    expect(asked.sessions).toEqual(["live-session", "ended-session"]);
    expect(disabled.revoked).toEqual(["Account disabled"]);
    expect(loggedOut.revoked).toEqual(["Session ended"]);
    expect(active.revoked).toEqual([]);
    // Not in the reads: not judged by them.
    expect(newcomer.revoked).toEqual([]);
    expect(secondSession.revoked).toEqual([]);
    expect(disabledLater.revoked).toEqual([]);
  });
});
