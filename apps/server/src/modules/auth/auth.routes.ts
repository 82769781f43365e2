import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  authResultSchema,
  changePasswordInputSchema,
  errorBodySchema,
  loginInputSchema,
  logoutInputSchema,
  messages,
  otpSentSchema,
  otpVerifiedSchema,
  passwordInitInputSchema,
  passwordResetInputSchema,
  passwordResetResultSchema,
  refreshInputSchema,
  registerInputSchema,
  sendOtpInputSchema,
  successEnvelopeSchema,
  tokenPairSchema,
  meSchema,
  verifyOtpInputSchema,
} from "@fba/contract";
import { created, ok } from "../../lib/http.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import { bodyEmail, byIp, limitRequests } from "../../plugins/rate-limit.js";
import { isWrongCodeAnswer } from "./auth.errors.js";
import type { AuthService } from "./auth.service.js";
import type { RecoveryGuard } from "./recovery-guard.js";

const MINUTE = 60_000;
/** Auth bodies are a few short strings; anything bigger is refused before parsing. */
const AUTH_BODY_LIMIT = 16 * 1024;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  413: errorBodySchema,
  429: errorBodySchema,
};
const nullData = successEnvelopeSchema(z.null());
/** Auth answers carry tokens or concern recovery codes: never kept for Idempotency-Key replays. */
const noReplayStorage = { skipIdempotency: true };

export function registerAuthRoutes(
  root: FastifyInstance,
  service: AuthService,
  guard: RecoveryGuard,
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Calls that try a code: refused once the address spent its hourly budget of wrong codes (across
  // every account), and each wrong code spends it.
  const wrongCodeBudget = async (request: FastifyRequest) => {
    const refusal = await guard.refusal(byIp(request));
    if (refusal) throw refusal;
  };
  const tryingCode = async <T>(request: FastifyRequest, attempt: () => Promise<T>): Promise<T> => {
    try {
      return await attempt();
    } catch (error) {
      if (isWrongCodeAnswer(error)) await guard.failed(byIp(request));
      throw error;
    }
  };
  const ipAndEmail = (request: Parameters<typeof byIp>[0]) => {
    const email = bodyEmail(request);
    return email === undefined ? undefined : `${byIp(request)}|${email}`;
  };

  // Per-account counters are kept per client address, so someone hammering another person's
  // email cannot lock them out; the per-email counter across all addresses is far higher and
  // only stops a guesser spread over many addresses.
  const loginLimits = limitRequests(
    app,
    { name: "login-ip-email", max: 10, windowMs: MINUTE, key: ipAndEmail },
    { name: "login-email-all", max: 200, windowMs: 15 * MINUTE, key: bodyEmail },
    { name: "login-ip", max: 100, windowMs: 15 * MINUTE, key: byIp },
  );
  const registerLimits = limitRequests(app, {
    name: "register-ip",
    max: 20,
    windowMs: 60 * MINUTE,
    key: byIp,
  });
  // One set of counters for every recovery call, so switching endpoints does not reset them.
  // Wrong codes are capped per account by the service (recovery pauses for a day).
  const otpLimits = limitRequests(
    app,
    { name: "otp-ip-email", max: 15, windowMs: 15 * MINUTE, key: ipAndEmail },
    { name: "otp-email-all", max: 100, windowMs: 15 * MINUTE, key: bodyEmail },
    { name: "otp-ip", max: 60, windowMs: 15 * MINUTE, key: byIp },
  );
  const tokenLimits = limitRequests(app, {
    name: "token-ip",
    max: 120,
    windowMs: MINUTE,
    key: byIp,
  });
  const changePasswordLimits = limitRequests(app, {
    name: "change-password-user",
    max: 10,
    windowMs: 15 * MINUTE,
    key: (request) => (request.user ? String(request.user.id) : undefined),
  });

  app.post(
    "/auth/register/",
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: noReplayStorage,
      preValidation: registerLimits,
      schema: {
        tags: ["auth"],
        summary: "Sign up as a Seller or a Shipper; returns the user and a session",
        body: registerInputSchema,
        response: { 201: successEnvelopeSchema(authResultSchema), ...errors },
      },
    },
    async (request, reply) =>
      created(reply, await service.register(request.body), messages.registered),
  );

  app.post(
    "/auth/login/",
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: noReplayStorage,
      preValidation: loginLimits,
      schema: {
        tags: ["auth"],
        summary: "Sign in on the Customer (Seller) or Shipment Agent (Shipper) tab",
        body: loginInputSchema,
        response: { 200: successEnvelopeSchema(authResultSchema), ...errors },
      },
    },
    async (request, reply) => ok(reply, await service.login(request.body), messages.loggedIn),
  );

  for (const url of ["/auth/v1/me/", "/auth/me/"]) {
    app.get(
      url,
      {
        onRequest: requireAuth(app),
        schema: {
          tags: ["auth"],
          summary: "The signed-in user, with their storage use against their quota (additive)",
          security: [{ bearer: [] }],
          response: { 200: successEnvelopeSchema(meSchema), ...errors },
        },
      },
      async (request, reply) => ok(reply, await service.me(currentUser(request).id)),
    );
  }

  app.post(
    "/auth/refresh-token/",
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: noReplayStorage,
      preValidation: tokenLimits,
      schema: {
        tags: ["auth"],
        summary: "Exchange a refresh token for a new pair (the old one stops working)",
        body: refreshInputSchema,
        response: { 200: successEnvelopeSchema(tokenPairSchema), ...errors },
      },
    },
    async (request, reply) =>
      ok(reply, await service.refresh(request.body.refresh), messages.tokenRefreshed),
  );

  app.post(
    "/auth/logout/",
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: noReplayStorage,
      preValidation: tokenLimits,
      schema: {
        tags: ["auth"],
        summary: "End the session of a refresh token",
        body: logoutInputSchema,
        response: { 200: nullData, ...errors },
      },
    },
    async (request, reply) => {
      await service.logout(request.body.refresh);
      return ok(reply, null, messages.loggedOut);
    },
  );

  app.post(
    "/auth/password-init/",
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: noReplayStorage,
      preValidation: otpLimits,
      schema: {
        tags: ["auth"],
        summary: "Start password recovery: email a 4-digit code",
        body: passwordInitInputSchema,
        response: { 200: successEnvelopeSchema(otpSentSchema), ...errors },
      },
    },
    async (request, reply) =>
      ok(reply, await service.startPasswordReset(request.body), messages.otpSent),
  );

  app.post(
    "/auth/send-otp/",
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: noReplayStorage,
      preValidation: otpLimits,
      schema: {
        tags: ["auth"],
        summary: "Send a new recovery code (at most one every 120 seconds)",
        body: sendOtpInputSchema,
        response: { 200: successEnvelopeSchema(otpSentSchema), ...errors },
      },
    },
    async (request, reply) => ok(reply, await service.resendCode(request.body), messages.otpSent),
  );

  app.post(
    "/auth/verify-otp/",
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: noReplayStorage,
      preValidation: [otpLimits, wrongCodeBudget],
      schema: {
        tags: ["auth"],
        summary: "Check a recovery code without using it up",
        body: verifyOtpInputSchema,
        response: { 200: successEnvelopeSchema(otpVerifiedSchema), ...errors },
      },
    },
    async (request, reply) => {
      await tryingCode(request, () => service.verifyCode(request.body));
      return ok(reply, { verified: true as const }, messages.otpVerified);
    },
  );

  app.post(
    "/auth/password-reset/",
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: noReplayStorage,
      preValidation: [otpLimits, wrongCodeBudget],
      schema: {
        tags: ["auth"],
        summary:
          "Set a new password with a recovery code; ends every session and answers the account's group",
        body: passwordResetInputSchema,
        response: { 200: successEnvelopeSchema(passwordResetResultSchema), ...errors },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await tryingCode(request, () => service.resetPassword(request.body)),
        messages.passwordResetDone,
      ),
  );

  app.post(
    "/auth/change-password/",
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: noReplayStorage,
      onRequest: requireAuth(app),
      preValidation: changePasswordLimits,
      schema: {
        tags: ["auth"],
        summary: "Change the password; other sessions end and a fresh pair is returned",
        security: [{ bearer: [] }],
        body: changePasswordInputSchema,
        response: { 200: successEnvelopeSchema(tokenPairSchema), ...errors },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await service.changePassword(currentUser(request).id, request.body),
        messages.passwordChanged,
      ),
  );
}
