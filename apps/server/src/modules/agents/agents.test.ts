import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { adminUserSchema, agentMessages, agentProfileSchema } from "@fba/contract";
import { agentScorecards, shipments } from "../../db/schema/index.js";
import { servicesOf } from "../../test/app.js";
import { createShipper } from "../../test/factories.js";
import { endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";
import { readScorecards } from "./scorecards.repository.js";
import {
  ctx,
  seller,
  agent,
  loser,
  admin,
  useAgentsApp,
  inject,
  acceptedOrder,
  complete,
  scorecardOf,
  fullRating,
} from "../../test/agent-fixtures.js";

useAgentsApp();

describe("an agent's scorecard", () => {
  const orders: Array<{ id: number; legId: number }> = [];

  it("is all zeros and 'new agent' before the agent does anything", async () => {
    const fresh = await createShipper(ctx.app);
    const card = await scorecardOf(fresh.id);
    expect(card).toEqual({
      agent_id: fresh.id,
      is_new: true,
      completed_orders: 0,
      completed_undelivered: 0,
      on_time_rate: null,
      booked_fc_rate: null,
      pod_rate: null,
      variance_avg_pct: null,
      variance_worst_pct: null,
      cancellation_rate: null,
      rating_average: null,
      rating_count: 0,
      sub_scores: null,
      median_response_hours: null,
    });
  });

  it("shows a new agent (fewer than 3 completed orders) without rates", async () => {
    for (let i = 0; i < 2; i += 1) {
      const order = await acceptedOrder();
      await complete(order, { eta: 1, deliveredHoursAgo: 2 });
      orders.push(order);
    }
    const card = await scorecardOf(agent.id);
    expect(card).toMatchObject({
      is_new: true,
      completed_orders: 2,
      on_time_rate: null,
      pod_rate: null,
      cancellation_rate: null,
    });
    // Bids were placed moments after posting: the median response is (about) zero hours.
    expect(card.median_response_hours).toBe(0);
  });

  it("shows rates from the third completed order, and an order delivered late lowers on-time", async () => {
    const third = await acceptedOrder();
    // Delivered to another FC than booked, and above the bid: 660 against 600 (+10%).
    await complete(third, { eta: 1, deliveredHoursAgo: 2, fc: "FTW1", final: "660" });
    orders.push(third);
    expect(await scorecardOf(agent.id)).toMatchObject({
      is_new: false,
      completed_orders: 3,
      on_time_rate: 1,
      booked_fc_rate: 0.6667,
      pod_rate: 1,
      variance_avg_pct: 3.33,
      variance_worst_pct: 10,
      cancellation_rate: 0,
    });

    // ETA three days ago, delivered yesterday: late.
    const late = await acceptedOrder();
    await complete(late, { eta: -3, deliveredHoursAgo: 24 });
    orders.push(late);
    expect(await scorecardOf(agent.id)).toMatchObject({
      completed_orders: 4,
      on_time_rate: 0.75,
      variance_avg_pct: 2.5,
    });
  });

  it("counts a completed order without a delivery as missing its proof of delivery", async () => {
    const order = await acceptedOrder();
    await complete(order, { eta: 2 });
    orders.push(order);
    expect(await scorecardOf(agent.id)).toMatchObject({
      completed_orders: 5,
      pod_rate: 0.8,
      // Not measured: its leg has no delivery.
      on_time_rate: 0.75,
    });
  });

  it("follows an admin's decision on a disputed final amount", async () => {
    const disputed = orders[2]!;
    const dispute = await inject(
      "POST",
      `/api/shipments/${disputed.id}/charge-change/dispute`,
      seller,
      {
        reason: "Not agreed",
      },
    );
    expect(dispute.statusCode, dispute.body).toBe(200);
    const decide = await inject(
      "POST",
      `/api/shipments/${disputed.id}/charge-change/decide`,
      admin,
      {
        outcome: "bid_total",
        note: "The bid holds",
      },
    );
    expect(decide.statusCode, decide.body).toBe(200);
    await ctx.app.events.settle();
    expect(await scorecardOf(agent.id)).toMatchObject({
      variance_avg_pct: 0,
      variance_worst_pct: 0,
    });
  });

  it("counts an order the agent cancelled after winning", async () => {
    const order = await acceptedOrder();
    const cancel = await inject("PATCH", `/api/shipment-status-update/${order.id}/`, agent, {
      status: "Shipment Cancelled",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await ctx.app.events.settle();
    // 6 wins (5 completed, 1 cancelled by the agent); the loser won none.
    const card = await scorecardOf(agent.id);
    expect(card.cancellation_rate).toBeCloseTo(1 / 6, 4);
    const [row] = await ctx.app.database.db
      .select()
      .from(agentScorecards)
      .where(eq(agentScorecards.agentId, loser.id));
    expect(row).toMatchObject({ bids: 6, wins: 0, completedOrders: 0 });
  });

  it("moves a win when the seller picks another bid than the lowest total", async () => {
    const winsOf = async (agentId: number) => {
      const [row] = await ctx.app.database.db
        .select({ wins: agentScorecards.wins })
        .from(agentScorecards)
        .where(eq(agentScorecards.agentId, agentId));
      return row?.wins ?? 0;
    };
    const id = await postShipment(ctx.app, seller);
    await placeBid(ctx.app, agent, id, { pickup: 100, normal: 500 });
    const pricier = await placeBid(ctx.app, loser, id, { pickup: 300, normal: 900 });
    await endBiddingWindow(ctx.app, id);
    // Reading the shipment judges the ended window: the lowest total (the agent's) wins.
    expect((await inject("GET", `/api/shipments/${id}/`, seller)).statusCode).toBe(200);
    await ctx.app.events.settle();
    const [agentWins, loserWins] = [await winsOf(agent.id), await winsOf(loser.id)];
    const award = await inject("POST", `/api/shipments/${id}/award/`, seller, {
      quotation_id: pricier,
      reason: "better_record",
    });
    expect(award.statusCode, award.body).toBe(200);
    await ctx.app.events.settle();
    expect(await winsOf(agent.id)).toBe(agentWins - 1);
    expect(await winsOf(loser.id)).toBe(loserWins + 1);
  });

  it("changes when the seller rates the agent", async () => {
    const before = await scorecardOf(agent.id);
    expect(before.rating_count).toBe(0);
    const rated = await inject(
      "POST",
      `/api/shipments/${orders[0]!.id}/rating/`,
      seller,
      fullRating,
    );
    expect(rated.statusCode, rated.body).toBe(201);
    const second = await inject("POST", `/api/shipments/${orders[1]!.id}/rating/`, seller, {
      ...fullRating,
      overall: 5,
      punctuality: 5,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(await scorecardOf(agent.id)).toMatchObject({
      rating_average: 4.5,
      rating_count: 2,
      sub_scores: { communication: 5, care_of_cargo: 3, punctuality: 4.5, as_described: 4 },
    });
  });

  it("takes the median response time from how long after posting each bid came", async () => {
    const quick = await createShipper(ctx.app);
    // Bids 2, 3 and 7 hours after their shipments were posted: the median is 3 hours.
    for (const hours of [7, 2, 3]) {
      const shipmentId = await postShipment(ctx.app, seller);
      await ctx.app.database.db
        .update(shipments)
        .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(shipments.id, shipmentId));
      await placeBid(ctx.app, quick, shipmentId);
    }
    await ctx.app.events.settle();
    expect((await scorecardOf(quick.id)).median_response_hours).toBe(3);
  });

  it("reads many agents' scorecards in one call, by primary key", async () => {
    const fresh = await createShipper(ctx.app);
    const cards = await readScorecards(ctx.app.database.db, [agent.id, fresh.id, agent.id]);
    expect([...cards.keys()]).toEqual([agent.id, fresh.id]);
    expect(cards.get(agent.id)?.completed_orders).toBe(5);
    expect(cards.get(fresh.id)?.is_new).toBe(true);
  });

  it("is rebuilt at start for agents who bid before scorecards existed", async () => {
    await ctx.app.database.db.delete(agentScorecards).where(eq(agentScorecards.agentId, agent.id));
    expect((await scorecardOf(agent.id)).completed_orders).toBe(0);
    expect(await servicesOf(ctx.app).scorecards.backfill()).toBeGreaterThanOrEqual(1);
    expect((await scorecardOf(agent.id)).completed_orders).toBe(5);
  });
});

describe("an agent's profile", () => {
  it("shows the agent's name, since when, and scorecard; never a bid amount", async () => {
    const response = await inject("GET", `/api/agents/${agent.id}/`, seller);
    expect(response.statusCode, response.body).toBe(200);
    const profile = agentProfileSchema.parse(response.json().data);
    expect(profile).toMatchObject({ id: agent.id, first_name: "Andy", last_name: "Agent" });
    expect(profile.scorecard.completed_orders).toBe(5);
    expect(response.body).not.toMatch(/amount|"600|"500/);
  });

  it("is open to sellers, admins and the agent itself only", async () => {
    expect((await inject("GET", `/api/agents/${agent.id}/`, admin)).statusCode).toBe(200);
    expect((await inject("GET", `/api/agents/${agent.id}/`, agent)).statusCode).toBe(200);
    for (const path of ["", "scorecard/", "ratings/"]) {
      const other = await inject("GET", `/api/agents/${agent.id}/${path}`, loser);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(agentMessages.otherAgent);
      const notAgent = await inject("GET", `/api/agents/${seller.id}/${path}`, admin);
      expect(notAgent.statusCode).toBe(404);
    }
    const badId = await inject("GET", "/api/agents/abc/", seller);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].field).toBe("id");
  });

  it("appears on agents' rows of the admin users list, and nowhere else", async () => {
    const response = await inject("GET", "/api/admin/users/?per_page=100", admin);
    expect(response.statusCode, response.body).toBe(200);
    const rows = adminUserSchema.array().parse(response.json().data);
    const agentRow = rows.find((row) => row.id === agent.id);
    expect(agentRow?.scorecard).toMatchObject({ agent_id: agent.id, completed_orders: 5 });
    expect(rows.find((row) => row.id === seller.id)?.scorecard).toBeNull();
  });
});
