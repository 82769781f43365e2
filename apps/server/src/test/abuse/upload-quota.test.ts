import { readdirSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatMessages as texts } from "@fba/contract";
import { chatAttachments, chatMessages } from "../../db/schema/index.js";
import { sweepUnsentAttachments } from "../../modules/chat/index.js";
import { buildTestApp, servicesOf, type TestContext } from "../app.js";
import { createSeller, createShipper, type TestUser } from "../factories.js";
import { multipartBody, testImage } from "../profile-factories.js";
import { insertShipment } from "../realtime-factories.js";

const KB = 1024;
const MB = 1024 * KB;

function upload(ctx: TestContext, user: TestUser, bytes: Buffer, filename = "notes.txt") {
  const body = multipartBody(
    { file_size: String(bytes.length) },
    { attachment: { filename, contentType: "text/plain", bytes } },
  );
  return ctx.app.inject({
    method: "POST",
    url: "/api/chat/attachment/",
    payload: body.payload,
    headers: { ...body.headers, ...user.auth },
  });
}

function storedFiles(ctx: TestContext): string[] {
  try {
    return readdirSync(path.join(ctx.config.DATA_DIR, "uploads", "attachments"));
  } catch {
    return [];
  }
}

const rowsOf = async (ctx: TestContext, user: TestUser) =>
  ctx.database.db.select().from(chatAttachments).where(eq(chatAttachments.uploaderId, user.id));

describe("chat attachment upload rate", () => {
  let ctx: TestContext;
  const ATTACHMENT_UPLOADS_PER_WINDOW = 30;

  beforeAll(async () => {
    ctx = await buildTestApp({ UPLOADS_PER_10_MIN: ATTACHMENT_UPLOADS_PER_WINDOW });
  });
  afterAll(async () => ctx.close());

  it("answers 429 with Retry-After in the error shape once an account uploads too often", async () => {
    const seller = await createSeller(ctx.app);
    const other = await createSeller(ctx.app);
    for (let i = 0; i < ATTACHMENT_UPLOADS_PER_WINDOW; i++) {
      expect((await upload(ctx, seller, Buffer.from(`note ${i}`))).statusCode).toBe(201);
    }
    const refused = await upload(ctx, seller, Buffer.from("one more"));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      status: "error",
      status_code: 429,
      errors: [{ message: expect.any(String) }],
    });
    expect(await rowsOf(ctx, seller)).toHaveLength(ATTACHMENT_UPLOADS_PER_WINDOW);
    // The counter is per account.
    expect((await upload(ctx, other, Buffer.from("mine"))).statusCode).toBe(201);
  });
});

describe("unsent attachment quota", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({ MAX_UNSENT_ATTACHMENT_MB: 1 });
  });
  afterAll(async () => ctx.close());

  it("refuses with 413 what would take the unsent attachments over the quota, and stores nothing", async () => {
    const seller = await createSeller(ctx.app);
    expect((await upload(ctx, seller, Buffer.alloc(600 * KB, "a"))).statusCode).toBe(201);
    const filesBefore = storedFiles(ctx).length;

    const refused = await upload(ctx, seller, Buffer.alloc(600 * KB, "b"));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      status: "error",
      status_code: 413,
      message: texts.attachmentQuotaExceeded,
      errors: [{ field: "attachment", message: texts.attachmentQuotaExceeded }],
    });
    expect(storedFiles(ctx)).toHaveLength(filesBefore);
    expect(await rowsOf(ctx, seller)).toHaveLength(1);
    // A smaller file still fits.
    expect((await upload(ctx, seller, Buffer.alloc(300 * KB, "c"))).statusCode).toBe(201);
  });

  it("does not let parallel uploads pass the check together", async () => {
    const seller = await createSeller(ctx.app);
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => upload(ctx, seller, Buffer.alloc(400 * KB, String(n)))),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 413, 413]);
    const rows = await rowsOf(ctx, seller);
    expect(rows.reduce((sum, row) => sum + row.sizeBytes, 0)).toBeLessThanOrEqual(MB);
  });

  it("counts only attachments not yet sent", async () => {
    const seller = await createSeller(ctx.app);
    const agent = await createShipper(ctx.app);
    const shipment = await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id });
    const first = await upload(ctx, seller, Buffer.alloc(900 * KB, "a"));
    expect(first.statusCode).toBe(201);
    expect((await upload(ctx, seller, Buffer.alloc(200 * KB, "b"))).statusCode).toBe(413);

    await ctx.database.db.insert(chatMessages).values({
      shipmentId: shipment.id,
      senderId: seller.id,
      senderType: "Seller",
      content: "",
      attachmentId: first.json().data.id as number,
    });
    expect((await upload(ctx, seller, Buffer.alloc(200 * KB, "b"))).statusCode).toBe(201);
  });
});

describe("removal of attachments never sent", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({ UNSENT_ATTACHMENT_TTL_HOURS: 6 });
  });
  afterAll(async () => ctx.close());

  it("removes unsent attachments older than the TTL with their files, and keeps the rest", async () => {
    const seller = await createSeller(ctx.app);
    const agent = await createShipper(ctx.app);
    const shipment = await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id });
    const unsent = (await upload(ctx, seller, Buffer.from("never sent"))).json().data.id as number;
    const sent = (await upload(ctx, seller, Buffer.from("sent"))).json().data.id as number;
    await ctx.database.db.insert(chatMessages).values({
      shipmentId: shipment.id,
      senderId: seller.id,
      senderType: "Seller",
      content: "",
      attachmentId: sent,
    });
    expect(storedFiles(ctx)).toHaveLength(2);
    const log = ctx.app.log;

    // Not old enough yet: nothing goes.
    const soon = new Date(Date.now() + 5 * 3_600_000);
    expect(
      await sweepUnsentAttachments(ctx.database.db, ctx.app.storage, log, {
        ttlHours: 6,
        now: soon,
      }),
    ).toBe(0);

    const later = new Date(Date.now() + 7 * 3_600_000);
    expect(
      await sweepUnsentAttachments(ctx.database.db, ctx.app.storage, log, {
        ttlHours: 6,
        now: later,
      }),
    ).toBe(1);
    const remaining = await rowsOf(ctx, seller);
    expect(remaining.map((row) => row.id)).toEqual([sent]);
    expect(storedFiles(ctx)).toEqual([path.basename(remaining[0]!.storageKey)]);

    // The uploader's handle on it is gone too.
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/chat/attachment/${unsent}/`,
      headers: seller.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("free disk space guard", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // More free space demanded than any test machine has: every write is refused.
    ctx = await buildTestApp({ MIN_FREE_DISK_MB: 100_000_000 });
  });
  afterAll(async () => ctx.close());

  it("answers 507 in the error shape and stores nothing", async () => {
    const seller = await createSeller(ctx.app);
    const res = await upload(ctx, seller, Buffer.from("hello"));
    expect(res.statusCode).toBe(507);
    expect(res.json()).toMatchObject({
      status: "error",
      status_code: 507,
      errors: [{ message: expect.any(String) }],
    });
    expect(storedFiles(ctx)).toEqual([]);
    expect(await rowsOf(ctx, seller)).toEqual([]);
  });

  it("also guards profile images", async () => {
    const seller = await createSeller(ctx.app);
    const body = multipartBody(
      { first_name: "Ann" },
      {
        image: {
          filename: "me.png",
          contentType: "image/png",
          bytes: await testImage("png", 64, 64),
        },
      },
    );
    const res = await ctx.app.inject({
      method: "PATCH",
      url: "/api/auth/v1/update-profile/",
      payload: body.payload,
      headers: { ...body.headers, ...seller.auth },
    });
    expect(res.statusCode).toBe(507);
    expect(readdirSync(path.join(ctx.config.DATA_DIR, "uploads"))).not.toContain("avatars");
  });
});

// Needs two connections at once (the sweep's transaction and the send), so PostgreSQL only.
describe.runIf(process.env.TEST_DATABASE_URL)(
  "an attachment removed while it is being sent",
  () => {
    let ctx: TestContext;

    beforeAll(async () => {
      ctx = await buildTestApp();
    });
    afterAll(async () => ctx.close());

    it("makes the send answer 404, not fail", async () => {
      const seller = await createSeller(ctx.app);
      const agent = await createShipper(ctx.app);
      const shipment = await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id });
      const attachmentId = (await upload(ctx, seller, Buffer.from("late"))).json().data
        .id as number;
      const service = servicesOf(ctx.app).chat;
      const user = await ctx.app.authenticator.userFromToken(seller.token);
      if (!user) throw new Error("no user");
      const db = ctx.database.db;

      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let deleted!: () => void;
      const hasDeleted = new Promise<void>((resolve) => (deleted = resolve));
      // The sweep's transaction: the row is deleted but not yet committed when the send arrives.
      const sweep = db.transaction(async (tx) => {
        await tx.delete(chatAttachments).where(eq(chatAttachments.id, attachmentId));
        deleted();
        await released;
      });
      await hasDeleted;
      const send = service.sendMessage(
        user,
        { kind: "shipment", id: shipment.id },
        { content: "", attachmentId, replyToId: null },
      );
      const outcome = send.then(
        () => "sent",
        (error: unknown) => error,
      );
      // Wait until the message insert waits on the deleted row (a lock wait of this database's
      // sessions), then commit the delete.
      try {
        await vi.waitFor(
          async () => {
            const result = await db.execute(
              sql`select count(*)::int as n from pg_locks where not granted and pid in
                    (select pid from pg_stat_activity where datname = current_database())`,
            );
            const waiting = (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n;
            expect(Number(waiting)).toBeGreaterThan(0);
          },
          { timeout: 10_000, interval: 10 },
        );
      } finally {
        release();
      }
      await sweep;
      const error = await outcome;
      expect(error).toMatchObject({ statusCode: 404, message: texts.attachmentNotFound });
      expect(
        await db.select().from(chatMessages).where(eq(chatMessages.attachmentId, attachmentId)),
      ).toEqual([]);
    });
  },
);
