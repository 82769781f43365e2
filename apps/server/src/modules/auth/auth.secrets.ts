import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH } from "@fba/contract";

/** An opaque refresh token: 32 random bytes. Only its SHA-256 is ever stored. */
export function generateRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The refresh token that follows another on rotation: an HMAC of it under a key derived from the
 * server secret. A repeat of the spent token within the grace period can then be answered with
 * the very successor issued the first time (found by its hash), without keeping any token.
 */
export class RefreshTokenSuccessor {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = createHmac("sha256", serverSecret).update("refresh-successor:v1").digest();
  }

  of(token: string): string {
    return createHmac("sha256", this.key).update(token).digest("base64url");
  }
}

/** A uniformly random numeric code from the CSPRNG, e.g. "0421". */
export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
}

/**
 * Keyed hashes of one-time codes. A 4-digit code is trivial to brute-force from a plain hash, so
 * the key (derived from the server secret, never stored in the database) is what protects it.
 */
export class OtpHasher {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = createHmac("sha256", serverSecret).update("otp-codes:v1").digest();
  }

  hash(email: string, purpose: string, code: string): string {
    return createHmac("sha256", this.key).update(`${purpose}\n${email}\n${code}`).digest("hex");
  }

  /** A hash no code can match: stored for addresses without an account. */
  unmatchable(): string {
    return createHmac("sha256", this.key).update(randomBytes(32)).digest("hex");
  }

  matches(expectedHash: string, email: string, purpose: string, code: string): boolean {
    const actual = Buffer.from(this.hash(email, purpose, code), "hex");
    const expected = Buffer.from(expectedHash, "hex");
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
