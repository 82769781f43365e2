import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meSchema, storageMessages } from "@fba/contract";
import { chatAttachments, orderDocuments, users } from "../../db/schema/index.js";
import { sweepUnsentAttachments } from "../../modules/chat/index.js";
import { buildTestApp, servicesOf, type TestContext } from "../app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../factories.js";
import sharp from "sharp";
import { multipartBody, testImage } from "../profile-factories.js";
import { insertShipment } from "../realtime-factories.js";
import { carton, endBiddingWindow, placeBid, postShipment } from "../shipment-factories.js";

const KB = 1024;
const MB = 1024 * KB;

/** A PDF (by its first bytes) of exactly `size` bytes. */
const pdf = (size: number) =>
  Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(size - 9, 32)]);

function storedFiles(ctx: TestContext, folder: string): string[] {
  try {
    return readdirSync(path.join(ctx.config.DATA_DIR, "uploads", folder));
  } catch {
    return [];
  }
}

function uploadDocument(ctx: TestContext, user: TestUser, shipmentId: number, bytes: Buffer) {
  const body = multipartBody(
    { type: "Commercial invoice" },
    { file: { filename: "invoice.pdf", contentType: "application/pdf", bytes } },
  );
  return ctx.app.inject({
    method: "POST",
    url: `/api/shipments/${shipmentId}/documents/`,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
}

/** W4 of the existing client: a proof of delivery PATCHed as `pod_document`. */
function uploadPod(ctx: TestContext, user: TestUser, legId: number, bytes: Buffer) {
  const body = multipartBody(
    {},
    { pod_document: { filename: "pod.pdf", contentType: "application/pdf", bytes } },
  );
  return ctx.app.inject({
    method: "PATCH",
    url: `/api/warehouses/${legId}/`,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
}

function uploadAttachment(ctx: TestContext, user: TestUser, bytes: Buffer) {
  const body = multipartBody(
    {},
    { attachment: { filename: "notes.txt", contentType: "text/plain", bytes } },
  );
  return ctx.app.inject({
    method: "POST",
    url: "/api/chat/attachment/",
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
}

function saveProfile(ctx: TestContext, user: TestUser, image: Buffer | null, firstName = "Ann") {
  const body = multipartBody(
    image ? { first_name: firstName } : { first_name: firstName, remove_image: "true" },
    image ? { image: { filename: "me.png", contentType: "image/png", bytes: image } } : {},
  );
  return ctx.app.inject({
    method: "PATCH",
    url: "/api/auth/v1/update-profile/",
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
}

/** The account's use as `me` reports it, checked against the files its rows name. */
async function usedBytes(ctx: TestContext, user: TestUser): Promise<number> {
  const response = await ctx.app.inject({ url: "/api/auth/v1/me/", headers: user.auth });
  expect(response.statusCode, response.body).toBe(200);
  const me = meSchema.parse(response.json().data);
  const db = ctx.database.db;
  const [documents] = await db
    .select({ bytes: sql<number>`coalesce(sum(${orderDocuments.sizeBytes}), 0)`.mapWith(Number) })
    .from(orderDocuments)
    .where(eq(orderDocuments.uploadedBy, user.id));
  const [attachments] = await db
    .select({ bytes: sql<number>`coalesce(sum(${chatAttachments.sizeBytes}), 0)`.mapWith(Number) })
    .from(chatAttachments)
    .where(eq(chatAttachments.uploaderId, user.id));
  const [avatar] = await db
    .select({ bytes: users.imageSizeBytes })
    .from(users)
    .where(eq(users.id, user.id));
  expect(me.storage.used_bytes).toBe(
    (documents?.bytes ?? 0) + (attachments?.bytes ?? 0) + (avatar?.bytes ?? 0),
  );
  return me.storage.used_bytes;
}

/** A photo-like image (noise): its avatar is far larger than a plain colour's. */
const noisyImage = () =>
  sharp({
    create: {
      width: 300,
      height: 300,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

const refusal = (status: number, message: string, field: string) => ({
  status: "error",
  status_code: status,
  message,
  errors: [{ field, message }],
});

/** An order accepted by the seller, with legs to ONT8 and FTW1; returns its id and leg ids. */
async function acceptedOrder(ctx: TestContext, seller: TestUser, agent: TestUser) {
  const id = await postShipment(ctx.app, seller, {
    packages: [carton("ONT8 - Moreno Valley, CA"), carton("FTW1 - Dallas, TX")],
  });
  const quotation = await placeBid(ctx.app, agent, id, { pickup: 100, normal: 700 });
  await endBiddingWindow(ctx.app, id);
  const accepted = await ctx.app.inject({
    method: "PATCH",
    url: `/api/quotations/${quotation}/`,
    headers: seller.auth,
    payload: { shipment_status: "Quotation Accepted" },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await ctx.app.events.settle();
  const legs = await ctx.app.inject({ url: `/api/shipments/${id}/legs/`, headers: seller.auth });
  return { id, legIds: (legs.json().data as Array<{ id: number }>).map((leg) => leg.id) };
}

describe("storage quota per account", () => {
  let ctx: TestContext;
  let seller: TestUser;
  let agent: TestUser;
  let order: { id: number; legIds: number[] };

  beforeAll(async () => {
    ctx = await buildTestApp({ STORAGE_QUOTA_MB: 1 });
    [seller, agent] = await Promise.all([createSeller(ctx.app), createShipper(ctx.app)]);
    order = await acceptedOrder(ctx, seller, agent);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it("order documents: a file that does not fit is refused with what is left, storing nothing", async () => {
    expect((await uploadDocument(ctx, seller, order.id, pdf(600 * KB))).statusCode).toBe(201);
    expect(await usedBytes(ctx, seller)).toBe(600 * KB);
    const files = storedFiles(ctx, "documents");

    const refused = await uploadDocument(ctx, seller, order.id, pdf(600 * KB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual(
      refusal(
        413,
        "Storage quota: this 600 KB file does not fit, 424 KB left (600 KB of 1 MB used)",
        "file",
      ),
    );
    expect(storedFiles(ctx, "documents")).toEqual(files);
    expect(await usedBytes(ctx, seller)).toBe(600 * KB);

    // What is left still fits, to the byte; then the quota is full and says so.
    expect((await uploadDocument(ctx, seller, order.id, pdf(424 * KB))).statusCode).toBe(201);
    const full = await uploadDocument(ctx, seller, order.id, pdf(KB));
    expect(full.statusCode).toBe(413);
    expect(full.json()).toEqual(
      refusal(413, "Storage quota reached: 1 MB of 1 MB used, 0 B left", "file"),
    );
    expect(await usedBytes(ctx, seller)).toBe(MB);
    expect(storedFiles(ctx, "documents")).toHaveLength(files.length + 1);

    // The admins' users list shows each account's use.
    const admin = await createAdmin(ctx.app);
    const list = await ctx.app.inject({
      url: `/api/admin/users/?search=${encodeURIComponent(seller.email)}`,
      headers: admin.auth,
    });
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: seller.id, storage_used_bytes: MB }),
    ]);
  });

  it("the existing client's proof of delivery counts against the same total", async () => {
    const [leg] = order.legIds;
    expect((await uploadPod(ctx, agent, leg!, pdf(900 * KB))).statusCode).toBe(200);
    expect(await usedBytes(ctx, agent)).toBe(900 * KB);
    const files = storedFiles(ctx, "documents");

    const refused = await uploadPod(ctx, agent, leg!, pdf(200 * KB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual(
      refusal(413, storageMessages.fileDoesNotFit(200 * KB, 900 * KB, MB), "pod_document"),
    );
    expect(storedFiles(ctx, "documents")).toEqual(files);
    // Documents through the other route count in the same total.
    const viaDocuments = await uploadDocument(ctx, agent, order.id, pdf(200 * KB));
    expect(viaDocuments.statusCode).toBe(413);
    expect(await usedBytes(ctx, agent)).toBe(900 * KB);
  });

  it("chat attachments: refused past the quota; released when their message is deleted or the sweep removes them", async () => {
    const owner = await createSeller(ctx.app);
    const other = await createShipper(ctx.app);
    const shipment = await insertShipment(ctx.app, { sellerId: owner.id, agentId: other.id });
    const first = await uploadAttachment(ctx, owner, Buffer.alloc(700 * KB, "a"));
    expect(first.statusCode).toBe(201);
    const files = storedFiles(ctx, "attachments");

    const refused = await uploadAttachment(ctx, owner, Buffer.alloc(400 * KB, "b"));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual(
      refusal(413, storageMessages.fileDoesNotFit(400 * KB, 700 * KB, MB), "attachment"),
    );
    expect(storedFiles(ctx, "attachments")).toEqual(files);
    expect(await usedBytes(ctx, owner)).toBe(700 * KB);

    // Sent, then the message deleted: its file and its bytes go.
    const chat = servicesOf(ctx.app).chat;
    const user = await ctx.app.authenticator.userFromToken(owner.token);
    if (!user) throw new Error("no user");
    const ref = { kind: "shipment" as const, id: shipment.id };
    const message = await chat.sendMessage(user, ref, {
      content: "",
      attachmentId: first.json().data.id as number,
      replyToId: null,
    });
    expect(await usedBytes(ctx, owner)).toBe(700 * KB);
    await chat.deleteMessage(user, ref, message.id);
    expect(await usedBytes(ctx, owner)).toBe(0);
    expect(storedFiles(ctx, "attachments")).toHaveLength(files.length - 1);

    // Never sent: the sweep gives its bytes back.
    expect((await uploadAttachment(ctx, owner, Buffer.alloc(800 * KB, "c"))).statusCode).toBe(201);
    expect(await usedBytes(ctx, owner)).toBe(800 * KB);
    const removed = await sweepUnsentAttachments(ctx.database.db, ctx.app.storage, ctx.app.log, {
      ttlHours: 6,
      now: new Date(Date.now() + 7 * 3_600_000),
    });
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await usedBytes(ctx, owner)).toBe(0);
  });

  it("avatars: a replacement counts the difference, a removal releases, a full quota refuses", async () => {
    const owner = await createSeller(ctx.app);
    expect((await saveProfile(ctx, owner, await testImage("png", 600, 400))).statusCode).toBe(200);
    const first = await usedBytes(ctx, owner);
    expect(first).toBeGreaterThan(0);
    expect((await saveProfile(ctx, owner, await noisyImage())).statusCode).toBe(200);
    const second = await usedBytes(ctx, owner);
    expect(second).toBeGreaterThan(first);
    expect(storedFiles(ctx, "avatars")).toHaveLength(1);
    expect((await saveProfile(ctx, owner, null)).statusCode).toBe(200);
    expect(await usedBytes(ctx, owner)).toBe(0);
    expect(storedFiles(ctx, "avatars")).toHaveLength(0);

    // Filled by an attachment: the next avatar does not fit and changes nothing.
    expect((await uploadAttachment(ctx, owner, Buffer.alloc(MB - 10, "d"))).statusCode).toBe(201);
    const refused = await saveProfile(ctx, owner, await testImage("png", 600, 400), "Zoe");
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      status_code: 413,
      errors: [
        {
          field: "image",
          message: expect.stringMatching(/^Storage quota: this .* file does not fit, 10 B left/),
        },
      ],
    });
    expect(storedFiles(ctx, "avatars")).toHaveLength(0);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({ imageKey: null, firstName: "Ann" });
    expect(await usedBytes(ctx, owner)).toBe(MB - 10);
  });

  it("parallel uploads cannot pass the quota together", async () => {
    const admin = await createAdmin(ctx.app);
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => uploadDocument(ctx, admin, order.id, pdf(400 * KB))),
    );
    expect(results.map((response) => response.statusCode).sort()).toEqual([201, 201, 413, 413]);
    expect(await usedBytes(ctx, admin)).toBe(800 * KB);
  });

  it("the migration's backfill adds up each account's stored documents and attachments", async () => {
    const db = ctx.database.db;
    const before = await db
      .select({ id: users.id, used: users.storageUsedBytes, avatar: users.imageSizeBytes })
      .from(users);
    const migration = readFileSync(
      fileURLToPath(new URL("../../../drizzle/0018_storage_quota.sql", import.meta.url)),
      "utf8",
    );
    const backfill = migration.split("--> statement-breakpoint").at(-1)!;
    await db.execute(sql`update ${users} set storage_used_bytes = 0`);
    await db.execute(sql.raw(backfill));
    const after = await db.select({ id: users.id, used: users.storageUsedBytes }).from(users);
    // Avatars stored before sizes were kept are the one thing a backfill cannot know.
    expect(new Map(after.map((row) => [row.id, row.used]))).toEqual(
      new Map(before.map((row) => [row.id, row.used - (row.avatar ?? 0)])),
    );
    expect(after.some((row) => row.used > 0)).toBe(true);
  });
});

describe("one upload budget across every upload route", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({ UPLOADS_PER_10_MIN: 3 });
  }, 120_000);
  afterAll(async () => ctx?.close());

  it("uploads through the documents route count against the proof-of-delivery route and chat", async () => {
    const seller = await createSeller(ctx.app);
    const agent = await createShipper(ctx.app);
    const order = await acceptedOrder(ctx, seller, agent);
    const [leg] = order.legIds;

    expect((await uploadDocument(ctx, agent, order.id, pdf(2 * KB))).statusCode).toBe(201);
    expect((await uploadDocument(ctx, agent, order.id, pdf(2 * KB))).statusCode).toBe(201);
    expect((await uploadPod(ctx, agent, leg!, pdf(2 * KB))).statusCode).toBe(200);
    const files = storedFiles(ctx, "documents");

    for (const refused of [
      await uploadPod(ctx, agent, leg!, pdf(2 * KB)),
      await uploadDocument(ctx, agent, order.id, pdf(2 * KB)),
      await uploadAttachment(ctx, agent, Buffer.from("note")),
    ]) {
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      const message = storageMessages.uploadRateReached(3, 10, retryAfter);
      expect(message).toMatch(
        /^Upload limit reached: 3 uploads per 10 minutes, none left for \d+ (s|min)$/,
      );
      expect(refused.json()).toEqual({
        status: "error",
        status_code: 429,
        message,
        errors: [{ message }],
      });
    }
    expect(storedFiles(ctx, "documents")).toEqual(files);

    // A status change on the same route is no upload; another account has its own budget.
    const status = await ctx.app.inject({
      method: "PATCH",
      url: `/api/warehouses/${leg}/`,
      headers: agent.auth,
      payload: { id: leg, status: "Warehouse Picked Up" },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect((await uploadDocument(ctx, seller, order.id, pdf(2 * KB))).statusCode).toBe(201);
  });
});

describe.runIf(process.env.REDIS_URL)("the upload budget shared through Redis", () => {
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    const config = { REDIS_URL: process.env.REDIS_URL, UPLOADS_PER_10_MIN: 2 };
    first = await buildTestApp(config);
    second = await buildTestApp(config);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("counts one account's uploads across routes and server instances", async () => {
    expect(first.app.redis).toBeDefined();
    // The same account id on both instances' databases, unused by earlier runs sharing Redis.
    const id = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
    const sellerOn = async (ctx: TestContext) => {
      await ctx.database.db.execute(sql`select setval('users_id_seq', ${id})`);
      return createSeller(ctx.app);
    };
    const [a, b] = [await sellerOn(first), await sellerOn(second)];
    expect(a.id).toBe(b.id);
    const image = await testImage("png", 64, 64);

    expect((await uploadAttachment(first, a, Buffer.from("one"))).statusCode).toBe(201);
    expect((await saveProfile(second, b, image)).statusCode).toBe(200);
    const refused = [
      await saveProfile(first, a, image),
      await uploadAttachment(second, b, Buffer.from("three")),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(429);
      expect(response.json().message).toMatch(/^Upload limit reached: 2 uploads per 10 minutes/);
    }
    // A profile save without a picture stores no file and is not counted.
    expect((await saveProfile(first, a, null, "Bea")).statusCode).toBe(200);
  });
});
