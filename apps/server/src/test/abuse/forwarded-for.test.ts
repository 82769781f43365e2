import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, trustProxyOption } from "../../config.js";
import { buildTestApp, type TestContext } from "../app.js";

/** A different made-up client address for every request, as a spoofing client would send. */
const spoofed = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** A malformed sign-up from behind the proxy: nginx appends the address it saw to the header. */
function registerThroughProxy(ctx: TestContext, proxyAddress: string, forwardedFor: string) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/auth/register/",
    remoteAddress: proxyAddress,
    headers: { "x-forwarded-for": forwardedFor },
    payload: {},
  });
}

describe("TRUST_PROXY values", () => {
  const parse = (value: string) => trustProxyOption(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY);

  it("trusts nothing by default and with false", () => {
    expect(trustProxyOption(loadConfig({}).TRUST_PROXY)).toBe(false);
    expect(parse("false")).toBe(false);
    expect(parse("0")).toBe(false);
  });

  it("takes true as proxies on loopback or private addresses, never as every hop", () => {
    expect(parse("true")).toEqual(["loopback", "linklocal", "uniquelocal"]);
  });

  it("takes a hop count as exactly that many hops", () => {
    const twoHops = parse("2");
    if (typeof twoHops !== "function") throw new Error("expected a hop test");
    expect([0, 1, 2, 3].map((hop) => twoHops("198.51.100.1", hop))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("takes a list of proxy addresses and networks", () => {
    expect(parse("10.0.0.0/8, 127.0.0.1,::1")).toEqual(["10.0.0.0/8", "127.0.0.1", "::1"]);
    expect(parse("loopback")).toEqual(["loopback"]);
  });

  it("refuses anything else with a message naming the variable", () => {
    for (const bad of ["yes", "-1", "1.5", "10.0.0.0/99", "10.0.0.1,,", "proxy.example.com"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("per-IP limits behind one proxy hop (TRUST_PROXY=true)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ TRUST_PROXY: true });
  });
  afterAll(async () => ctx.close());

  it("keys the bucket on the address the proxy saw, not on what the client wrote", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await registerThroughProxy(ctx, "10.0.0.2", `${spoofed()}, 203.0.113.9`);
      expect(res.statusCode).toBe(400);
    }
    const limited = await registerThroughProxy(ctx, "10.0.0.2", `${spoofed()}, 203.0.113.9`);
    expect(limited.statusCode).toBe(429);
    // Another real client behind the same proxy still has its own bucket.
    const other = await registerThroughProxy(ctx, "10.0.0.2", `${spoofed()}, 203.0.113.10`);
    expect(other.statusCode).toBe(400);
  });

  it("ignores the header from a peer that is not a private proxy", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await registerThroughProxy(ctx, "198.51.100.60", spoofed());
      expect(res.statusCode).toBe(400);
    }
    expect((await registerThroughProxy(ctx, "198.51.100.60", spoofed())).statusCode).toBe(429);
  });
});

describe("per-IP limits behind a counted hop (TRUST_PROXY=1)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ TRUST_PROXY: 1 });
  });
  afterAll(async () => ctx.close());

  it("keys the bucket on the last hop only", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await registerThroughProxy(ctx, "192.0.2.1", `${spoofed()}, 203.0.113.30`);
      expect(res.statusCode).toBe(400);
    }
    expect((await registerThroughProxy(ctx, "192.0.2.1", "203.0.113.30")).statusCode).toBe(429);
    expect((await registerThroughProxy(ctx, "192.0.2.1", "203.0.113.31")).statusCode).toBe(400);
  });
});

describe("per-IP limits behind listed proxies (TRUST_PROXY=10.0.0.0/8)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ TRUST_PROXY: ["10.0.0.0/8"] });
  });
  afterAll(async () => ctx.close());

  it("believes the header only from a listed proxy, and only its last hop", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await registerThroughProxy(ctx, "10.1.2.3", `${spoofed()}, 203.0.113.20`);
      expect(res.statusCode).toBe(400);
    }
    expect((await registerThroughProxy(ctx, "10.1.2.3", "203.0.113.20")).statusCode).toBe(429);
    expect((await registerThroughProxy(ctx, "10.1.2.3", "203.0.113.21")).statusCode).toBe(400);

    // A client reaching the server directly cannot choose its address with the header.
    for (let i = 0; i < 20; i++) {
      const res = await registerThroughProxy(ctx, "198.51.100.50", spoofed());
      expect(res.statusCode).toBe(400);
    }
    expect((await registerThroughProxy(ctx, "198.51.100.50", spoofed())).statusCode).toBe(429);
  });
});
