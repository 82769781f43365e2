import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTP_RESEND_SECONDS, messages } from "@fba/contract";
import { otpCodes } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createSeller } from "../../test/factories.js";
import {
  ageOtpCodes,
  countEmailsTo,
  latestCodeFor,
  latestEmailTo,
  post,
  registerViaApi,
  uniqueEmail,
} from "../../test/auth-factories.js";

const NEW_PASSWORD = "Fresh!Start9";

describe("auth: password recovery", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  const init = (email: string) =>
    post(ctx.app, "/api/auth/password-init/", { email, channel: "EMAIL" });
  const resend = (email: string) =>
    post(ctx.app, "/api/auth/send-otp/", { email, channel: "EMAIL", otp_for: "FORGOT_PASSWORD" });
  const verify = (email: string, otp: string) =>
    post(ctx.app, "/api/auth/verify-otp/", { email, otp, channel: "EMAIL" });
  const reset = (email: string, otp: string, password = NEW_PASSWORD) =>
    post(ctx.app, "/api/auth/password-reset/", {
      email,
      otp,
      password,
      confirm_password: password,
    });
  /** A 4-digit code that is not the right one. */
  const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, "0");

  it("emails a 4-digit code, verifies it, resets the password and ends old sessions", async () => {
    const account = await registerViaApi(ctx.app);
    const started = await init(account.email);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({
      status: "success",
      status_code: 200,
      message: messages.otpSent,
      data: { email: account.email, channel: "EMAIL", resend_after: OTP_RESEND_SECONDS },
    });
    const email = await latestEmailTo(ctx.app, account.email);
    expect(email?.subject).toBe("Your FBA Freight password reset code");
    const code = await latestCodeFor(ctx.app, account.email);
    expect(code).toMatch(/^\d{4}$/);
    // Only a keyed hash of the code is stored.
    const [row] = await ctx.app.database.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.email, account.email));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);

    const checked = await verify(account.email, code);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().data).toEqual({ verified: true });
    // Verifying does not use the code up.
    expect((await verify(account.email, code)).statusCode).toBe(200);

    const done = await reset(account.email, code);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe("Your password has been successfully reset.");
    // The login form opens on the account's tab.
    expect(done.json().data).toEqual({ group: "Seller" });

    const refresh = await post(ctx.app, "/api/auth/refresh-token/", {
      refresh: account.refresh_token,
    });
    expect(refresh.statusCode).toBe(401);
    const oldLogin = await post(ctx.app, "/api/auth/login/", {
      email: account.email,
      password: account.password,
      group: "Seller",
    });
    expect(oldLogin.statusCode).toBe(400);
    const newLogin = await post(ctx.app, "/api/auth/login/", {
      email: account.email,
      password: NEW_PASSWORD,
      group: "Seller",
    });
    expect(newLogin.statusCode).toBe(200);

    // Single use: the same code cannot reset again.
    const replay = await reset(account.email, code, "Again!Pass99");
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors).toEqual([{ field: "otp", message: messages.otpWrong }]);
  });

  it("refuses a wrong code as a field error on otp", async () => {
    const seller = await createSeller(ctx.app);
    await init(seller.email);
    const code = await latestCodeFor(ctx.app, seller.email);
    const res = await verify(seller.email, wrong(code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: "error",
      status_code: 400,
      message: messages.otpWrong,
      errors: [{ field: "otp", message: messages.otpWrong }],
    });
  });

  it("kills a code after 5 wrong tries, even for the right code after that", async () => {
    const seller = await createSeller(ctx.app);
    await init(seller.email);
    const code = await latestCodeFor(ctx.app, seller.email);
    for (let i = 0; i < 5; i++) {
      expect((await verify(seller.email, wrong(code))).statusCode).toBe(400);
    }
    expect((await verify(seller.email, code)).statusCode).toBe(400);
    expect((await reset(seller.email, code)).statusCode).toBe(400);
  });

  it("expires a code after 10 minutes", async () => {
    const seller = await createSeller(ctx.app);
    await init(seller.email);
    const code = await latestCodeFor(ctx.app, seller.email);
    await ageOtpCodes(ctx.app, seller.email, 10 * 60 + 1);
    const res = await verify(seller.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "otp", message: messages.otpWrong }]);
  });

  it("resends no sooner than 120 seconds after the last code, with Retry-After", async () => {
    const seller = await createSeller(ctx.app);
    await init(seller.email);
    const first = await latestCodeFor(ctx.app, seller.email);
    const tooSoon = await resend(seller.email);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers["retry-after"])).toBeGreaterThan(100);
    expect(Number(tooSoon.headers["retry-after"])).toBeLessThanOrEqual(OTP_RESEND_SECONDS);
    expect(tooSoon.json()).toMatchObject({
      status: "error",
      status_code: 429,
      message: messages.otpResendTooSoon,
    });
    expect(await countEmailsTo(ctx.app, seller.email)).toBe(1);

    // Starting over within the spacing sends nothing new; the first code stays valid.
    const again = await init(seller.email);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.resend_after).toBeGreaterThan(100);
    expect(await countEmailsTo(ctx.app, seller.email)).toBe(1);
    expect((await verify(seller.email, first)).statusCode).toBe(200);

    await ageOtpCodes(ctx.app, seller.email, OTP_RESEND_SECONDS + 1);
    const later = await resend(seller.email);
    expect(later.statusCode).toBe(200);
    expect(await countEmailsTo(ctx.app, seller.email)).toBe(2);
    const second = await latestCodeFor(ctx.app, seller.email);
    // Only the newest code works.
    if (second !== first) expect((await verify(seller.email, first)).statusCode).toBe(400);
    expect((await verify(seller.email, second)).statusCode).toBe(200);
  });

  it("gives an unknown email exactly the answers a known one gets, and sends nothing", async () => {
    const known = await createSeller(ctx.app);
    const unknown = uniqueEmail("ghost");
    const strip = (body: string, email: string) => body.replaceAll(email, "<email>");

    const [a, b] = [await init(known.email), await init(unknown)];
    expect(b.statusCode).toBe(a.statusCode);
    expect(strip(b.body, unknown)).toBe(strip(a.body, known.email));

    const [c, d] = [await resend(known.email), await resend(unknown)];
    expect([c.statusCode, d.statusCode]).toEqual([429, 429]);
    expect(d.body).toBe(c.body);

    const [e, f] = [await verify(known.email, "0000"), await verify(unknown, "0000")];
    const code = await latestCodeFor(ctx.app, known.email);
    if (code !== "0000") {
      expect(f.statusCode).toBe(e.statusCode);
      expect(f.body).toBe(e.body);
    }
    const [g, h] = [await reset(known.email, wrong(code)), await reset(unknown, wrong(code))];
    expect(h.statusCode).toBe(g.statusCode);
    expect(h.body).toBe(g.body);

    expect(await countEmailsTo(ctx.app, unknown)).toBe(0);
    // Even guessing every code cannot reset an address without an account: 5 tries, then dead.
    const rows = await ctx.app.database.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.email, unknown));
    expect(rows[0]?.attempts).toBe(2);
  });

  it("does not email a disabled account", async () => {
    const disabled = await createSeller(ctx.app, { isActive: false });
    const res = await init(disabled.email);
    expect(res.statusCode).toBe(200);
    expect(await countEmailsTo(ctx.app, disabled.email)).toBe(0);
  });

  it("validates every field with the spec's messages", async () => {
    const empty = await post(ctx.app, "/api/auth/password-init/", { channel: "SMS" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { field: "email", message: "Email is required" },
      { field: "channel", message: "Channel must be EMAIL" },
    ]);
    const badOtp = await post(ctx.app, "/api/auth/verify-otp/", {
      email: "someone@example.com",
      otp: "12a4",
    });
    expect(badOtp.json().errors).toEqual([{ field: "otp", message: "Otp must be 4 digits" }]);
    const noOtp = await post(ctx.app, "/api/auth/verify-otp/", { email: "x@example.com" });
    expect(noOtp.json().errors).toEqual([{ field: "otp", message: "Otp is required" }]);
    const resetBody = await post(ctx.app, "/api/auth/password-reset/", {
      email: "x@example",
      otp: "",
      password: "nouppercase1!",
      confirm_password: "different",
    });
    expect(resetBody.statusCode).toBe(400);
    expect(resetBody.json().errors).toEqual([
      { field: "email", message: "Invalid email format" },
      { field: "otp", message: "Otp is required" },
      { field: "password", message: "Atleast one capital letter" },
      { field: "confirm_password", message: "Passwords must match" },
    ]);
    const otpFor = await post(ctx.app, "/api/auth/send-otp/", {
      email: "x@example.com",
      otp_for: "SIGNUP",
    });
    expect(otpFor.json().errors).toEqual([
      { field: "otp_for", message: "otp_for must be FORGOT_PASSWORD" },
    ]);
  });
});
