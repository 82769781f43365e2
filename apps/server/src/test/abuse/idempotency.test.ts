import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { idempotencyKeys, shipments } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../app.js";
import { createSeller, createShipper, type TestUser } from "../factories.js";
import { validShipmentInput } from "../shipment-factories.js";

let ctx: TestContext;
let seller: TestUser;
let otherSeller: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  seller = await createSeller(ctx.app);
  otherSeller = await createSeller(ctx.app);
});
afterAll(async () => ctx.close());

function post(user: TestUser, key: string, ref = "REF IDEM 1", on: TestContext = ctx) {
  return on.app.inject({
    method: "POST",
    url: "/api/shipments/",
    headers: { ...user.auth, "idempotency-key": key },
    payload: validShipmentInput({ freight_booking_reference_number: ref }),
  });
}

async function countByRef(ref: string, on: TestContext = ctx): Promise<number> {
  const rows = await on.database.db
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(shipments.freightBookingReferenceNumber, ref));
  return rows.length;
}

describe("Idempotency-Key on writes", () => {
  it("a retry with the same key returns the first response and writes once", async () => {
    const first = await post(seller, "create-1", "REF IDEM A");
    expect(first.statusCode).toBe(201);
    const retry = await post(seller, "create-1", "REF IDEM A");
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect(await countByRef("REF IDEM A")).toBe(1);
  });

  it("the same key from another user is a different write", async () => {
    const mine = await post(seller, "shared-key", "REF IDEM B");
    const theirs = await post(otherSeller, "shared-key", "REF IDEM B");
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    expect(await countByRef("REF IDEM B")).toBe(2);
  });

  it("a key reused with a different body is refused with 409", async () => {
    expect((await post(seller, "body-key", "REF IDEM C")).statusCode).toBe(201);
    const reused = await post(seller, "body-key", "REF IDEM D");
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errors[0].field).toBe("Idempotency-Key");
    expect(await countByRef("REF IDEM D")).toBe(0);
  });

  it("a duplicate while the first is still running gets 409 with Retry-After", async () => {
    await ctx.database.db.insert(idempotencyKeys).values({
      userId: seller.id,
      key: "in-flight",
      method: "POST",
      path: "/api/shipments",
      requestHash: "x",
      expiresAt: new Date(Date.now() + 60_000),
    });
    const duplicate = await post(seller, "in-flight", "REF IDEM E");
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.headers["retry-after"]).toBe("1");
    expect(duplicate.json().message).toBe(
      "A request with this Idempotency-Key is still being processed",
    );
    expect(await countByRef("REF IDEM E")).toBe(0);
  });

  it("a claim abandoned by a dead process is taken over after its lease", async () => {
    await ctx.database.db.insert(idempotencyKeys).values({
      userId: seller.id,
      key: "abandoned",
      method: "POST",
      path: "/api/shipments",
      requestHash: "x",
      lockedAt: new Date(Date.now() - 120_000),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const retry = await post(seller, "abandoned", "REF IDEM F");
    expect(retry.statusCode).toBe(201);
    expect(await countByRef("REF IDEM F")).toBe(1);
  });

  it("marks the claim applied inside the write's transaction", async () => {
    expect((await post(seller, "marked", "REF IDEM J")).statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, seller.id), eq(idempotencyKeys.key, "marked")));
    expect(row?.appliedAt).toBeInstanceOf(Date);
    expect(row?.statusCode).toBe(201);
  });

  it("never runs again a write whose process died after committing it", async () => {
    await ctx.database.db.insert(idempotencyKeys).values({
      userId: seller.id,
      key: "applied-then-died",
      method: "POST",
      path: "/api/shipments",
      requestHash: "x",
      appliedAt: new Date(Date.now() - 119_000),
      lockedAt: new Date(Date.now() - 120_000),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const retry = await post(seller, "applied-then-died", "REF IDEM K");
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(
      "This request was already applied; its response is no longer available",
    );
    expect(await countByRef("REF IDEM K")).toBe(0);
  });

  it("an expired key no longer replays", async () => {
    expect((await post(seller, "old-key", "REF IDEM G")).statusCode).toBe(201);
    await ctx.database.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(idempotencyKeys.userId, seller.id), eq(idempotencyKeys.key, "old-key")));
    const again = await post(seller, "old-key", "REF IDEM G");
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect(await countByRef("REF IDEM G")).toBe(2);
  });

  it("refusals are replayed too, and a malformed key is a field error", async () => {
    const shipper = await createShipper(ctx.app);
    const forbidden = await post(shipper, "shipper-key", "REF IDEM H");
    expect(forbidden.statusCode).toBe(403);
    const bad = await post(seller, "bad key with spaces", "REF IDEM H");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      {
        field: "Idempotency-Key",
        message: "Idempotency-Key must be 1 to 200 visible ASCII characters",
      },
    ]);
    const anonymous = await ctx.app.inject({
      method: "POST",
      url: "/api/shipments/",
      headers: { "idempotency-key": "anon" },
      payload: validShipmentInput(),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await countByRef("REF IDEM H")).toBe(0);
  });

  it("without the header every POST is a new write", async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/shipments",
        headers: seller.auth,
        payload: validShipmentInput({ freight_booking_reference_number: "REF IDEM I" }),
      });
      expect(response.statusCode).toBe(201);
    }
    expect(await countByRef("REF IDEM I")).toBe(2);
  });
});

describe("IDEMPOTENCY_LEASE_MS", () => {
  let shortLease: TestContext;
  beforeAll(async () => {
    shortLease = await buildTestApp({ IDEMPOTENCY_LEASE_MS: 2000 });
  });
  afterAll(async () => shortLease.close());

  it("decides when an unfinished claim counts as abandoned", async () => {
    const claimFiveSecondsOld = (app: TestContext, user: TestUser, key: string) =>
      app.database.db.insert(idempotencyKeys).values({
        userId: user.id,
        key,
        method: "POST",
        path: "/api/shipments",
        requestHash: "x",
        lockedAt: new Date(Date.now() - 5000),
        expiresAt: new Date(Date.now() + 60_000),
      });
    // The default lease (30 s): a claim 5 s old is a request still running.
    await claimFiveSecondsOld(ctx, seller, "five-seconds");
    const waiting = await post(seller, "five-seconds", "REF IDEM L");
    expect(waiting.statusCode).toBe(409);
    expect(waiting.headers["retry-after"]).toBe("1");

    // A lease of 2 s: the same claim was abandoned, and the retry runs the write once.
    const user = await createSeller(shortLease.app);
    await claimFiveSecondsOld(shortLease, user, "five-seconds");
    const retry = await post(user, "five-seconds", "REF IDEM M", shortLease);
    expect(retry.statusCode).toBe(201);
    expect(await countByRef("REF IDEM M", shortLease)).toBe(1);
  });
});
