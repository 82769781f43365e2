import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { testConfig } from "../config.js";
import { sweepUnsentAttachments } from "../modules/chat/index.js";
import { openTestDatabase } from "./app.js";
import { createSeller } from "./factories.js";
import { capturedLogStream } from "./log-capture.js";
import { multipartBody, testImage } from "./profile-factories.js";
import { startS3Server, type TestS3Server } from "./s3-server.js";

/**
 * Two instances on one database, each with a data folder of its own, storing uploads in one S3
 * bucket: what one instance stores, the other serves.
 */
describe("two instances sharing an S3 bucket and no disk", () => {
  let s3: TestS3Server;
  let drop: () => Promise<void>;
  let database: Awaited<ReturnType<typeof openTestDatabase>>["database"];
  const apps: FastifyInstance[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    s3 = await startS3Server();
    ({ database, drop } = await openTestDatabase());
    const secret = randomBytes(32).toString("hex");
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), "fba-s3-instance-"));
      dataDirs.push(dataDir);
      const config = testConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: secret,
        REDIS_URL: undefined,
        LOG_LEVEL: "error",
        // Would refuse every upload on the disk driver: the bucket has no such guard.
        MIN_FREE_DISK_MB: 100_000_000,
        ...s3.config,
      });
      const app = await buildApp(config, { database, logStream: capturedLogStream });
      await app.ready();
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop?.();
    await s3?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const uploadsOnDisk = () =>
    dataDirs.flatMap((dir) => {
      try {
        return readdirSync(path.join(dir, "uploads"), { recursive: true, encoding: "utf8" });
      } catch {
        return [];
      }
    });

  it("serves a chat attachment uploaded on the other instance byte for byte", async () => {
    const [first, second] = apps;
    const seller = await createSeller(first!);
    const image = await testImage("png", 900, 700);
    const body = multipartBody(
      { file_size: String(image.length) },
      { attachment: { filename: "label.png", contentType: "image/png", bytes: image } },
    );
    const uploaded = await first!.inject({
      method: "POST",
      url: "/api/chat/attachment/",
      payload: body.payload,
      headers: { ...body.headers, ...seller.auth },
    });
    expect(uploaded.statusCode).toBe(201);
    const { id, attachment } = uploaded.json().data as { id: number; attachment: string };
    expect(uploadsOnDisk()).toEqual([]);

    const signed = new URL(attachment);
    const download = await second!.inject({
      method: "GET",
      url: `${signed.pathname}${signed.search}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(image)).toBe(true);
    expect(download.headers["content-length"]).toBe(String(image.length));
    expect(download.headers["content-type"]).toBe("image/png");
    expect(download.headers["content-disposition"]).toContain('inline; filename="label.png"');

    const withToken = await second!.inject({
      method: "GET",
      url: `/api/chat/attachment/${id}/download`,
      headers: seller.auth,
    });
    expect(withToken.rawPayload.equals(image)).toBe(true);

    // Never sent: the sweep on the second instance removes the object the first one stored.
    const later = new Date(Date.now() + 7 * 3_600_000);
    expect(
      await sweepUnsentAttachments(database.db, second!.storage, second!.log, {
        ttlHours: 6,
        now: later,
      }),
    ).toBe(1);
    const gone = await first!.inject({ method: "GET", url: `${signed.pathname}${signed.search}` });
    expect(gone.statusCode).toBe(404);
  });

  it("serves an avatar uploaded on the other instance, the same bytes on both", async () => {
    const [first, second] = apps;
    const user = await createSeller(first!);
    const body = multipartBody(
      {},
      { image: { filename: "me.jpg", contentType: "image/jpeg", bytes: await testImage("jpeg") } },
    );
    const updated = await first!.inject({
      method: "PATCH",
      url: "/api/auth/v1/update-profile/",
      payload: body.payload,
      headers: { ...body.headers, ...user.auth },
    });
    expect(updated.statusCode).toBe(200);
    const image = new URL(updated.json().data.image as string);
    const url = `${image.pathname}${image.search}`;

    const fromSecond = await second!.inject({ method: "GET", url });
    const fromFirst = await first!.inject({ method: "GET", url });
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.headers["content-type"]).toBe("image/webp");
    expect(fromSecond.rawPayload.length).toBeGreaterThan(0);
    expect(fromSecond.rawPayload.equals(fromFirst.rawPayload)).toBe(true);
    expect(uploadsOnDisk()).toEqual([]);

    // The object gone from the bucket (the row still names it): 404, not a broken stream.
    await first!.storage.remove(`avatars/${image.searchParams.get("v")}.webp`);
    const missing = await second!.inject({ method: "GET", url });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: "error" });
  });
});
