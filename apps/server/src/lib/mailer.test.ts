import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "../app.js";
import { buildTestApp, type TestContext } from "../test/app.js";
import { enqueueEmail } from "./mail-outbox.js";
import { Mailer, outboxMessage, senderDomain } from "./mailer.js";

/** A logger that keeps every line it is given, as text. */
function recordingLogger(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const record = (...args: unknown[]) => void lines.push(JSON.stringify(args));
  const log = {
    info: record,
    warn: record,
    error: record,
    debug: record,
    trace: record,
    fatal: record,
    level: "info",
    silent: () => undefined,
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const EMAIL = {
  subject: "Your FBA Freight password reset code",
  text: "Hello Sam,\n\nYour password reset code is 4821.\nOr open https://freight.example.com/reset?code=4821&email=sam%40example.com\n",
  html: "<p>Your password reset code is <strong>4821</strong>.</p>",
};

describe("emails written to the log when SMTP is not configured", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
    await ctx.app.mailer.stop();
  });
  afterAll(async () => ctx.close());

  async function logOf(redact: boolean, to: string): Promise<string> {
    const { log, lines } = recordingLogger();
    await enqueueEmail(ctx.database.db, { to, ...EMAIL });
    await new Mailer(ctx.database.db, log, {
      from: "x@fba.test",
      redactLoggedMail: redact,
    }).drain();
    return lines.join("\n");
  }

  it("keeps codes and links out of production logs", async () => {
    const logged = await logOf(true, "prod@example.com");
    expect(logged).toContain("prod@example.com");
    expect(logged).toContain(EMAIL.subject);
    expect(logged).not.toContain("4821");
    expect(logged).not.toContain("freight.example.com/reset");
  });

  it("prints them in development, where the log is the mailbox", async () => {
    const logged = await logOf(false, "dev@example.com");
    expect(logged).toContain("code is 4821");
    expect(logged).toContain("https://freight.example.com/reset?code=4821");
  });
});

describe("starting in production without SMTP_URL", () => {
  it("warns that mail is not configured", async () => {
    const ctx = await buildTestApp();
    const lines: string[] = [];
    const app = await buildApp(
      { ...ctx.config, NODE_ENV: "production", LOG_LEVEL: "warn", SMTP_URL: undefined },
      { database: ctx.database, logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      await app.ready();
      const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(
        warnings.some((line) => line.level === 40 && /SMTP_URL is not set/.test(line.msg)),
      ).toBe(true);
    } finally {
      await app.close();
      await ctx.close();
    }
  });
});

describe("the sender's domain in a Message-ID", () => {
  it.each([
    ["FBA Freight <no-reply@fba-freight.local>", "fba-freight.local"],
    ["no-reply@example.com", "example.com"],
    ["  Ops <ops@mail.example.org>  ", "mail.example.org"],
    ["no address", "localhost"],
    ["broken <a@>", "localhost"],
    ["two <a@b c>", "localhost"],
  ])("%s -> %s", (from, domain) => {
    expect(senderDomain(from)).toBe(domain);
  });
});

describe("the message sent for an outbox row", () => {
  const row = {
    id: 41,
    createdAt: new Date("2026-03-01T10:00:00.000Z"),
    toAddress: "sam@example.com",
    subject: "Bidding closed",
    textBody: "Text",
    htmlBody: null,
  };
  const from = "FBA Freight <no-reply@fba-freight.local>";

  it("carries the same Message-ID on every send of the row, so a resend is recognised", () => {
    const first = outboxMessage(row, from);
    const again = outboxMessage({ ...row }, from);
    expect(first.messageId).toMatch(/^<[^<>@\s]+@fba-freight\.local>$/);
    expect(again.messageId).toBe(first.messageId);
    expect(first).toMatchObject({ to: "sam@example.com", subject: "Bidding closed", text: "Text" });
    expect(first).not.toHaveProperty("html");
  });

  it("gives every other row its own Message-ID", () => {
    const ids = new Set([
      outboxMessage(row, from).messageId,
      outboxMessage({ ...row, id: 42 }, from).messageId,
      // The same id in another database (its row written at another moment).
      outboxMessage({ ...row, createdAt: new Date("2026-03-01T10:00:00.001Z") }, from).messageId,
    ]);
    expect(ids.size).toBe(3);
    expect(outboxMessage(row, "no-reply@example.com").messageId).toMatch(/@example\.com>$/);
  });
});
