import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import {
  OTP_EXPIRY_MINUTES,
  messages,
  type AuthResult,
  type ChangePasswordInput,
  type Me,
  type OtpPurpose,
  type OtpSent,
  type PasswordResetResult,
  type TokenPair,
  type User,
  loginInputSchema,
  passwordInitInputSchema,
  passwordResetInputSchema,
  registerInputSchema,
  sendOtpInputSchema,
  verifyOtpInputSchema,
} from "@fba/contract";
import type { z } from "zod";
import type { Config } from "../../config.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { AppError } from "../../lib/errors.js";
import type { EventBus } from "../../lib/events.js";
import { localeOf } from "../../lib/i18n/locale.js";
import { mailTexts, recoveryPausedMail } from "../../lib/i18n/mail.js";
import { enqueueEmail } from "../../lib/mail-outbox.js";
import { hashPassword, verifyPassword } from "../../lib/passwords.js";
import type { Mailer } from "../../lib/mailer.js";
import type { TokenService } from "../../lib/tokens.js";
import type { StorageQuota } from "./storage-quota.js";
import {
  RECOVERY_MAX_FAILURES,
  RECOVERY_PAUSE_MS,
  RECOVERY_WINDOW_MS,
  loginRefusal,
  otpExpiry,
  otpState,
  refreshTokenState,
  resendSpacingSeconds,
  resendWaitSeconds,
} from "./auth.policy.js";
import * as repo from "./auth.repository.js";
import { OtpHasher, RefreshTokenSuccessor, generateOtp, hashRefreshToken } from "./auth.secrets.js";
import { presentUser } from "./user.presenter.js";
import { createTokenPair } from "./auth.sessions.js";
import { PASSWORD_RESET, RECOVERY_FAILURES_KEPT_MS, pausePurpose } from "./auth.recovery.js";
import {
  invalidCredentials,
  invalidOtp,
  invalidSession,
  recoveryPaused,
  wrongCode,
} from "./auth.errors.js";

type LoginInput = z.output<typeof loginInputSchema>;
type RegisterInput = z.output<typeof registerInputSchema>;
type PasswordInitInput = z.output<typeof passwordInitInputSchema>;
type SendOtpInput = z.output<typeof sendOtpInputSchema>;
type VerifyOtpInput = z.output<typeof verifyOtpInputSchema>;
type PasswordResetInput = z.output<typeof passwordResetInputSchema>;

/** How many successors a repeat within the grace period may follow (tabs racing, not a loop). */
const MAX_GRACE_HOPS = 4;

export interface AuthServiceDeps {
  db: Db;
  /** Ended sessions are announced, so their open sockets close on every instance. */
  events: EventBus;
  tokens: TokenService;
  /** The server secret (the JWT secret): keys the OTP hashes and refresh-token successors. */
  secret: string;
  config: Pick<Config, "PUBLIC_URL">;
  mailer: Pick<Mailer, "wake">;
  log: FastifyBaseLogger;
  /** Reports the account's storage use on `me`. */
  storageQuota: Pick<StorageQuota, "usage">;
}

export class AuthService {
  private readonly otp: OtpHasher;
  private readonly successor: RefreshTokenSuccessor;
  /** Verified against for unknown emails, so a wrong email costs as long as a wrong password. */
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly deps: AuthServiceDeps) {
    this.otp = new OtpHasher(deps.secret);
    this.successor = new RefreshTokenSuccessor(deps.secret);
  }

  private get db() {
    return this.deps.db;
  }

  private present(user: repo.UserRow): User {
    return presentUser(user, this.deps.config);
  }

  async register(input: RegisterInput): Promise<AuthResult> {
    const passwordHash = await hashPassword(input.password);
    const emailTaken = () =>
      new AppError("BAD_REQUEST", messages.emailTaken, [
        { field: "email", message: messages.emailTaken },
      ]);
    try {
      return await this.db.transaction(async (tx) => {
        if (await repo.findUserByEmail(tx, input.email)) throw emailTaken();
        const user = await repo.insertUser(tx, {
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          passwordHash,
          group: input.groups,
        });
        const tokens = await createTokenPair(
          this.deps.tokens,
          tx,
          user,
          randomUUID(),
          false,
          new Date(),
        );
        return { user: this.present(user), ...tokens };
      });
    } catch (error) {
      // Two sign-ups racing for one address: the unique index decides, the loser gets the same answer.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  async login(input: LoginInput): Promise<AuthResult> {
    const user = await repo.findUserByEmail(this.db, input.email);
    if (!user) {
      this.dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
      await verifyPassword(await this.dummyHash, input.password);
      throw invalidCredentials();
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) throw invalidCredentials();
    // Only someone who knows the password learns the account's state or group.
    const refusal = loginRefusal(user, input.group);
    if (refusal === "disabled") {
      throw new AppError("FORBIDDEN", messages.accountDisabled, [
        { message: messages.accountDisabled },
      ]);
    }
    // The wrong tab is refused as a wrong password is, word for word: the answer does not tell
    // a guesser that the account exists (the login page reminds the user to check the tab).
    if (refusal === "wrong_group") throw invalidCredentials();
    const tokens = await createTokenPair(
      this.deps.tokens,
      this.db,
      user,
      randomUUID(),
      input.remember,
      new Date(),
    );
    return { user: this.present(user), ...tokens };
  }

  /** The signed-in user and, additively, what their stored files take against their quota. */
  async me(userId: number): Promise<Me> {
    const user = await repo.findUserById(this.db, userId);
    if (!user || !user.isActive) throw AppError.unauthorized();
    return { ...this.present(user), storage: this.deps.storageQuota.usage(user.storageUsedBytes) };
  }

  /**
   * Exchanges a refresh token for a new pair; a later second use of any token ends its family.
   * A repeat within the grace period gets the successor issued the first time (with a fresh
   * access token), so racing tabs continue one session instead of forking it.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const now = new Date();
    const outcome = await this.db.transaction(async (tx) => {
      let presented = refreshToken;
      for (let hop = 0; hop <= MAX_GRACE_HOPS; hop++) {
        const token = await repo.findRefreshTokenForUpdate(tx, hashRefreshToken(presented));
        if (!token) return { kind: "invalid" as const };
        const state = refreshTokenState(token, now);
        if (state === "reused") {
          await repo.revokeRefreshFamily(tx, token.familyId, now);
          return { kind: "reused" as const, userId: token.userId, sessionId: token.familyId };
        }
        if (state === "grace") {
          presented = this.successor.of(presented);
          continue;
        }
        if (state !== "valid") return { kind: "invalid" as const };
        const user = await repo.findUserById(tx, token.userId);
        if (!user || !user.isActive) {
          await repo.revokeRefreshFamily(tx, token.familyId, now);
          return { kind: "invalid" as const };
        }
        if (hop > 0) {
          // The successor of a repeat: the same refresh token, a new access token of its session.
          const accessToken = await this.deps.tokens.signAccess({
            userId: user.id,
            group: user.group,
            sessionId: token.familyId,
          });
          return {
            kind: "ok" as const,
            pair: { access_token: accessToken, refresh_token: presented },
          };
        }
        await repo.markRefreshTokenRotated(tx, token.id, now);
        const pair = await createTokenPair(
          this.deps.tokens,
          tx,
          user,
          token.familyId,
          token.remember,
          now,
          this.successor.of(presented),
        );
        return { kind: "ok" as const, pair };
      }
      return { kind: "invalid" as const };
    });
    if (outcome.kind === "reused") {
      this.deps.log.warn(
        { userId: outcome.userId },
        "refresh token reused: session family revoked",
      );
      // Whoever holds the session's access tokens loses them too, and its sockets.
      this.deps.events.emit("user.sessions_ended", {
        userId: outcome.userId,
        sessionId: outcome.sessionId,
      });
    }
    if (outcome.kind !== "ok") throw invalidSession();
    return outcome.pair;
  }

  /**
   * Ends the session the refresh token belongs to, and its open sockets. Unknown or spent tokens
   * are fine too.
   */
  async logout(refreshToken: string): Promise<void> {
    const now = new Date();
    const ended = await this.db.transaction(async (tx) => {
      const token = await repo.findRefreshTokenForUpdate(tx, hashRefreshToken(refreshToken));
      if (token) await repo.revokeRefreshFamily(tx, token.familyId, now);
      return token;
    });
    if (ended) {
      this.deps.events.emit("user.sessions_ended", {
        userId: ended.userId,
        sessionId: ended.familyId,
      });
    }
  }

  /** First recovery step. Within the resend spacing the code already sent stays the one to use. */
  async startPasswordReset(input: PasswordInitInput): Promise<OtpSent> {
    const result = await this.issueCode(input.email, PASSWORD_RESET, "keep-recent");
    return { email: input.email, channel: input.channel, resend_after: result.resendAfter };
  }

  /** Resend: refused with 429 until OTP_RESEND_SECONDS after the previous code. */
  async resendCode(input: SendOtpInput): Promise<OtpSent> {
    const result = await this.issueCode(input.email, input.otp_for, "refuse-recent");
    if (result.waitSeconds > 0) {
      throw new AppError(
        "RATE_LIMITED",
        messages.otpResendTooSoon,
        [{ message: messages.otpResendTooSoon }],
        { "Retry-After": String(result.waitSeconds) },
      );
    }
    return { email: input.email, channel: input.channel, resend_after: result.resendAfter };
  }

  /**
   * Writes a new code for the address, known or not (an unknown one gets a code nobody can
   * match, and no email), so that every later step answers the same for both.
   */
  private async issueCode(
    email: string,
    purpose: OtpPurpose,
    whenRecent: "keep-recent" | "refuse-recent",
  ): Promise<{ resendAfter: number; waitSeconds: number }> {
    const now = new Date();
    const result = await this.db.transaction(async (tx) => {
      const latest = await repo.findLatestOtpForUpdate(tx, email, purpose);
      const pausedUntil = await repo.findPauseEnd(tx, email, pausePurpose(purpose), now);
      if (pausedUntil) return { kind: "paused" as const, pausedUntil };
      const since = new Date(now.getTime() - RECOVERY_WINDOW_MS);
      const { sent } = await repo.otpActivitySince(tx, email, purpose, since);
      // Each code of the day waits longer than the one before it.
      const waitSeconds = resendWaitSeconds(latest?.createdAt, now, Math.max(1, sent));
      if (waitSeconds > 0) {
        // password-init answers as if it had sent: the code sent moments ago is still the one.
        const refuse = whenRecent === "refuse-recent";
        return {
          kind: "answered" as const,
          resendAfter: waitSeconds,
          waitSeconds: refuse ? waitSeconds : 0,
          sent: false,
        };
      }
      const user = await repo.findUserByEmail(tx, email);
      const recipient = user && user.isActive ? user : null;
      const code = generateOtp();
      // Earlier codes stay (only the newest works): their wrong tries count toward the daily cap.
      await repo.insertOtp(tx, {
        email,
        userId: recipient?.id ?? null,
        purpose,
        codeHash: recipient ? this.otp.hash(email, purpose, code) : this.otp.unmatchable(),
        expiresAt: otpExpiry(now),
        createdAt: now,
      });
      if (recipient) await enqueueEmail(tx, resetCodeEmail(recipient, code));
      return {
        kind: "answered" as const,
        resendAfter: resendSpacingSeconds(sent + 1),
        waitSeconds: 0,
        sent: recipient !== null,
      };
    });
    if (result.kind === "paused") throw recoveryPaused(result.pausedUntil, "email");
    if (result.sent) this.deps.mailer.wake();
    return result;
  }

  /** Checks a code without using it up (the dialog's second step). */
  async verifyCode(input: VerifyOtpInput): Promise<void> {
    await this.checkCode(input.email, PASSWORD_RESET, input.otp, async (tx, code) => {
      await repo.markOtpVerified(tx, code.id, new Date());
    });
  }

  /**
   * Uses the code up, sets the new password and ends every session of the account; answers the
   * account's group (the login form opens on its tab).
   */
  async resetPassword(input: PasswordResetInput): Promise<PasswordResetResult> {
    const passwordHash = await hashPassword(input.password);
    let group: PasswordResetResult["group"] | undefined;
    let userId: number | undefined;
    await this.checkCode(input.email, PASSWORD_RESET, input.otp, async (tx, code, user) => {
      const now = new Date();
      await repo.markOtpConsumed(tx, code.id, now);
      await repo.updatePasswordHash(tx, user.id, passwordHash);
      await repo.revokeUserRefreshTokens(tx, user.id, now);
      group = user.group;
      userId = user.id;
    });
    if (!group || userId === undefined)
      throw new Error("password reset accepted without an account");
    this.deps.events.emit("user.sessions_ended", { userId });
    return { group };
  }

  private async checkCode(
    email: string,
    purpose: OtpPurpose,
    submitted: string,
    onMatch: (tx: DbOrTx, code: repo.OtpCodeRow, user: repo.UserRow) => Promise<void>,
  ): Promise<void> {
    const now = new Date();
    const outcome = await this.db.transaction(async (tx) => {
      // The newest code's row lock also serialises concurrent checks of one address.
      const code = await repo.findLatestOtpForUpdate(tx, email, purpose);
      const pausedUntil = await repo.findPauseEnd(tx, email, pausePurpose(purpose), now);
      if (pausedUntil) return { kind: "paused" as const, pausedUntil, pausedNow: false };
      if (!code || otpState(code, now) !== "usable") return { kind: "refused" as const };
      if (!code.userId || !this.otp.matches(code.codeHash, email, purpose, submitted)) {
        // Committed even though the request fails: this is what makes the limits hold.
        await repo.recordOtpFailure(tx, code.id);
        const since = new Date(now.getTime() - RECOVERY_WINDOW_MS);
        const { failures } = await repo.otpActivitySince(tx, email, purpose, since);
        if (failures < RECOVERY_MAX_FAILURES) return { kind: "refused" as const };
        const until = await this.pauseRecovery(tx, email, purpose, code.userId, now);
        return { kind: "paused" as const, pausedUntil: until, pausedNow: true };
      }
      const user = await repo.findUserById(tx, code.userId);
      if (!user || !user.isActive) return { kind: "refused" as const };
      await onMatch(tx, code, user);
      return { kind: "accepted" as const };
    });
    if (outcome.kind === "paused") {
      if (!outcome.pausedNow) throw recoveryPaused(outcome.pausedUntil, "otp");
      this.deps.mailer.wake();
      throw wrongCode(recoveryPaused(outcome.pausedUntil, "otp"));
    }
    if (outcome.kind !== "accepted") throw invalidOtp();
  }

  /**
   * Too many wrong codes for one address: no code is sent or accepted for RECOVERY_PAUSE_MS, and
   * the owner (if the address has an account) is told. Returns the end of the pause.
   */
  private async pauseRecovery(
    tx: DbOrTx,
    email: string,
    purpose: OtpPurpose,
    userId: number | null,
    now: Date,
  ): Promise<Date> {
    const until = new Date(now.getTime() + RECOVERY_PAUSE_MS);
    await repo.insertOtp(tx, {
      email,
      userId,
      purpose: pausePurpose(purpose),
      codeHash: this.otp.unmatchable(),
      expiresAt: until,
      createdAt: now,
    });
    const user = userId === null ? undefined : await repo.findUserById(tx, userId);
    if (user && user.isActive) await enqueueEmail(tx, recoveryPausedEmail(user));
    this.deps.log.warn({ userId }, "password recovery paused after too many wrong codes");
    return until;
  }

  /** Changes the password after checking the current one; every other session ends. */
  async changePassword(userId: number, input: ChangePasswordInput): Promise<TokenPair> {
    const user = await repo.findUserById(this.db, userId);
    if (!user || !user.isActive) throw AppError.unauthorized();
    if (!(await verifyPassword(user.passwordHash, input.old_password))) {
      throw new AppError("BAD_REQUEST", messages.currentPasswordWrong, [
        { field: "old_password", message: messages.currentPasswordWrong },
      ]);
    }
    const passwordHash = await hashPassword(input.new_password);
    const pair = await this.db.transaction(async (tx) => {
      const now = new Date();
      await repo.updatePasswordHash(tx, user.id, passwordHash);
      await repo.revokeUserRefreshTokens(tx, user.id, now);
      // The caller keeps working with a fresh session; every other device must sign in again.
      return createTokenPair(this.deps.tokens, tx, user, randomUUID(), false, now);
    });
    // Every socket of the old sessions closes; the caller's reconnect with the new token.
    this.deps.events.emit("user.sessions_ended", { userId: user.id });
    return pair;
  }

  /** Drops refresh tokens past their expiry and recovery codes older than a day. */
  async pruneExpired(): Promise<void> {
    const now = new Date();
    await repo.deleteExpiredRefreshTokens(this.db, now);
    await repo.deleteStaleOtps(this.db, new Date(now.getTime() - 24 * 3600 * 1000));
    await repo.deleteRecoveryFailuresBefore(
      this.db,
      new Date(now.getTime() - RECOVERY_FAILURES_KEPT_MS),
    );
  }
}

function recoveryPausedEmail(user: { email: string; firstName: string; locale: string | null }) {
  const mail = recoveryPausedMail(localeOf(user.locale), {
    firstName: user.firstName,
    maxFailures: RECOVERY_MAX_FAILURES,
    pauseHours: RECOVERY_PAUSE_MS / 3600_000,
  });
  return { to: user.email, ...mail };
}

function resetCodeEmail(
  user: { email: string; firstName: string; locale: string | null },
  code: string,
) {
  const mail = mailTexts(localeOf(user.locale)).resetCode({
    firstName: user.firstName,
    code,
    expiryMinutes: OTP_EXPIRY_MINUTES,
  });
  return { to: user.email, ...mail };
}
