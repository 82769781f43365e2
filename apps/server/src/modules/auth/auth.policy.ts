import {
  OTP_EXPIRY_MINUTES,
  OTP_MAX_TRIES,
  OTP_RESEND_SECONDS,
  type Group,
  type SelfServiceGroup,
} from "@fba/contract";

/** Why a user whose password matched may still not sign in on the chosen tab. */
export type LoginRefusal = "disabled" | "wrong_group";

export function loginRefusal(
  user: { group: Group; isActive: boolean },
  requestedGroup: SelfServiceGroup,
): LoginRefusal | null {
  if (!user.isActive) return "disabled";
  // Admins have no tab of their own: either tab lets them in.
  if (user.group !== "Admin" && user.group !== requestedGroup) return "wrong_group";
  return null;
}

export type RefreshTokenState = "valid" | "grace" | "reused" | "revoked" | "expired";

/**
 * Two tabs of one browser share the stored refresh token and refresh at the same instant when
 * their sockets see the access token expire; a reuse this soon after rotation is that, not theft.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/**
 * A token that was already exchanged and is shown again (after the short grace) means two parties
 * hold it (one of them stole it), so the caller must revoke the whole family.
 */
export function refreshTokenState(
  token: { rotatedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): RefreshTokenState {
  if (token.revokedAt) return "revoked";
  if (token.rotatedAt) {
    return now.getTime() - token.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS ? "grace" : "reused";
  }
  if (token.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

export type OtpState = "usable" | "expired" | "exhausted" | "consumed";

export function otpState(
  code: { attempts: number; expiresAt: Date; consumedAt: Date | null },
  now: Date,
): OtpState {
  if (code.consumedAt) return "consumed";
  if (code.attempts >= OTP_MAX_TRIES) return "exhausted";
  if (code.expiresAt.getTime() <= now.getTime()) return "expired";
  return "usable";
}

/** Codes, and wrong tries at them, count toward the per-account caps for this long. */
export const RECOVERY_WINDOW_MS = 24 * 3600 * 1000;
/**
 * Wrong codes per address in a day before recovery pauses. A 4-digit code with 5 tries each would
 * otherwise fall to slow guessing across codes (about 1,150 guesses a day).
 */
export const RECOVERY_MAX_FAILURES = 10;
/** How long recovery stays paused once the cap is reached. */
export const RECOVERY_PAUSE_MS = 24 * 3600 * 1000;
/** The longest wait between two codes, however many were sent. */
export const MAX_RESEND_SECONDS = 3600;

/**
 * Seconds to wait after the `sent`-th code of the day before another: 120 s after the first,
 * then twice as long after each further one, up to an hour.
 */
export function resendSpacingSeconds(sent: number): number {
  return Math.min(MAX_RESEND_SECONDS, OTP_RESEND_SECONDS * 2 ** Math.max(0, sent - 1));
}

/** Seconds until another code may be sent (0 when it may be sent now). */
export function resendWaitSeconds(
  lastSentAt: Date | null | undefined,
  now: Date,
  sentToday = 1,
): number {
  if (!lastSentAt) return 0;
  const elapsed = (now.getTime() - lastSentAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(resendSpacingSeconds(sentToday) - elapsed));
}

export function otpExpiry(now: Date): Date {
  return new Date(now.getTime() + OTP_EXPIRY_MINUTES * 60_000);
}
