import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES, chatMessages as texts } from "@fba/contract";
import { chatAttachments } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../app.js";
import { createSeller, type TestUser } from "../factories.js";
import { multipartBody } from "../profile-factories.js";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const BOUNDARY = "----fbaUploadAbuse";
const CHUNK = 1024 * 1024;

/** Every file under dir, however deep; nothing when the directory does not exist. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/**
 * Streams a multipart upload of `size` bytes over a real socket, like a browser would, optionally
 * without Content-Length (chunked) so only the multipart limit can stop it. Resolves with the
 * answer even when the server stops reading early.
 */
function streamUpload(
  baseUrl: string,
  user: TestUser,
  size: number,
  { chunked }: { chunked: boolean },
): Promise<{ status: number; body: { errors?: Array<{ field?: string; message: string }> } }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="huge.png"\r\n` +
      `Content-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const url = new URL("/api/chat/attachment/", baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      headers: {
        ...user.auth,
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        ...(chunked ? {} : { "content-length": head.length + size + tail.length }),
      },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
      );
    });
    // The server may answer and close before the whole body is written; that is the point.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const write = async () => {
      request.write(head);
      const first = Buffer.alloc(CHUNK, 0x20);
      PNG.copy(first);
      const filler = Buffer.alloc(CHUNK, 0x20);
      for (let sent = 0; sent < size && !answered && !request.destroyed;) {
        const piece = sent === 0 ? first : filler;
        const slice = piece.subarray(0, Math.min(CHUNK, size - sent));
        sent += slice.length;
        if (!request.write(slice)) {
          await new Promise<void>((resume) => {
            const done = () => {
              request.off("drain", done);
              request.off("close", done);
              resume();
            };
            request.once("drain", done);
            request.once("close", done);
          });
        }
      }
      if (!request.destroyed) request.end(tail);
    };
    void write();
  });
}

describe("chat attachment over the size limit", () => {
  let ctx: TestContext;
  let baseUrl: string;
  let seller: TestUser;
  let uploads: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    baseUrl = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    seller = await createSeller(ctx.app);
    uploads = path.join(ctx.config.DATA_DIR, "uploads");
  });
  afterAll(async () => ctx.close());

  const attachmentRows = async () => (await ctx.database.db.select().from(chatAttachments)).length;

  it.each([
    ["with Content-Length", false],
    ["chunked, without Content-Length", true],
  ])("answers 413 %s and stores nothing", async (_label, chunked) => {
    const res = await streamUpload(baseUrl, seller, ATTACHMENT_MAX_BYTES + CHUNK, { chunked });
    expect(res.status).toBe(413);
    expect(res.body.errors).toEqual([{ field: "attachment", message: texts.attachmentTooLarge }]);
    expect(filesUnder(uploads)).toEqual([]);
    expect(await attachmentRows()).toBe(0);
  });

  it("still accepts a file of exactly the limit, which is then the only file stored", async () => {
    const res = await streamUpload(baseUrl, seller, ATTACHMENT_MAX_BYTES, { chunked: true });
    expect(res.status).toBe(201);
    expect(filesUnder(uploads)).toHaveLength(1);
    expect(await attachmentRows()).toBe(1);
  });
});

describe("chat attachment crafted to make type detection backtrack", () => {
  let ctx: TestContext;
  let seller: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    seller = await createSeller(ctx.app);
  });
  afterAll(async () => ctx.close());

  it("is answered at once as plain text, and other requests are not held up", async () => {
    const crafted = Buffer.from(`${"<!---->".repeat(28)}x`);
    const body = multipartBody(
      { file_size: String(crafted.length) },
      { attachment: { filename: "notes.txt", contentType: "text/plain", bytes: crafted } },
    );
    const started = performance.now();
    const [upload, health] = await Promise.all([
      ctx.app.inject({
        method: "POST",
        url: "/api/chat/attachment/",
        payload: body.payload,
        headers: { ...body.headers, ...seller.auth },
      }),
      ctx.app.inject({ method: "GET", url: "/api/health" }),
    ]);
    expect(upload.statusCode).toBe(201);
    expect(upload.json().data).toMatchObject({ file_type: "txt", file_name: "notes" });
    expect(health.statusCode).toBe(200);
    // A hang guard: the vulnerable pattern held the event loop for tens of seconds.
    expect(performance.now() - started).toBeLessThan(3_000);
  }, 5_000);
});
