import { afterEach, describe, expect, it, vi } from "vitest";
import { SignJWT } from "jose";
import { TokenService } from "./tokens.js";

const SECRET = "a-test-secret-that-is-long-enough-for-hs256";

describe("TokenService", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("verifies its own tokens, again from memory, until they expire", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-22T10:00:00Z"), toFake: ["Date"] });
    const tokens = new TokenService(SECRET);
    const token = await tokens.signAccess({ userId: 7, group: "Seller" }, 60);
    expect(await tokens.verifyAccess(token)).toEqual({ userId: 7, group: "Seller" });
    expect(await tokens.verifyAccess(token)).toEqual({ userId: 7, group: "Seller" });
    vi.setSystemTime(new Date("2026-11-22T10:01:01Z"));
    expect(await tokens.verifyAccess(token)).toBeNull();
    expect(await tokens.verifyAccess(token)).toBeNull();
  });

  it("refuses forged, tampered, expiry-less and other-algorithm tokens", async () => {
    const tokens = new TokenService(SECRET);
    const forged = await new TokenService("another-secret-another-secret-1234").signAccess({
      userId: 1,
      group: "Admin",
    });
    expect(await tokens.verifyAccess(forged)).toBeNull();

    const genuine = await tokens.signAccess({ userId: 2, group: "Seller" });
    const [header, , signature] = genuine.split(".");
    const payload = Buffer.from(JSON.stringify({ sub: "2", grp: "Admin", exp: 9_999_999_999 }));
    expect(
      await tokens.verifyAccess(`${header}.${payload.toString("base64url")}.${signature}`),
    ).toBeNull();

    const key = new TextEncoder().encode(SECRET);
    const noExpiry = await new SignJWT({ grp: "Seller" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("3")
      .sign(key);
    expect(await tokens.verifyAccess(noExpiry)).toBeNull();

    const hs512 = await new SignJWT({ grp: "Seller" })
      .setProtectedHeader({ alg: "HS512" })
      .setSubject("4")
      .setExpirationTime("5m")
      .sign(key);
    expect(await tokens.verifyAccess(hs512)).toBeNull();
    expect(await tokens.verifyAccess("not-a-token")).toBeNull();
  });
});
