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
