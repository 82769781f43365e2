import { randomUUID } from "node:crypto";
import {
  REFRESH_TOKEN_TTL_REMEMBER_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  type TokenPair,
} from "@fba/contract";
import type { Db, DbOrTx } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import type { TokenService } from "../../lib/tokens.js";
import * as repo from "./auth.repository.js";
import { generateRefreshToken, hashRefreshToken } from "./auth.secrets.js";

function refreshLifetimeMs(remember: boolean): number {
  return (remember ? REFRESH_TOKEN_TTL_REMEMBER_SECONDS : REFRESH_TOKEN_TTL_SECONDS) * 1000;
}

/**
 * Opens a new session for a user: a 15-minute access JWT and a refresh token starting a new
 * family. Pass `db` to write inside an open transaction.
 */
export async function issueSession(
  deps: { db: Db; tokens: TokenService },
  userId: number,
  options: { remember?: boolean; db?: DbOrTx } = {},
): Promise<TokenPair> {
  const db = options.db ?? deps.db;
  const user = await repo.findUserById(db, userId);
  if (!user) throw AppError.notFound("User not found");
  return createTokenPair(
    deps.tokens,
    db,
    user,
    randomUUID(),
    options.remember ?? false,
    new Date(),
  );
}

/** Ends every session of the user (their refresh tokens stop working); returns how many. */
export async function revokeAllSessions(db: DbOrTx, userId: number): Promise<number> {
  return repo.revokeUserRefreshTokens(db, userId, new Date());
}

export async function createTokenPair(
  tokens: TokenService,
  db: DbOrTx,
  user: Pick<repo.UserRow, "id" | "group">,
  familyId: string,
  remember: boolean,
  now: Date,
  refreshToken = generateRefreshToken(),
): Promise<TokenPair> {
  await repo.insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: hashRefreshToken(refreshToken),
    remember,
    expiresAt: new Date(now.getTime() + refreshLifetimeMs(remember)),
  });
  const accessToken = await tokens.signAccess({
    userId: user.id,
    group: user.group,
    sessionId: familyId,
  });
  return { access_token: accessToken, refresh_token: refreshToken };
}
