import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatAttachment, User } from "@fba/contract";
import { buildTestApp, type TestContext } from "./app.js";
import { createSeller, type TestUser } from "./factories.js";
import { multipartBody, testImage } from "./profile-factories.js";

/** The directive's sources, from a Content-Security-Policy header. */
function sourcesOf(policy: unknown, directive: string): string[] {
  const entry = String(policy ?? "")
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return entry ? entry.slice(1) : [];
}

/**
 * Uploaded files are announced with absolute URLs under PUBLIC_URL (other clients read them as
 * they are), while the web app loads them by path and query from whatever address it was opened
 * on: that works only if the same path and signed query are served whatever the host, and the
 * pages allow images from their own origin.
 */
describe("uploaded files opened on another address than PUBLIC_URL", () => {
  let ctx: TestContext;
  let seller: TestUser;
  const otherHosts = ["localhost:3220", "www.freight.example", "10.0.0.7:8080"];

  beforeAll(async () => {
    ctx = await buildTestApp({ PUBLIC_URL: "https://freight.example" });
    seller = await createSeller(ctx.app);
  });
  afterAll(async () => ctx.close());

  const upload = (url: string, method: "POST" | "PATCH", file: string, bytes: Buffer) => {
    const body = multipartBody(file === "attachment" ? { file_size: String(bytes.length) } : {}, {
      [file]: { filename: "photo.png", contentType: "image/png", bytes },
    });
    return ctx.app.inject({
      method,
      url,
      headers: { ...seller.auth, ...body.headers },
      payload: body.payload,
    });
  };

  it("lets the pages show images of their own origin", async () => {
    const page = await ctx.app.inject({
      method: "GET",
      url: "/login",
      headers: { host: "localhost:3220" },
    });
    expect(sourcesOf(page.headers["content-security-policy"], "img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
    ]);
  });

  it("serves an avatar by its path and version on any host", async () => {
    const res = await upload("/api/auth/v1/update-profile/", "PATCH", "image", await testImage());
    expect(res.statusCode).toBe(200);
    const image = (res.json().data as User).image ?? "";
    // The JSON field stays absolute, built from PUBLIC_URL.
    expect(image).toMatch(/^https:\/\/freight\.example\/api\/users\/\d+\/avatar\/\?v=[0-9a-f]+$/);

    const { pathname, search } = new URL(image);
    for (const host of otherHosts) {
      const served = await ctx.app.inject({
        method: "GET",
        url: `${pathname}${search}`,
        headers: { host },
      });
      expect(served.statusCode, host).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      // Another web client on its own origin (CORS_ORIGINS) may show it in an <img>.
      expect(served.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    }
  });

  it("serves a chat attachment by its path and signed query on any host", async () => {
    const res = await upload("/api/chat/attachment/", "POST", "attachment", await testImage());
    expect(res.statusCode).toBe(201);
    const url = (res.json().data as ChatAttachment).attachment;
    expect(url).toMatch(
      /^https:\/\/freight\.example\/api\/chat\/attachment\/\d+\/download\/\?expires=\d+&signature=/,
    );

    const { pathname, search } = new URL(url);
    for (const host of otherHosts) {
      const served = await ctx.app.inject({
        method: "GET",
        url: `${pathname}${search}`,
        headers: { host },
      });
      expect(served.statusCode, host).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    }
    // The signature still binds the file: the path without it is refused.
    const unsigned = await ctx.app.inject({
      method: "GET",
      url: pathname,
      headers: { host: otherHosts[0] },
    });
    expect(unsigned.statusCode).toBe(401);
  });
});
