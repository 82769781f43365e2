import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleMessages, type SampleShipment } from "@fba/contract";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { createSampleShipment } from "../../test/sample-factories.js";

describe("sample shipments", () => {
  let ctx: TestContext;
  let seller: TestUser;
  let otherSeller: TestUser;
  let agent: TestUser;
  let admin: TestUser;
  const events: Array<{ name: string; payload: unknown }> = [];

  beforeAll(async () => {
    ctx = await buildTestApp({
      SAMPLE_ADDRESS_TEMPLATE: "Samples desk, Suite {seller_id}, Long Beach",
    });
    seller = await createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" });
    otherSeller = await createSeller(ctx.app);
    agent = await createShipper(ctx.app);
    admin = await createAdmin(ctx.app);
    ctx.app.events.on("sample.created", (payload) => {
      events.push({ name: "sample.created", payload });
    });
    ctx.app.events.on("sample.completed", (payload) => {
      events.push({ name: "sample.completed", payload });
    });
  });
  afterAll(async () => ctx.close());

  const create = (user: TestUser | undefined, payload: unknown) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/sample-shipments/",
      headers: user?.auth,
      payload: payload as Record<string, unknown>,
    });

  describe("POST /api/sample-shipments/", () => {
    const valid = { product_name: "Steel bottle", quantity: "25", address: "4 Dock St, Miami" };

    it("refuses anonymous callers", async () => {
      const res = await create(undefined, valid);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: "error", status_code: 401 });
    });

    it("refuses agents and admins", async () => {
      expect((await create(agent, valid)).statusCode).toBe(403);
      expect((await create(admin, valid)).statusCode).toBe(403);
    });

    it("reports every invalid field with the form's messages", async () => {
      const res = await create(seller, {
        product_name: "x".repeat(51),
        quantity: "12a",
        address: "",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: "error",
        status_code: 400,
        message: "Bad Request",
        errors: [
          { field: "product_name", message: sampleMessages.productNameMax },
          { field: "quantity", message: sampleMessages.quantityDigits },
          { field: "address", message: sampleMessages.addressRequired },
        ],
      });
      const tooMany = await create(seller, { ...valid, quantity: 123456 });
      expect(tooMany.json().errors).toEqual([
        { field: "quantity", message: sampleMessages.quantityMax },
      ]);
    });

    it("creates the sample for the seller, ignoring unknown keys", async () => {
      events.length = 0;
      const res = await create(seller, {
        ...valid,
        seller: otherSeller.id,
        status: "Shipment Completed",
        id: 999,
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        status: "success",
        status_code: 201,
        message: "Sample Shipment created successfully",
      });
      const sample = body.data as SampleShipment;
      expect(sample).toMatchObject({
        product_name: "Steel bottle",
        quantity: 25,
        address: "4 Dock St, Miami",
        status: "Shipment Pending",
        message_count: 0,
        seller: { id: seller.id, first_name: "Sally", last_name: "Seller", image: null },
      });
      expect(sample.id).not.toBe(999);
      expect(sample.delivery_address).toBeUndefined();
      expect(Date.parse(sample.created_at)).not.toBeNaN();
      expect(events).toEqual([
        { name: "sample.created", payload: { sampleId: sample.id, sellerId: seller.id } },
      ]);
    });

    it("works without the trailing slash and with a numeric quantity", async () => {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/sample-shipments",
        headers: seller.auth,
        payload: { product_name: "Lid", quantity: 7, address: "1 A St" },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.quantity).toBe(7);
    });
  });

  describe("GET /api/sample-shipments/", () => {
    let ownIds: number[];
    let otherId: number;

    beforeAll(async () => {
      const a = await createSampleShipment(ctx.app, seller.id, {
        productName: "Ceramic vase",
        createdAt: new Date("2026-03-04T10:00:00Z"),
      });
      const b = await createSampleShipment(ctx.app, seller.id, {
        productName: "Glass jar",
        status: "Shipment Completed",
        createdAt: new Date("2026-03-05T23:59:00Z"),
      });
      const c = await createSampleShipment(ctx.app, otherSeller.id, {
        productName: "Ceramic plate",
      });
      ownIds = [a.id, b.id];
      otherId = c.id;
    });

    const list = (user: TestUser | undefined, query = "") =>
      ctx.app.inject({ method: "GET", url: `/api/sample-shipments/${query}`, headers: user?.auth });

    it("refuses anonymous callers", async () => {
      expect((await list(undefined)).statusCode).toBe(401);
    });

    it("gives a seller only their own samples in the nested envelope", async () => {
      const res = await list(seller, "?page=1&per_page=50");
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe("success");
      const ids = (body.data.data as SampleShipment[]).map((s) => s.id);
      expect(ids).toEqual(expect.arrayContaining(ownIds));
      expect(ids).not.toContain(otherId);
      expect((body.data.data as SampleShipment[]).every((s) => s.seller.id === seller.id)).toBe(
        true,
      );
      expect(body.data.pagination_option).toEqual({
        page: 1,
        pages: 1,
        per_page: 50,
        count: ids.length,
      });
      const completed = (body.data.data as SampleShipment[]).find((s) => s.id === ownIds[1]);
      expect(completed?.status).toBe("Shipment Completed");
    });

    it("gives agents and admins every sample: delivered to the seller's address, the desk apart", async () => {
      for (const user of [agent, admin]) {
        const body = (await list(user, "?per_page=200")).json();
        const rows = body.data.data as SampleShipment[];
        const ids = rows.map((s) => s.id);
        expect(ids).toEqual(expect.arrayContaining([...ownIds, otherId]));
        const other = rows.find((s) => s.id === otherId);
        expect(other?.delivery_address).toBe(other?.address);
        expect(other?.samples_desk_address).toBe(
          `Samples desk, Suite ${otherSeller.id}, Long Beach`,
        );
      }
    });

    it("searches, filters by creation date, orders and pages", async () => {
      const search = (await list(agent, "?search=ceramic")).json().data.data as SampleShipment[];
      expect(search.map((s) => s.id).sort()).toEqual([ownIds[0], otherId].sort());

      const byDate = (await list(seller, "?shipment_ready_date=2026-03-05")).json().data
        .data as SampleShipment[];
      expect(byDate.map((s) => s.id)).toEqual([ownIds[1]]);

      const ordered = (await list(agent, "?ordering=product_name&per_page=200")).json().data
        .data as SampleShipment[];
      const names = ordered.map((s) => s.product_name);
      expect(names).toEqual([...names].sort());

      const paged = (await list(agent, "?per_page=1&page=2")).json().data;
      expect(paged.data).toHaveLength(1);
      expect(paged.pagination_option.page).toBe(2);
      expect(paged.pagination_option.per_page).toBe(1);
      expect(paged.pagination_option.pages).toBe(paged.pagination_option.count);
    });

    it("ignores malformed paging and ordering but refuses a bad date", async () => {
      const res = await list(seller, "?page=abc&per_page=&ordering=-undefined&handlePagination=1");
      expect(res.statusCode).toBe(200);
      expect(res.json().data.pagination_option.per_page).toBe(50);
      const bad = await list(seller, "?shipment_ready_date=05-03-2026");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe("shipment_ready_date");
    });
  });

  describe("GET /api/sample-shipments/:id/", () => {
    let sampleId: number;
    beforeAll(async () => {
      sampleId = (await createSampleShipment(ctx.app, seller.id)).id;
    });
    const get = (user: TestUser | undefined, id: number | string) =>
      ctx.app.inject({ method: "GET", url: `/api/sample-shipments/${id}/`, headers: user?.auth });

    it("refuses anonymous callers", async () => {
      expect((await get(undefined, sampleId)).statusCode).toBe(401);
    });

    it("shows the sample to its seller, agents and admins", async () => {
      const own = await get(seller, sampleId);
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ id: sampleId, seller: { id: seller.id } });
      expect(own.json().data.delivery_address).toBeUndefined();
      expect(own.json().data.samples_desk_address).toBeUndefined();
      const asAgent = (await get(agent, sampleId)).json().data as SampleShipment;
      // The agent delivers to what the seller typed; the samples desk is told apart.
      expect(asAgent.delivery_address).toBe(own.json().data.address);
      expect(asAgent.samples_desk_address).toBe(`Samples desk, Suite ${seller.id}, Long Beach`);
      expect((await get(admin, sampleId)).statusCode).toBe(200);
    });

    it("refuses another seller with the access message", async () => {
      const res = await get(otherSeller, sampleId);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: "Bad Request",
        errors: [{ message: "You are not authorised to view this shipment" }],
      });
    });

    it("answers 404 for an unknown id and 400 for a malformed one", async () => {
      expect((await get(seller, 987654)).statusCode).toBe(404);
      const bad = await get(seller, "abc");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe("id");
    });
  });

  describe("PATCH /api/status-update/:id/", () => {
    const complete = (user: TestUser | undefined, id: number, payload: unknown) =>
      ctx.app.inject({
        method: "PATCH",
        url: `/api/status-update/${id}`,
        headers: user?.auth,
        payload: payload as Record<string, unknown>,
      });

    it("refuses anonymous callers and sellers", async () => {
      const { id } = await createSampleShipment(ctx.app, seller.id);
      expect((await complete(undefined, id, { status: "Shipment Completed" })).statusCode).toBe(
        401,
      );
      const res = await complete(seller, id, { status: "Shipment Completed" });
      expect(res.statusCode).toBe(403);
      const after = await ctx.app.inject({
        method: "GET",
        url: `/api/sample-shipments/${id}/`,
        headers: seller.auth,
      });
      expect(after.json().data.status).toBe("Shipment Pending");
    });

    it("refuses any other status", async () => {
      const { id } = await createSampleShipment(ctx.app, seller.id);
      const res = await complete(agent, id, { status: "Shipment Cancelled" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: "status", message: sampleMessages.statusInvalid },
      ]);
    });

    it("lets an agent complete once; the second time is a clear conflict", async () => {
      events.length = 0;
      const { id } = await createSampleShipment(ctx.app, seller.id);
      const res = await complete(agent, id, { status: "Shipment Completed" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: "success",
        message: sampleMessages.completed,
        data: { id, status: "Shipment Completed" },
      });
      expect(events).toEqual([
        {
          name: "sample.completed",
          payload: { sampleId: id, sellerId: seller.id, byUserId: agent.id },
        },
      ]);
      const again = await complete(admin, id, { status: "Shipment Completed" });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        status: "error",
        status_code: 409,
        message: sampleMessages.alreadyCompleted,
      });
      expect(events).toHaveLength(1);
    });

    it("completes exactly once when two agents race", async () => {
      const second = await createShipper(ctx.app);
      const { id } = await createSampleShipment(ctx.app, seller.id);
      events.length = 0;
      const results = await Promise.all([
        complete(agent, id, { status: "Shipment Completed" }),
        complete(second, id, { status: "Shipment Completed" }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(events.filter((e) => e.name === "sample.completed")).toHaveLength(1);
    });

    it("lets an admin complete and answers 404 for an unknown sample", async () => {
      const { id } = await createSampleShipment(ctx.app, otherSeller.id);
      expect((await complete(admin, id, { status: "Shipment Completed" })).statusCode).toBe(200);
      expect((await complete(admin, 987654, { status: "Shipment Completed" })).statusCode).toBe(
        404,
      );
    });
  });
});
