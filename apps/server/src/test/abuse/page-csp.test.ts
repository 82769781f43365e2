import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../app.js";

/** The directive's sources, from a Content-Security-Policy header. */
function sourcesOf(policy: string | undefined, directive: string): string[] {
  const entry = (policy ?? "")
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return entry ? entry.slice(1) : [];
}

describe("the pages' connect-src", () => {
  const cases = [
    { PUBLIC_URL: "https://freight.example.com", socket: "wss://freight.example.com" },
    { PUBLIC_URL: "http://127.0.0.1:4173/", socket: "ws://127.0.0.1:4173" },
  ];
  for (const { PUBLIC_URL, socket } of cases) {
    describe(PUBLIC_URL, () => {
      let ctx: TestContext;
      beforeAll(async () => {
        ctx = await buildTestApp({ PUBLIC_URL });
      });
      afterAll(async () => ctx.close());

      it("allows sockets to the app's own origin only", async () => {
        const res = await ctx.app.inject({ method: "GET", url: "/login" });
        const connect = sourcesOf(res.headers["content-security-policy"] as string, "connect-src");
        expect(connect).toEqual(["'self'", socket]);
      });
    });
  }
});
