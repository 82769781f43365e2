import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  awardNotificationTexts,
  comparisonMessages,
  quotationDetailMessages,
  type Quotation,
} from "@fba/contract";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { comparisonKit, detailedBid, FAR } from "../../test/comparison-kit.js";
import { createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { placeBid, postShipment } from "../../test/shipment-factories.js";

describe("quotation details, comparison, award and re-confirmation", () => {
  let ctx: TestContext;
  let seller: TestUser;
  let otherSeller: TestUser;
  let agents: TestUser[];

  beforeAll(async () => {
    ctx = await buildTestApp();
    seller = await createSeller(ctx.app);
    otherSeller = await createSeller(ctx.app);
    agents = await Promise.all([0, 1, 2].map(() => createShipper(ctx.app)));
  });
  afterAll(async () => ctx.close());

  const { call, bid, closeWindow, comparisonOf, notificationsOf, expire, fieldsOf, productOf } =
    comparisonKit(
      () => ctx,
      () => seller,
    );

  describe("the spec's accept", () => {
    it("tells every bidder the lowest total won", async () => {
      const id = await postShipment(ctx.app, seller);
      const win = await placeBid(ctx.app, agents[0]!, id, { pickup: 100, fast: 300 });
      await placeBid(ctx.app, agents[1]!, id, { pickup: 100, fast: 900 });
      await closeWindow(id);
      const res = await call("PATCH", `/api/quotations/${win}/`, seller, {
        shipment_status: "Quotation Accepted",
      });
      expect(res.statusCode, res.body).toBe(200);
      const product = await productOf(id);
      expect(await notificationsOf(agents[0]!, id)).toContain(
        awardNotificationTexts.won(id, product, "lowest total of 2 bids"),
      );
      expect(await notificationsOf(agents[1]!, id)).toContain(
        awardNotificationTexts.lost(id, product, "lowest total of 2 bids"),
      );
    });

    it("tells the winner once, naming the service bought and why it won", async () => {
      const id = await postShipment(ctx.app, seller);
      const win = await placeBid(ctx.app, agents[0]!, id, { pickup: 100, fast: 300, normal: 200 });
      await placeBid(ctx.app, agents[1]!, id, { pickup: 100, fast: 900 });
      await closeWindow(id);
      const res = await call("PATCH", `/api/quotations/${win}/`, seller, {
        shipment_status: "Quotation Accepted",
        accepted_service: "fast",
      });
      expect(res.statusCode, res.body).toBe(200);
      const product = await productOf(id);
      const accepted = (await notificationsOf(agents[0]!, id)).filter((n) =>
        n.includes("was accepted"),
      );
      expect(accepted).toEqual([
        awardNotificationTexts.won(id, product, "lowest total of 2 bids", "fast"),
      ]);
      const told = (await notificationsOf(agents[1]!, id)).filter((n) => n.includes("awarded"));
      expect(told).toHaveLength(1);
    });

    it("refuses an expired quote, until the agent re-confirms it when asked", async () => {
      const id = await postShipment(ctx.app, seller);
      const win = (await bid(agents[0]!, detailedBid(id, { pickup: 100, fast: 300 }))).id;
      const lose = await placeBid(ctx.app, agents[1]!, id, { pickup: 100, fast: 900 });
      await closeWindow(id);

      // Not expired yet: nothing to re-confirm; an old-client bid never expires.
      const early = await call("POST", `/api/quotations/${win}/reconfirm-request/`, seller);
      expect(early.statusCode).toBe(400);
      expect(fieldsOf(early.body)[0]!.field).toBe("quotation");
      const never = await call("POST", `/api/quotations/${lose}/reconfirm-request/`, seller);
      expect(never.statusCode).toBe(400);

      await expire(win);
      const accept = await call("PATCH", `/api/quotations/${win}/`, seller, {
        shipment_status: "Quotation Accepted",
      });
      expect(accept.statusCode).toBe(400);
      expect(fieldsOf(accept.body)[0]).toEqual({
        field: "quotation",
        message: quotationDetailMessages.expired,
      });
      const data = await comparisonOf(id);
      expect(data.bids.find((b) => b.quotation.id === win)).toMatchObject({ is_expired: true });
      const award = await call("POST", `/api/shipments/${id}/award/`, seller, {
        quotation_id: win,
        reason: "better_record",
      });
      expect(fieldsOf(award.body)[0]).toEqual({
        field: "quotation_id",
        message: comparisonMessages.quotationExpired,
      });

      // Answering without a request is refused; then the seller asks.
      const unasked = await call("POST", `/api/quotations/${win}/reconfirm/`, agents[0]!, {
        valid_until: FAR,
      });
      expect(unasked.statusCode).toBe(400);
      expect(
        (await call("POST", `/api/quotations/${win}/reconfirm-request/`, otherSeller)).statusCode,
      ).toBe(403);
      const asked = await call("POST", `/api/quotations/${win}/reconfirm-request/`, seller);
      expect(asked.statusCode, asked.body).toBe(200);
      expect((asked.json().data as Quotation).reconfirm_requested_at).not.toBeNull();
      const twice = await call("POST", `/api/quotations/${win}/reconfirm-request/`, seller);
      expect(twice.statusCode).toBe(400);
      const product = await productOf(id);
      expect(await notificationsOf(agents[0]!, id)).toContain(
        awardNotificationTexts.reconfirmRequested(id, product),
      );

      // Only the quote's agent answers, with a date not in the past.
      const stranger = await call("POST", `/api/quotations/${win}/reconfirm/`, agents[1]!, {
        valid_until: FAR,
      });
      expect(stranger.statusCode).toBe(403);
      const past = await call("POST", `/api/quotations/${win}/reconfirm/`, agents[0]!, {
        valid_until: "2021-01-01",
      });
      expect(past.statusCode).toBe(400);
      expect(fieldsOf(past.body)[0]!.field).toBe("valid_until");
      const done = await call("POST", `/api/quotations/${win}/reconfirm/`, agents[0]!, {
        valid_until: FAR,
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data).toMatchObject({
        is_expired: false,
        reconfirm_requested_at: null,
        details: { valid_until: FAR },
      });
      expect((await notificationsOf(seller, id)).some((n) => n.includes("re-confirmed"))).toBe(
        true,
      );

      const accepted = await call("PATCH", `/api/quotations/${win}/`, seller, {
        shipment_status: "Quotation Accepted",
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    });

    it("keeps an expired quote expired when the agent declines", async () => {
      const id = await postShipment(ctx.app, seller);
      const win = (await bid(agents[2]!, detailedBid(id, { pickup: 100, fast: 300 }))).id;
      await closeWindow(id);
      await expire(win);
      expect(
        (await call("POST", `/api/quotations/${win}/reconfirm-request/`, seller)).statusCode,
      ).toBe(200);
      const both = await call("POST", `/api/quotations/${win}/reconfirm/`, agents[2]!, {
        declined: true,
        valid_until: FAR,
      });
      expect(fieldsOf(both.body)[0]!.field).toBe("declined");
      const declined = await call("POST", `/api/quotations/${win}/reconfirm/`, agents[2]!, {
        declined: true,
      });
      expect(declined.statusCode, declined.body).toBe(200);
      expect(declined.json().data).toMatchObject({
        is_expired: true,
        reconfirm_requested_at: null,
      });
      expect(
        (await notificationsOf(seller, id)).some((n) => n.includes("declined to re-confirm")),
      ).toBe(true);
    });
  });
});
