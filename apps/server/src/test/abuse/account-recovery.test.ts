import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTP_RESEND_SECONDS, messages } from "@fba/contract";
import { buildApp } from "../../app.js";
import { buildTestApp, type TestContext } from "../app.js";
import {
  ageOtpCodes,
  countEmailsTo,
  latestCodeFor,
  latestEmailTo,
  registerViaApi,
  uniqueEmail,
} from "../auth-factories.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

const NEW_PASSWORD = "Fresh!Start9";
let nextAddress = 0;
/** Every request from a new client address, so only the per-account rules can stop them. */
const anyAddress = () => `10.77.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

function call(url: string, payload: object, remoteAddress = anyAddress()) {
  return ctx.app.inject({ method: "POST", url, payload, remoteAddress });
}
const init = (email: string, from?: string) =>
  call("/api/auth/password-init/", { email, channel: "EMAIL" }, from);
const resend = (email: string, from?: string) =>
  call("/api/auth/send-otp/", { email, channel: "EMAIL", otp_for: "FORGOT_PASSWORD" }, from);
const verify = (email: string, otp: string, from?: string) =>
  call("/api/auth/verify-otp/", { email, otp, channel: "EMAIL" }, from);
const reset = (email: string, otp: string) =>
  call("/api/auth/password-reset/", {
    email,
    otp,
    password: NEW_PASSWORD,
    confirm_password: NEW_PASSWORD,
  });
/** A 4-digit code that is not the right one. */
const wrong = (code: string, offset = 1) =>
  String((Number(code) + offset) % 10_000).padStart(4, "0");

/** Spends 5 wrong tries on a fresh code, asking for it after the resend spacing has passed. */
async function burnCode(email: string, known: boolean) {
  await ageOtpCodes(ctx.app, email, 3600 + 1);
  expect((await resend(email)).statusCode).toBe(200);
  const code = known ? await latestCodeFor(ctx.app, email) : "0000";
  const answers = [];
  for (let i = 1; i <= 5; i++) answers.push(await verify(email, wrong(code, i)));
  return answers;
}

describe("wrong recovery codes are capped per account across codes", () => {
  it(
    "pauses recovery after 10 wrong codes in a day, tells the owner, and the right code no longer works",
    { timeout: 120_000 },
    async () => {
      const owner = await registerViaApi(ctx.app);
      expect((await init(owner.email)).statusCode).toBe(200);
      const first = await latestCodeFor(ctx.app, owner.email);
      for (let i = 1; i <= 5; i++) {
        expect((await verify(owner.email, wrong(first, i))).statusCode).toBe(400);
      }
      const second = await burnCode(owner.email, true);
      expect(second.slice(0, 4).map((res) => res.statusCode)).toEqual([400, 400, 400, 400]);
      const paused = second[4]!;
      expect(paused.statusCode).toBe(429);
      expect(Number(paused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
      expect(paused.json()).toEqual({
        status: "error",
        status_code: 429,
        message: messages.recoveryPaused,
        errors: [{ field: "otp", message: messages.recoveryPaused }],
      });

      const notice = await latestEmailTo(ctx.app, owner.email);
      expect(notice?.subject).toBe("FBA Freight password recovery paused");
      expect(notice?.textBody).not.toMatch(/\b\d{4}\b.*code is/);

      // Nothing gets through while paused: no new code, and not even the right one.
      await ageOtpCodes(ctx.app, owner.email, 3600 + 1);
      const emails = await countEmailsTo(ctx.app, owner.email);
      const again = await init(owner.email);
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toBe(messages.recoveryPaused);
      expect((await resend(owner.email)).statusCode).toBe(429);
      expect(await countEmailsTo(ctx.app, owner.email)).toBe(emails);
      const code = await latestCodeFor(ctx.app, owner.email).catch(() => "0000");
      expect((await reset(owner.email, code)).statusCode).toBe(429);

      // The owner can still sign in with the password.
      const login = await call("/api/auth/login/", {
        email: owner.email,
        password: owner.password,
        group: "Seller",
      });
      expect(login.statusCode).toBe(200);
    },
  );

  it(
    "answers an address without an account exactly like an account",
    { timeout: 120_000 },
    async () => {
      const owner = await registerViaApi(ctx.app);
      const ghost = uniqueEmail("ghost");
      const strip = (body: string, email: string) => body.replaceAll(email, "<email>");
      const [a, b] = [await init(owner.email), await init(ghost)];
      expect(strip(b.body, ghost)).toBe(strip(a.body, owner.email));
      const code = await latestCodeFor(ctx.app, owner.email);
      for (let i = 1; i <= 5; i++) {
        const [c, d] = [await verify(owner.email, wrong(code, i)), await verify(ghost, "0000")];
        expect(d.statusCode).toBe(c.statusCode);
      }
      const [ownerAnswers, ghostAnswers] = [
        await burnCode(owner.email, true),
        await burnCode(ghost, false),
      ];
      expect(ghostAnswers.map((res) => res.statusCode)).toEqual(
        ownerAnswers.map((res) => res.statusCode),
      );
      expect(ghostAnswers[4]!.body).toBe(ownerAnswers[4]!.body);
      const [e, f] = [await init(owner.email), await init(ghost)];
      expect(f.statusCode).toBe(429);
      expect(strip(f.body, ghost)).toBe(strip(e.body, owner.email));
      expect(await countEmailsTo(ctx.app, ghost)).toBe(0);
    },
  );

  it("keeps the pause across a restart and for every instance on the database", async () => {
    const owner = await registerViaApi(ctx.app);
    await init(owner.email);
    const code = await latestCodeFor(ctx.app, owner.email);
    for (let i = 1; i <= 5; i++) await verify(owner.email, wrong(code, i));
    await burnCode(owner.email, true);

    const other = await buildApp(ctx.config, { database: ctx.database });
    try {
      await other.ready();
      const res = await other.inject({
        method: "POST",
        url: "/api/auth/password-init/",
        payload: { email: owner.email, channel: "EMAIL" },
        remoteAddress: "192.0.2.200",
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(messages.recoveryPaused);
    } finally {
      await other.close();
    }
  });
});

describe("each new code waits longer than the one before", () => {
  it("spaces codes 120 s, then 240 s, then 480 s apart", async () => {
    const owner = await registerViaApi(ctx.app);
    const started = await init(owner.email);
    expect(started.json().data.resend_after).toBe(OTP_RESEND_SECONDS);

    await ageOtpCodes(ctx.app, owner.email, OTP_RESEND_SECONDS + 1);
    const second = await resend(owner.email);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.resend_after).toBe(2 * OTP_RESEND_SECONDS);

    await ageOtpCodes(ctx.app, owner.email, OTP_RESEND_SECONDS + 1);
    const tooSoon = await resend(owner.email);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers["retry-after"])).toBeGreaterThan(OTP_RESEND_SECONDS - 10);
    expect(await countEmailsTo(ctx.app, owner.email)).toBe(2);

    await ageOtpCodes(ctx.app, owner.email, OTP_RESEND_SECONDS);
    const third = await resend(owner.email);
    expect(third.statusCode).toBe(200);
    expect(third.json().data.resend_after).toBe(4 * OTP_RESEND_SECONDS);
  });
});

describe("per-account request limits count per client address", () => {
  it("someone asking for codes from many addresses does not lock the owner out", async () => {
    const owner = await registerViaApi(ctx.app);
    for (let i = 0; i < 30; i++) {
      const res = await init(owner.email);
      expect(res.statusCode).toBe(200);
    }
    expect((await init(owner.email, "192.0.2.10")).statusCode).toBe(200);
  });

  it("still caps one address at 15 recovery calls per account, and all addresses at 100", async () => {
    const email = uniqueEmail("capped");
    for (let i = 0; i < 15; i++) {
      expect((await init(email, "192.0.2.20")).statusCode).toBe(200);
    }
    expect((await init(email, "192.0.2.20")).statusCode).toBe(429);
    for (let i = 15; i < 100; i++) {
      expect((await init(email)).statusCode).toBe(200);
    }
    expect((await init(email)).statusCode).toBe(429);
  });
});
