import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  agentRatingSchema,
  ratingMessages,
  ratingNotificationTexts,
  shipmentRatingSchema,
} from "@fba/contract";
import { shipments } from "../../db/schema/index.js";
import {
  ctx,
  seller,
  otherSeller,
  agent,
  loser,
  admin,
  useAgentsApp,
  inject,
  acceptedOrder,
  complete,
  notificationsOf,
  emailSubjectsTo,
  fullRating,
} from "../../test/agent-fixtures.js";

useAgentsApp();

describe("ratings", () => {
  let order: { id: number; legId: number };

  beforeAll(async () => {
    order = await acceptedOrder(otherSeller, loser);
  }, 60_000);

  it("wait for the order to complete and refuse others than its seller", async () => {
    const early = await inject(
      "POST",
      `/api/shipments/${order.id}/rating/`,
      otherSeller,
      fullRating,
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([
      { field: "shipment", message: ratingMessages.notCompleted },
    ]);
    await complete(order, { eta: 1, deliveredHoursAgo: 1 }, loser);
    const stranger = await inject("POST", `/api/shipments/${order.id}/rating/`, seller, fullRating);
    expect(stranger.statusCode).toBe(403);
    const byAgent = await inject("POST", `/api/shipments/${order.id}/rating/`, loser, fullRating);
    expect(byAgent.statusCode).toBe(403);
    const missing = await inject(
      "POST",
      `/api/shipments/99999999/rating/`,
      otherSeller,
      fullRating,
    );
    expect(missing.statusCode).toBe(404);
  });

  it("name every score outside 1-5 and a comment too long", async () => {
    const bad = await inject("POST", `/api/shipments/${order.id}/rating/`, otherSeller, {
      ...fullRating,
      overall: 6,
      punctuality: 0,
      comment: "x".repeat(1001),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: "overall", message: ratingMessages.scoreInvalid },
      { field: "punctuality", message: ratingMessages.scoreInvalid },
      { field: "comment", message: ratingMessages.commentMax },
    ]);
  });

  it("are given once, read by the seller, the agent and admins, and answered once", async () => {
    const none = await inject("GET", `/api/shipments/${order.id}/rating/`, otherSeller);
    expect(none.json().data).toEqual({});
    const rated = await inject("POST", `/api/shipments/${order.id}/rating/`, otherSeller, {
      ...fullRating,
      comment: "   ",
    });
    expect(rated.statusCode, rated.body).toBe(201);
    expect(rated.json().message).toBe(ratingMessages.created);
    const again = await inject(
      "POST",
      `/api/shipments/${order.id}/rating/`,
      otherSeller,
      fullRating,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([
      { field: "shipment", message: ratingMessages.alreadyRated },
    ]);

    // The agent hears of it, by email too, to answer it.
    await ctx.app.events.settle();
    const [product] = await ctx.app.database.db
      .select({ name: shipments.productName })
      .from(shipments)
      .where(eq(shipments.id, order.id));
    expect(await notificationsOf(loser, order.id)).toContain(
      ratingNotificationTexts.rated(order.id, product!.name, 4),
    );
    expect(
      (await emailSubjectsTo(loser)).some((subject) =>
        subject.endsWith(ratingNotificationTexts.ratedSubject(order.id)),
      ),
    ).toBe(true);

    for (const user of [otherSeller, loser, admin]) {
      const read = await inject("GET", `/api/shipments/${order.id}/rating/`, user);
      expect(read.statusCode, read.body).toBe(200);
      const rating = shipmentRatingSchema.parse(read.json().data);
      expect(rating).toMatchObject({ overall: 4, comment: null, agent_id: loser.id });
      expect(rating.can_reply).toBe(user === loser);
    }
    for (const user of [seller, agent]) {
      const refused = await inject("GET", `/api/shipments/${order.id}/rating/`, user);
      expect(refused.statusCode).toBe(403);
    }

    const notHis = await inject("POST", `/api/shipments/${order.id}/rating/reply/`, agent, {
      reply: "Mine?",
    });
    expect(notHis.statusCode).toBe(403);
    const blank = await inject("POST", `/api/shipments/${order.id}/rating/reply/`, loser, {
      reply: " ",
    });
    expect(blank.json().errors).toEqual([
      { field: "reply", message: ratingMessages.replyRequired },
    ]);
    const answered = await inject("POST", `/api/shipments/${order.id}/rating/reply/`, loser, {
      reply: "Thank you",
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ reply: "Thank you", can_reply: false });
    await ctx.app.events.settle();
    expect(await notificationsOf(otherSeller, order.id)).toContain(
      ratingNotificationTexts.replied(order.id, product!.name),
    );
    const twice = await inject("POST", `/api/shipments/${order.id}/rating/reply/`, loser, {
      reply: "Again",
    });
    expect(twice.json().errors).toEqual([
      { field: "reply", message: ratingMessages.alreadyReplied },
    ]);
  });

  it("cannot be answered before there is one", async () => {
    const unrated = await acceptedOrder(otherSeller, loser);
    await complete(unrated, { eta: 1 }, loser);
    const early = await inject("POST", `/api/shipments/${unrated.id}/rating/reply/`, loser, {
      reply: "Hello",
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([{ field: "shipment", message: ratingMessages.noRating }]);
  });

  it("are listed on the agent's profile with the rater's first name and month only", async () => {
    for (const user of [seller, otherSeller, admin, loser]) {
      const response = await inject("GET", `/api/agents/${loser.id}/ratings/?per_page=5`, user);
      expect(response.statusCode, response.body).toBe(200);
      const [rating] = agentRatingSchema.array().parse(response.json().data);
      expect(rating).toMatchObject({
        rater_first_name: otherSeller.firstName,
        reply: "Thank you",
        month: new Date().toISOString().slice(0, 7),
      });
      expect(Object.keys(rating!)).not.toContain("shipment_id");
      expect(response.json().pagination_option).toMatchObject({ count: 1, per_page: 5 });
    }
  });
});
