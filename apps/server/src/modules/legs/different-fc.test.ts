import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  differentFcMessages,
  differentFcTexts,
  legMessages,
  legSchema,
  shipmentMessages,
  type Leg,
} from "@fba/contract";
import { emailOutbox } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { multipartBody } from "../../test/profile-factories.js";
import { carton, endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";

let ctx: TestContext;
let seller: TestUser;
let otherSeller: TestUser;
let agent: TestUser;
let admin: TestUser;
let secondAdmin: TestUser;

const PRODUCT = "Bamboo cutting boards";

beforeAll(async () => {
  ctx = await buildTestApp();
  [seller, otherSeller, agent, admin, secondAdmin] = await Promise.all([
    createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" }),
    createSeller(ctx.app),
    createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" }),
    createAdmin(ctx.app, { firstName: "Ada", lastName: "Admin" }),
    createAdmin(ctx.app),
  ]);
}, 180_000);
afterAll(async () => ctx?.close());

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

const call = (method: "GET" | "POST", url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

/** An order accepted by the seller, with legs to ONT8 and FTW1. */
async function acceptedOrder(): Promise<{ id: number; ont8: Leg; ftw1: Leg }> {
  const id = await postShipment(ctx.app, seller, {
    product_name: PRODUCT,
    packages: [carton("ONT8 - Moreno Valley, CA"), carton("FTW1 - Dallas, TX")],
  });
  const winning = await placeBid(ctx.app, agent, id, { pickup: 100, normal: 700 });
  await endBiddingWindow(ctx.app, id);
  const accepted = await ctx.app.inject({
    method: "PATCH",
    url: `/api/quotations/${winning}/`,
    headers: seller.auth,
    payload: { shipment_status: "Quotation Accepted" },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await ctx.app.events.settle();
  const legs = legSchema
    .array()
    .parse((await call("GET", `/api/shipments/${id}/legs/`, seller)).json().data);
  return { id, ont8: legs[0]!, ftw1: legs[1]! };
}

/** The agent uploads the leg's proof of delivery and records Delivered at `fcCode`. */
async function deliver(id: number, leg: Leg, fcCode: string, supersedes?: number): Promise<Leg> {
  const body = multipartBody(
    { type: "Proof of delivery", leg_id: String(leg.id) },
    { file: { filename: "pod.pdf", contentType: "application/pdf", bytes: PDF } },
  );
  const pod = await ctx.app.inject({
    method: "POST",
    url: `/api/shipments/${id}/documents/`,
    headers: { ...agent.auth, ...body.headers },
    payload: body.payload,
  });
  expect(pod.statusCode, pod.body).toBe(201);
  const delivered = await call("POST", `/api/shipments/${id}/legs/${leg.id}/events/`, agent, {
    milestone: "delivered",
    occurred_at: new Date().toISOString(),
    delivered_fc_code: fcCode,
    document_id: pod.json().data.id,
    ...(supersedes ? { supersedes } : {}),
  });
  expect(delivered.statusCode, delivered.body).toBe(201);
  await ctx.app.events.settle();
  return legSchema.parse(delivered.json().data);
}

async function notificationsOf(user: TestUser): Promise<string[]> {
  const response = await call("GET", "/api/chat/notifications/", user);
  return (response.json().data as Array<{ content: string }>).map((n) => n.content);
}

const emailsTo = (user: TestUser) =>
  ctx.app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));

const deliveredEventOf = (leg: Leg) =>
  leg.events.find((event) => event.milestone === "delivered" && event.superseded_by === null)!;

describe("delivered to a different FC", () => {
  it("flags the leg for the seller and every admin, by notification and email; a delivery at the booked FC is not flagged", async () => {
    const { id, ont8, ftw1 } = await acceptedOrder();
    const flaggedText = differentFcTexts.flagged(id, PRODUCT, "ONT8", "ONT2");
    const agentBefore = await notificationsOf(agent);

    const atBooked = await deliver(id, ftw1, "FTW1");
    expect(atBooked).toMatchObject({ delivered_fc_code: "FTW1", different_fc: null });

    const elsewhere = await deliver(id, ont8, "ont2");
    expect(elsewhere.delivered_fc_code).toBe("ONT2");
    expect(elsewhere.different_fc).toEqual({
      status: "flagged",
      note: null,
      by: { id: agent.id, first_name: "Andy", last_name: "Agent" },
      at: deliveredEventOf(elsewhere).recorded_at,
    });

    for (const user of [seller, admin, secondAdmin]) {
      const texts = await notificationsOf(user);
      expect(texts.filter((text) => text === flaggedText)).toHaveLength(1);
      expect(texts.some((text) => text.includes("instead of the booked FTW1"))).toBe(false);
      const emails = await emailsTo(user);
      expect(
        emails.filter((email) =>
          email.subject.endsWith(`Shipment #${id} delivered to a different FC`),
        ),
      ).toHaveLength(1);
      expect(emails.find((email) => email.subject.includes("different FC"))?.textBody).toContain(
        flaggedText,
      );
    }
    expect(
      (await notificationsOf(agent)).filter((text) => !agentBefore.includes(text)),
    ).not.toContain(flaggedText);
    // Every party reads the flag on the leg.
    for (const user of [seller, agent, admin]) {
      const legs = legSchema
        .array()
        .parse((await call("GET", `/api/shipments/${id}/legs/`, user)).json().data);
      expect(legs[0]!.different_fc?.status).toBe("flagged");
    }
  });

  it("stays flagged until the seller accepts it; only the seller may accept, once", async () => {
    const { id, ont8 } = await acceptedOrder();
    await deliver(id, ont8, "ONT2");
    const url = `/api/shipments/${id}/legs/${ont8.id}/different-fc/accept`;

    for (const user of [agent, admin]) {
      const refused = await call("POST", url, user);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(differentFcMessages.onlySeller);
    }
    const outsider = await call("POST", url, otherSeller);
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().errors[0].message).toBe(shipmentMessages.notAuthorisedToView);

    const accepted = await call("POST", url, seller);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(differentFcMessages.accepted);
    const leg = legSchema.parse(accepted.json().data);
    expect(leg.different_fc).toMatchObject({
      status: "accepted",
      note: null,
      by: { id: seller.id, first_name: "Sally", last_name: "Seller" },
    });
    expect(Date.parse(leg.different_fc!.at)).toBeGreaterThan(Date.now() - 60_000);

    const again = await call("POST", url, seller);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toBe(differentFcMessages.notFlagged);

    // A correction of the time at the same FC keeps the decision; one to yet another FC flags again.
    const sameFc = await deliver(id, leg, "ONT2", deliveredEventOf(leg).id);
    expect(sameFc.different_fc?.status).toBe("accepted");
    const otherFc = await deliver(id, sameFc, "LGB8", deliveredEventOf(sameFc).id);
    expect(otherFc.different_fc).toMatchObject({ status: "flagged", by: { id: agent.id } });
    expect(await notificationsOf(seller)).toContain(
      differentFcTexts.flagged(id, PRODUCT, "ONT8", "LGB8"),
    );
    // A correction to the booked FC clears it.
    const booked = await deliver(id, otherFc, "ONT8", deliveredEventOf(otherFc).id);
    expect(booked.different_fc).toBeNull();
  });

  it("lets an admin resolve it with a note, which the seller hears", async () => {
    const { id, ont8, ftw1 } = await acceptedOrder();
    await deliver(id, ont8, "ONT2");
    const url = `/api/shipments/${id}/legs/${ont8.id}/different-fc/resolve`;

    expect((await call("POST", url, seller, { note: "Fine by me" })).statusCode).toBe(403);
    expect((await call("POST", url, agent, { note: "Fine by me" })).statusCode).toBe(403);
    const noNote = await call("POST", url, admin, { note: "   " });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual([
      { field: "note", message: differentFcMessages.noteRequired },
    ]);
    const notFlagged = await call(
      "POST",
      `/api/shipments/${id}/legs/${ftw1.id}/different-fc/resolve`,
      admin,
      {
        note: "Nothing to resolve",
      },
    );
    expect(notFlagged.statusCode).toBe(409);

    const note = "Amazon moved the appointment to ONT2; no extra charge";
    const resolved = await call("POST", url, admin, { note });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().message).toBe(differentFcMessages.resolved);
    expect(legSchema.parse(resolved.json().data).different_fc).toMatchObject({
      status: "resolved",
      note,
      by: { id: admin.id, first_name: "Ada", last_name: "Admin" },
    });
    await ctx.app.events.settle();
    const text = differentFcTexts.resolved(id, PRODUCT, "ONT2", note);
    expect(await notificationsOf(seller)).toContain(text);
    const emails = await emailsTo(seller);
    expect(
      emails.find((email) => email.subject.includes(`resolved (shipment #${id})`))?.textBody,
    ).toContain(text);
    // The seller can no longer accept what an admin resolved.
    const accept = await call(
      "POST",
      `/api/shipments/${id}/legs/${ont8.id}/different-fc/accept`,
      seller,
    );
    expect(accept.statusCode).toBe(409);
  });

  it("shows on the seller's completed orders whether every leg was delivered with proof at the booked FC", async () => {
    const { id, ont8, ftw1 } = await acceptedOrder();
    const deliveryOf = async (url: string) =>
      (
        (await call("GET", url, seller)).json().data as Array<{ id: number; delivery: unknown }>
      ).find((row) => row.id === id)?.delivery;
    const pending = await postShipment(ctx.app, seller);
    expect(
      (await call("GET", `/api/shipments/${pending}/`, seller)).json().data.delivery,
    ).toBeNull();
    expect(await deliveryOf("/api/seller/recent-orders/")).toEqual({
      legs: 2,
      delivered: 0,
      at_booked_fc: 0,
      different_fc_open: 0,
    });

    await deliver(id, ftw1, "FTW1");
    const flagged = await deliver(id, ont8, "ONT2");
    expect(await deliveryOf("/api/seller/recent-orders/")).toEqual({
      legs: 2,
      delivered: 2,
      at_booked_fc: 1,
      different_fc_open: 1,
    });
    await call("POST", `/api/shipments/${id}/legs/${ont8.id}/different-fc/accept`, seller);
    const info = await ctx.app.inject({
      method: "PATCH",
      url: `/api/shipments/${id}/`,
      headers: agent.auth,
      payload: { tracking_number: "123456789", final_amount: "800" },
    });
    expect(info.statusCode, info.body).toBe(200);
    const completed = await ctx.app.inject({
      method: "PATCH",
      url: `/api/shipment-status-update/${id}/`,
      headers: agent.auth,
      payload: { status: "Shipment Completed" },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await deliveryOf("/api/seller/past-orders/")).toEqual({
      legs: 2,
      delivered: 2,
      at_booked_fc: 1,
      different_fc_open: 0,
    });
    // A correction to the booked FC counts there; the detail tells the same.
    await deliver(id, flagged, "ONT8", deliveredEventOf(flagged).id);
    expect((await call("GET", `/api/shipments/${id}/`, seller)).json().data.delivery).toEqual({
      legs: 2,
      delivered: 2,
      at_booked_fc: 2,
      different_fc_open: 0,
    });
  });

  it("keeps a cancelled order's flag as it is", async () => {
    const { id, ont8 } = await acceptedOrder();
    await deliver(id, ont8, "ONT2");
    const cancelled = await ctx.app.inject({
      method: "PATCH",
      url: `/api/shipment-status-update/${id}/`,
      headers: agent.auth,
      payload: { status: "Shipment Cancelled" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await call(
      "POST",
      `/api/shipments/${id}/legs/${ont8.id}/different-fc/accept`,
      seller,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toBe(legMessages.orderClosed);
  });
});
