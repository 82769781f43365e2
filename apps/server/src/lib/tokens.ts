import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { jwtVerify, SignJWT, errors as joseErrors } from "jose";
import { ACCESS_TOKEN_TTL_SECONDS, type Group } from "@fba/contract";

export interface AccessClaims {
  userId: number;
  group: Group;
  /**
   * The session (refresh-token family) the token was issued for, as the `sid` claim. A socket
   * opened with it stays open past the token's expiry while that session lives.
   */
  sessionId?: string;
}

/** Verified tokens kept at most; beyond it the cache starts over. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Signs and verifies short-lived access JWTs (HS256 only). A verified token is remembered until it
 * expires, so the signature of a token that comes back on every request is checked once.
 */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    return new SignJWT({
      grp: claims.group,
      ...(claims.sessionId ? { sid: claims.sessionId } : {}),
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /** Returns the claims, or null when the token is malformed, forged or expired. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"] });
      const userId = Number(payload.sub);
      const group = payload.grp;
      if (!Number.isInteger(userId) || userId <= 0) return null;
      if (group !== "Seller" && group !== "Shipper" && group !== "Admin") return null;
      if (typeof payload.exp !== "number") return null;
      const claims: AccessClaims = {
        userId,
        group,
        ...(typeof payload.sid === "string" ? { sessionId: payload.sid } : {}),
      };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}

/** JWT_SECRET when given; otherwise a secret generated once and kept in DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
