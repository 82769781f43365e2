import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { awardNotificationTexts, chargeableWeightKg, type Quotation } from "@fba/contract";
import { agentScorecards } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { comparisonKit, detailedBid, FAR } from "../../test/comparison-kit.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { carton, placeBid, postShipment } from "../../test/shipment-factories.js";

describe("quotation details, comparison, award and re-confirmation", () => {
  let ctx: TestContext;
  let seller: TestUser;
  let otherSeller: TestUser;
  let admin: TestUser;
  let agents: TestUser[];

  beforeAll(async () => {
    ctx = await buildTestApp();
    seller = await createSeller(ctx.app);
    otherSeller = await createSeller(ctx.app);
    admin = await createAdmin(ctx.app);
    agents = await Promise.all([0, 1, 2].map(() => createShipper(ctx.app)));
  });
  afterAll(async () => ctx.close());

  const { call, bid, closeWindow, comparisonOf, notificationsOf, fieldsOf, productOf } =
    comparisonKit(
      () => ctx,
      () => seller,
    );

  describe("details on the spec's quotation call", () => {
    it("stores and returns them; the old call still works and shows none", async () => {
      const id = await postShipment(ctx.app, seller);
      const detailed = await bid(
        agents[0]!,
        detailedBid(id, { pickup: 100, fast: 900, normal: 500 }),
      );
      expect(detailed.details).toEqual({
        fast: { service_type: "air_express", transit_min_days: 4, transit_max_days: 6 },
        normal: { service_type: "sea", transit_min_days: 30, transit_max_days: 35 },
        inclusions: ["pickup_origin", "main_freight", "fc_delivery"],
        valid_until: FAR,
        note: "Door to FC",
      });
      expect(detailed.is_expired).toBe(false);
      expect(detailed.reconfirm_requested_at).toBeNull();
      const plainId = await placeBid(ctx.app, agents[1]!, id, { pickup: 100, fast: 800 });

      // The agent reads their own details back; the seller sees none while bids are sealed.
      const own = await call("GET", `/api/quotations/?shipment_id=${id}`, agents[0]!);
      expect((own.json().data as Quotation[])[0]!.details?.valid_until).toBe(FAR);
      // The shipment's page carries the agent's own bid with its details too.
      const page = await call("GET", `/api/shipments/${id}/`, agents[0]!);
      expect(page.json().data.quotation).toMatchObject({
        id: detailed.id,
        details: { valid_until: FAR, note: "Door to FC" },
        is_expired: false,
      });
      const sealed = await call("GET", `/api/quotations/?shipment_id=${id}`, seller);
      const rows = sealed.json().data as Quotation[];
      expect(rows.map((row) => [row.is_masked, row.details])).toEqual([
        [true, null],
        [true, null],
      ]);
      const plain = (
        (await call("GET", `/api/quotations/?shipment_id=${id}`, agents[1]!)).json()
          .data as Quotation[]
      )[0]!;
      expect(plain.id).toBe(plainId);
      expect(plain.details).toBeNull();
      expect(plain.is_expired).toBe(false);
    });

    it("refuses a validity before the window's end and incomplete details, naming the field", async () => {
      const id = await postShipment(ctx.app, seller);
      const early = await call(
        "POST",
        "/api/shipper/quotation/",
        agents[0]!,
        detailedBid(id, { pickup: 100, fast: 900 }, { valid_until: "2020-01-01" }),
      );
      expect(early.statusCode).toBe(400);
      expect(fieldsOf(early.body)[0]).toMatchObject({ field: "valid_until" });
      expect(fieldsOf(early.body)[0]!.message).toMatch(/at least until bidding closes/);

      const partial = await call("POST", "/api/shipper/quotation/", agents[0]!, {
        shipment: id,
        pickup_amount: "100",
        fast_amount: "900",
        fast_service_type: "air",
        fast_transit_min_days: 9,
        fast_transit_max_days: 3,
      });
      expect(partial.statusCode).toBe(400);
      expect(fieldsOf(partial.body).map((e) => e.field)).toEqual([
        "fast_transit_max_days",
        "valid_until",
      ]);
      const unknown = await call(
        "POST",
        "/api/shipper/quotation/",
        agents[0]!,
        detailedBid(
          id,
          { pickup: 100, fast: 900 },
          { inclusions: ["duties"], fast_service_type: "boat" },
        ),
      );
      expect(fieldsOf(unknown.body).map((e) => e.field)).toEqual([
        "fast_service_type",
        "inclusions.0",
      ]);
      // Nothing was stored: the agent can still bid.
      await bid(agents[0]!, detailedBid(id, { pickup: 100, fast: 900 }));
    });
  });

  describe("the comparison", () => {
    let shipmentId: number;
    let cheapPlain: number;
    let cheapDetailed: number;
    let fast: number;

    beforeAll(async () => {
      // Two destinations: the chargeable weight is the sum of both carton groups.
      shipmentId = await postShipment(ctx.app, seller, {
        packages: [carton("ONT8 - Moreno Valley, CA", 5), carton("FTW1 - Dallas, TX", 3)],
      });
      // Two bids at the same total: the one without details came first, yet sorts after.
      cheapPlain = await placeBid(ctx.app, agents[0]!, shipmentId, { pickup: 100, normal: 500 });
      cheapDetailed = (await bid(agents[1]!, detailedBid(shipmentId, { pickup: 100, normal: 500 })))
        .id;
      fast = (await bid(agents[2]!, detailedBid(shipmentId, { pickup: 200, fast: 700 }))).id;
    });

    it("is refused while bidding is open, and to anyone but the seller and admins", async () => {
      const early = await call("GET", `/api/shipments/${shipmentId}/comparison/`, seller);
      expect(early.statusCode).toBe(400);
      expect(early.json().errors[0].message).toBe("Bids can be compared once bidding closes");
      await closeWindow(shipmentId);
      const other = await call("GET", `/api/shipments/${shipmentId}/comparison/`, otherSeller);
      expect(other.statusCode).toBe(403);
      const agent = await call("GET", `/api/shipments/${shipmentId}/comparison/`, agents[0]!);
      expect(agent.statusCode).toBe(403);
      const missing = await call("GET", `/api/shipments/999999/comparison/`, seller);
      expect(missing.statusCode).toBe(404);
    });

    it("lists every bid by total, details first at equal totals, with the automatic winner", async () => {
      // The third agent's maintained scorecard (as if computed from four completed orders).
      await ctx.app.events.settle();
      await ctx.app.database.db
        .insert(agentScorecards)
        .values({
          agentId: agents[2]!.id,
          completedOrders: 4,
          onTimeDelivered: 3,
          onTimeMeasured: 4,
        })
        .onConflictDoUpdate({
          target: agentScorecards.agentId,
          set: { completedOrders: 4, onTimeDelivered: 3, onTimeMeasured: 4 },
        });
      const data = await comparisonOf(shipmentId);
      expect(data.bids.map((b) => b.quotation.id)).toEqual([cheapDetailed, cheapPlain, fast]);
      expect(data.automatic_winner_id).toBe(cheapPlain);
      expect(data.automatic_reason).toBe("lowest total of 3 bids");
      expect(data.winner_id).toBe(cheapPlain);
      expect(data.can_award).toBe(true);
      expect(data.award).toBeNull();
      const [detailed, plain, faster] = data.bids;
      expect(plain).toMatchObject({
        details_given: false,
        is_automatic_winner: true,
        is_winner: true,
        total_amount: "600.00",
        agent: { id: agents[0]!.id },
      });
      expect(plain!.quotation.details).toBeNull();
      expect(detailed).toMatchObject({ details_given: true, is_winner: false, is_expired: false });
      expect(detailed!.quotation.is_masked).toBe(false);
      expect(detailed!.quotation.details?.normal?.service_type).toBe("sea");
      // 5 cartons of 60x40x50 cm at 12 kg: 20 kg volumetric each, 100 kg.
      const detail = await call("GET", `/api/shipments/${shipmentId}/`, seller);
      const packages = detail.json().data.packages as Array<{ chargeable_weight: number }>;
      expect(packages.length).toBeGreaterThan(1);
      expect(data.chargeable_weight_kg).toBe(chargeableWeightKg(packages));
      expect(faster!.price_per_kg).toBe((900 / data.chargeable_weight_kg!).toFixed(2));
      expect(faster!.scorecard).toMatchObject({
        agent_id: agents[2]!.id,
        is_new: false,
        completed_orders: 4,
        on_time_rate: 0.75,
      });
      expect(plain!.scorecard).toMatchObject({ agent_id: agents[0]!.id, is_new: true });
      const forAdmin = await comparisonOf(shipmentId, admin);
      expect(forAdmin.can_award).toBe(false);
      expect(forAdmin.bids).toHaveLength(3);
    });

    it("refuses bad awards naming the field", async () => {
      const other = await postShipment(ctx.app, seller);
      const otherBid = await placeBid(ctx.app, agents[0]!, other, { pickup: 1, fast: 1 });
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ quotation_id: otherBid, reason: "faster_transit" }, "quotation_id"],
        [{ quotation_id: 999999, reason: "faster_transit" }, "quotation_id"],
        [{ quotation_id: fast, reason: "cheaper" }, "reason"],
        [{ quotation_id: fast }, "reason"],
        [{ quotation_id: fast, reason: "other", reason_text: "" }, "reason_text"],
        [{ quotation_id: fast, reason: "other", reason_text: "x".repeat(501) }, "reason_text"],
      ];
      for (const [payload, field] of cases) {
        const res = await call("POST", `/api/shipments/${shipmentId}/award/`, seller, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(fieldsOf(res.body)[0]!.field).toBe(field);
      }
      const notYours = await call("POST", `/api/shipments/${shipmentId}/award/`, otherSeller, {
        quotation_id: fast,
        reason: "faster_transit",
      });
      expect(notYours.statusCode).toBe(403);
      // Bidding still open on the other shipment: outside the approval window.
      const open = await call("POST", `/api/shipments/${other}/award/`, seller, {
        quotation_id: otherBid,
        reason: "faster_transit",
      });
      expect(open.statusCode).toBe(400);
      expect(fieldsOf(open.body)[0]!.field).toBe("shipment");
    });

    it("accepts the seller's pick with a reason every bidder hears", async () => {
      const res = await call("POST", `/api/shipments/${shipmentId}/award/`, seller, {
        quotation_id: fast,
        reason: "faster_transit",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe("Quotation accepted successfully");
      expect(res.json().data).toMatchObject({
        status: "Quotation Accepted",
        quotation: { id: fast, is_accepted: true, is_winner: true },
      });
      const data = await comparisonOf(shipmentId);
      expect(data.winner_id).toBe(fast);
      expect(data.automatic_winner_id).toBe(cheapPlain);
      expect(data.award).toEqual({
        quotation_id: fast,
        reason: "faster_transit",
        reason_text: null,
        label: "Faster transit",
      });
      expect(data.can_award).toBe(false);
      const product = await productOf(shipmentId);
      expect(
        (await notificationsOf(agents[2]!, shipmentId)).filter((n) => n.includes("was accepted")),
      ).toEqual([awardNotificationTexts.won(shipmentId, product, "Faster transit")]);
      for (const loser of [agents[0]!, agents[1]!]) {
        expect(await notificationsOf(loser, shipmentId)).toContain(
          awardNotificationTexts.lost(shipmentId, product, "Faster transit"),
        );
      }
      // The winner may now work the order as after the spec's accept.
      const order = await call("GET", `/api/shipments/${shipmentId}/`, agents[2]!);
      expect(order.statusCode).toBe(200);
      // A second pick is outside the approval window.
      const again = await call("POST", `/api/shipments/${shipmentId}/award/`, seller, {
        quotation_id: cheapPlain,
        reason: "other",
        reason_text: "Changed my mind",
      });
      expect(again.statusCode).toBe(400);
      expect(fieldsOf(again.body)[0]!.field).toBe("shipment");
    });
  });
});
