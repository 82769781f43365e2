import v8 from "node:v8";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../test/app.js";
import { createSeller } from "../test/factories.js";
import { postShipment } from "../test/shipment-factories.js";
import { mappedByPosition } from "./prepared.js";
import { quotations, shipments, users } from "./schema/index.js";

let ctx: TestContext;
let shipmentId: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  const seller = await createSeller(ctx.app);
  shipmentId = await postShipment(ctx.app, seller, { product_name: "Mapped Lamp" });
}, 120_000);
afterAll(async () => ctx?.close());

const agent = alias(users, "agent");

/** A flat select over the column kinds the shipment reads use, with an empty left join. */
function select(name: string) {
  return ctx.database.db
    .select({
      id: shipments.id,
      createdAt: shipments.createdAt,
      biddingEndsAt: shipments.biddingEndsAt,
      readyDate: shipments.shipmentReadyDate,
      compliance: shipments.compliance,
      finalAmount: shipments.finalAmount,
      latitude: shipments.pickupLatitude,
      quotationCount: shipments.quotationCount,
      sellerEmail: users.email,
      quotationId: quotations.id,
      quotationTotal: quotations.totalAmount,
      agentEmail: agent.email,
      doubled: sql<number>`${shipments.quotationCount} * 2 + 1`.mapWith(Number),
      documents: sql<string[]>`json_build_array('a', 'b')`,
    })
    .from(shipments)
    .innerJoin(users, eq(users.id, shipments.sellerId))
    .leftJoin(quotations, eq(quotations.id, shipments.winningQuotationId))
    .leftJoin(agent, eq(agent.id, quotations.agentId))
    .where(eq(shipments.id, sql.placeholder("id")))
    .prepare(name);
}

describe("rows mapped by position", () => {
  it("gives the values Drizzle's own mapping gives, decoded by each column", async () => {
    const [drizzle] = await select("mapped_test_drizzle").execute({ id: shipmentId });
    const [mapped] = await mappedByPosition(select("mapped_test_position")).execute({
      id: shipmentId,
    });
    expect(mapped).toEqual(drizzle);
    expect(mapped).toMatchObject({
      id: shipmentId,
      quotationCount: 0,
      doubled: 1,
      quotationId: null,
      agentEmail: null,
      documents: ["a", "b"],
    });
    expect(mapped!.createdAt).toBeInstanceOf(Date);
    expect(mapped!.biddingEndsAt.getTime()).toBeGreaterThan(mapped!.createdAt.getTime());
    expect(Object.keys(mapped!)).toEqual(Object.keys(drizzle!));
  });

  it("makes wide rows of one shape, with fast properties", async () => {
    // A row built up key by key falls back to a dictionary past a dozen or so properties, unless
    // objects of those keys were built in that order before; every read of it then goes the slow
    // way. Keys no other object has show it. V8 tells which an object is through its natives syntax.
    v8.setFlagsFromString("--allow-natives-syntax");
    const hasFastProperties = new Function("o", "return %HasFastProperties(o)") as (
      o: object,
    ) => boolean;
    const fields = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [
        `wideTestField${i}`,
        sql<number>`${shipments.quotationCount} + ${sql.raw(String(i))}`.mapWith(Number),
      ]),
    );
    const wide = mappedByPosition(
      ctx.database.db
        .select({ id: shipments.id, ...fields })
        .from(shipments)
        .where(eq(shipments.id, sql.placeholder("id")))
        .prepare("mapped_test_wide"),
    );
    const [first] = await wide.execute({ id: shipmentId });
    const [second] = await wide.execute({ id: shipmentId });
    // Asked before anything else reads the rows: some reads (as a prototype) make an object fast.
    const fastFirst = hasFastProperties(first!);
    const fastSecond = hasFastProperties(second!);
    expect(first).toMatchObject({ id: shipmentId, wideTestField0: 0, wideTestField39: 39 });
    expect(Object.keys(first!)).toEqual(["id", ...Object.keys(fields)]);
    expect([fastFirst, fastSecond]).toEqual([true, true]);
  });

  it("leaves a selection with a field named __proto__ to Drizzle's mapping", () => {
    const odd = ctx.database.db
      .select({ id: shipments.id, ["__proto__"]: shipments.productName })
      .from(shipments)
      .where(eq(shipments.id, sql.placeholder("id")))
      .prepare("mapped_test_proto");
    const before = (odd as unknown as { customResultMapper?: unknown }).customResultMapper;
    mappedByPosition(odd);
    expect((odd as unknown as { customResultMapper?: unknown }).customResultMapper).toBe(before);
  });

  it("leaves a nested selection to Drizzle's mapping", async () => {
    const nested = ctx.database.db
      .select({ shipment: { id: shipments.id, name: shipments.productName } })
      .from(shipments)
      .where(eq(shipments.id, sql.placeholder("id")))
      .prepare("mapped_test_nested");
    const before = (nested as unknown as { customResultMapper?: unknown }).customResultMapper;
    const [row] = await mappedByPosition(nested).execute({ id: shipmentId });
    expect((nested as unknown as { customResultMapper?: unknown }).customResultMapper).toBe(before);
    expect(row).toEqual({ shipment: { id: shipmentId, name: "Mapped Lamp" } });
  });
});
