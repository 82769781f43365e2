import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../../db/schema/index.js";
import { enqueueEmail } from "../../lib/mail-outbox.js";
import { Mailer, retryDelaySeconds } from "../../lib/mailer.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createSeller } from "../../test/factories.js";
import { post, startSmtpSink, uniqueEmail } from "../../test/auth-factories.js";

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function outboxRow(ctx: TestContext, to: string) {
  const [row] = await ctx.app.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to));
  return row;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("condition not met in time");
}

describe("email delivery over SMTP", () => {
  let ctx: TestContext;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await buildTestApp({ SMTP_URL: sink.url, MAIL_FROM: "FBA Freight <codes@fba.test>" });
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  it("delivers the recovery code to a real SMTP server and marks the row sent", async () => {
    const seller = await createSeller(ctx.app);
    const res = await post(ctx.app, "/api/auth/password-init/", { email: seller.email });
    expect(res.statusCode).toBe(200);
    const mail = await sink.waitFor(seller.email);
    expect(mail.from).toBe("codes@fba.test");
    expect(mail.raw).toContain("Subject: Your FBA Freight password reset code");
    const code = mail.raw.match(/code is (\d{4})/)?.[1];
    expect(code).toMatch(/^\d{4}$/);
    await waitUntil(async () => (await outboxRow(ctx, seller.email))?.sentAt != null);
    const verify = await post(ctx.app, "/api/auth/verify-otp/", {
      email: seller.email,
      otp: code,
    });
    expect(verify.statusCode).toBe(200);
  });

  it("delivers each queued email once even with two senders draining at the same time", async () => {
    await ctx.app.mailer.stop();
    const to = Array.from({ length: 23 }, () => uniqueEmail("bulk"));
    for (const address of to) {
      await enqueueEmail(ctx.app.database.db, { to: address, subject: "Hi", text: "Hello" });
    }
    const options = { smtpUrl: sink.url, from: "FBA Freight <codes@fba.test>" };
    const a = new Mailer(ctx.app.database.db, ctx.app.log, options);
    const b = new Mailer(ctx.app.database.db, ctx.app.log, options);
    const [sentA, sentB] = await Promise.all([a.drain(), b.drain()]);
    expect(sentA + sentB).toBe(23);
    const received = sink.messages.flatMap((m) => m.to).filter((address) => to.includes(address));
    expect(received.sort()).toEqual([...to].sort());
    const rows = await ctx.app.database.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, to));
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
  });
});

describe("email outbox without SMTP, and failures", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());
  afterEach(() => vi.restoreAllMocks());

  it("prints the message, code included, to the log when SMTP_URL is not set", async () => {
    const info = vi.spyOn(ctx.app.log, "info");
    const seller = await createSeller(ctx.app);
    await post(ctx.app, "/api/auth/password-init/", { email: seller.email });
    await waitUntil(async () => (await outboxRow(ctx, seller.email))?.sentAt != null);
    const call = info.mock.calls.find((args) => String(args[1]).includes(seller.email));
    expect(call).toBeDefined();
    const [fields, text] = call as unknown as [{ mail: { to: string; text: string } }, string];
    expect(fields.mail.to).toBe(seller.email);
    expect(fields.mail.text).toMatch(/Your password reset code is \d{4}\./);
    expect(text).toBe(`email to ${seller.email}: Your FBA Freight password reset code`);
  });

  it("keeps a failed email pending and retries it later with backoff", async () => {
    await ctx.app.mailer.stop();
    const to = uniqueEmail("retry");
    await enqueueEmail(ctx.app.database.db, { to, subject: "Retry me", text: "Body" });
    const failing = new Mailer(ctx.app.database.db, ctx.app.log, {
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      from: "x@fba.test",
    });
    await failing.drain();
    await failing.stop();
    const failed = await outboxRow(ctx, to);
    expect(failed?.sentAt).toBeNull();
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toBeTruthy();
    const waitMs = failed!.nextAttemptAt.getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(5_000);
    expect(waitMs).toBeLessThanOrEqual(retryDelaySeconds(1) * 1000 + 1000);

    // Not due yet: a healthy sender leaves it alone until the backoff has passed.
    const sink = await startSmtpSink();
    const healthy = new Mailer(ctx.app.database.db, ctx.app.log, {
      smtpUrl: sink.url,
      from: "x@fba.test",
    });
    expect(await healthy.drain()).toBe(0);
    await ctx.app.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.toAddress, to));
    expect(await healthy.drain()).toBe(1);
    expect((await sink.waitFor(to)).raw).toContain("Retry me");
    const sent = await outboxRow(ctx, to);
    expect(sent?.sentAt).not.toBeNull();
    expect(sent?.attempts).toBe(2);
    await healthy.stop();
    await sink.close();
  });

  it("loses nothing when a sender dies after claiming: the row comes back after the lease", async () => {
    const to = uniqueEmail("crash");
    await enqueueEmail(ctx.app.database.db, { to, subject: "Crash", text: "Body" });
    // What a claim does, without the send that a crash would have prevented.
    await ctx.app.database.db
      .update(emailOutbox)
      .set({ attempts: 1, nextAttemptAt: sql`now() + interval '10 minutes'` })
      .where(eq(emailOutbox.toAddress, to));
    const sender = new Mailer(ctx.app.database.db, ctx.app.log, { from: "x@fba.test" });
    expect(await sender.drain()).toBe(0);
    await ctx.app.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.toAddress, to));
    expect(await sender.drain()).toBe(1);
    expect((await outboxRow(ctx, to))?.sentAt).not.toBeNull();
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(30)).toBe(3600);
  });
});
