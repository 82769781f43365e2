import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox, notifications, users } from "../../db/schema/index.js";
import { notificationText } from "../../lib/i18n/notifications.js";
import { enqueueEmail } from "../../lib/mail-outbox.js";
import { Mailer, retryDelaySeconds } from "../../lib/mailer.js";
import { buildTestApp, servicesOf, type TestContext } from "../../test/app.js";
import { createSeller, type TestUser } from "../../test/factories.js";
import { readMail } from "../../test/mail-reading.js";
import { insertShipment } from "../../test/realtime-factories.js";
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

/** Resolves once the outbox row of the email to `to` is marked sent. */
async function sentTo(ctx: TestContext, to: string): Promise<void> {
  await vi.waitFor(async () => expect((await outboxRow(ctx, to))?.sentAt).toBeInstanceOf(Date), {
    timeout: 10_000,
    interval: 10,
  });
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
    await sentTo(ctx, seller.email);
    const verify = await post(ctx.app, "/api/auth/verify-otp/", {
      email: seller.email,
      otp: code,
    });
    expect(verify.statusCode).toBe(200);
  });

  describe("in the recipient's language", () => {
    let english: TestUser;
    let chinese: TestUser;
    const contentOf = async (userId: number, shipmentId: number) =>
      (
        await ctx.app.database.db
          .select({ content: notifications.content })
          .from(notifications)
          .where(eq(notifications.userId, userId))
      )
        .map((row) => row.content)
        .filter((content) => content.includes(`#${shipmentId}`));
    beforeAll(async () => {
      english = await createSeller(ctx.app, { firstName: "Sally" });
      chinese = await createSeller(ctx.app, { firstName: "伟" });
      await ctx.app.database.db
        .update(users)
        .set({ locale: "zh-CN" })
        .where(eq(users.id, chinese.id));
    });

    it("writes each recipient's notification and email copy in their language", async () => {
      const shipment = await insertShipment(ctx.app, {
        sellerId: english.id,
        productName: "竹制砧板",
      });
      const about = { shipmentId: shipment.id, product: "竹制砧板" };
      await servicesOf(ctx.app).notifications.notify(
        [english, chinese].map((user) => ({
          userId: user.id,
          notificationType: "Shipment" as const,
          shipmentId: shipment.id,
          content: notificationText("statusChanged", { ...about, status: "Shipment Completed" }),
        })),
        {
          email: {
            subject: notificationText("statusChangedSubject", {
              shipmentId: shipment.id,
              status: "Shipment Completed",
            }),
            path: `/shipments/${shipment.id}`,
          },
        },
      );

      expect(await contentOf(english.id, shipment.id)).toEqual([
        `Shipment #${shipment.id} (竹制砧板) is now Shipment Completed`,
      ]);
      expect(await contentOf(chinese.id, shipment.id)).toEqual([
        `货件 #${shipment.id}（竹制砧板）状态更新为：已完成`,
      ]);

      const link = `http://localhost:3000/shipments/${shipment.id}`;
      const en = readMail((await sink.waitFor(english.email)).raw);
      expect(en).toEqual({
        subject: `FBA Freight: Shipment #${shipment.id} is now Shipment Completed`,
        text: `Shipment #${shipment.id} (竹制砧板) is now Shipment Completed\n\nOpen FBA Freight: ${link}\n\nYou can turn these emails off in your profile settings.`,
      });
      const zh = readMail((await sink.waitFor(chinese.email)).raw);
      expect(zh).toEqual({
        subject: `FBA Freight：货件 #${shipment.id} 状态更新为：已完成`,
        text: `货件 #${shipment.id}（竹制砧板）状态更新为：已完成\n\n打开 FBA Freight：${link}\n\n如不想再收到此类邮件，可在个人资料设置中关闭。`,
      });
    });

    it("sends the password reset code in the account's language", async () => {
      const before = sink.messages.length;
      expect(
        (await post(ctx.app, "/api/auth/password-init/", { email: english.email })).statusCode,
      ).toBe(200);
      expect(
        (await post(ctx.app, "/api/auth/password-init/", { email: chinese.email })).statusCode,
      ).toBe(200);
      const mails = async (to: string) => readMail((await sink.waitFor(to, { since: before })).raw);
      const en = await mails(english.email);
      expect(en.subject).toBe("Your FBA Freight password reset code");
      expect(en.text).toMatch(
        /^Hello Sally,\n\nYour password reset code is \d{4}\.\nIt expires in \d+ minutes and works once\.\n\nIf you did not ask to reset your password, ignore this email: your password stays the same\.\n\nFBA Freight$/,
      );
      const zh = await mails(chinese.email);
      expect(zh.subject).toBe("您的 FBA Freight 密码重置验证码");
      expect(zh.text).toMatch(/^伟，您好：\n\n您的密码重置验证码是 \d{4}。\n验证码 \d+ 分钟内有效/);
    });
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

  it("sends a batch over one kept-open SMTP connection, not a connection per email", async () => {
    await ctx.app.mailer.stop();
    const to = Array.from({ length: 12 }, () => uniqueEmail("pooled"));
    for (const address of to) {
      await enqueueEmail(ctx.app.database.db, { to: address, subject: "Hi", text: "Hello" });
    }
    const before = sink.connections();
    const mailer = new Mailer(ctx.app.database.db, ctx.app.log, {
      smtpUrl: sink.url,
      from: "FBA Freight <codes@fba.test>",
    });
    expect(await mailer.drain()).toBe(12);
    await mailer.stop();
    const received = sink.messages.flatMap((m) => m.to).filter((address) => to.includes(address));
    expect(received.sort()).toEqual([...to].sort());
    expect(sink.connections() - before).toBe(1);
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
    await sentTo(ctx, seller.email);
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
