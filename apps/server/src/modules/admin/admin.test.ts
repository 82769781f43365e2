import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMessages, messages, type AdminUser } from "@fba/contract";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { createSampleShipment } from "../../test/sample-factories.js";
import { endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";

describe("admin", () => {
  let ctx: TestContext;
  let admin: TestUser;
  let seller: TestUser;
  let agent: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await createAdmin(ctx.app, { firstName: "Ada", lastName: "Root" });
    seller = await createSeller(ctx.app, { firstName: "Zelda", lastName: "Marsh" });
    agent = await createShipper(ctx.app, { firstName: "Otto", lastName: "Freight" });
  });
  afterAll(async () => ctx.close());

  const get = (user: TestUser | undefined, url: string) =>
    ctx.app.inject({ method: "GET", url, headers: user?.auth });
  const setActive = (user: TestUser | undefined, id: number, payload: unknown) =>
    ctx.app.inject({
      method: "PATCH",
      url: `/api/admin/users/${id}/`,
      headers: user?.auth,
      payload: payload as Record<string, unknown>,
    });

  describe("refusals for everyone but admins", () => {
    it("answers 401 to anonymous callers and 403 to sellers and agents", async () => {
      for (const url of ["/api/admin/users/", "/api/admin/dashboard/"]) {
        expect((await get(undefined, url)).statusCode).toBe(401);
        expect((await get(seller, url)).statusCode).toBe(403);
        expect((await get(agent, url)).statusCode).toBe(403);
      }
      expect((await setActive(undefined, seller.id, { is_active: false })).statusCode).toBe(401);
      const bySeller = await setActive(seller, agent.id, { is_active: false });
      expect(bySeller.statusCode).toBe(403);
      expect(bySeller.json()).toMatchObject({ status: "error", status_code: 403 });
      const byAgent = await setActive(agent, seller.id, { is_active: false });
      expect(byAgent.statusCode).toBe(403);
      // Nothing changed.
      const me = await get(agent, "/api/auth/v1/me/");
      expect(me.statusCode).toBe(200);
    });
  });

  describe("GET /api/admin/users/", () => {
    it("lists every account in the flat envelope", async () => {
      const res = await get(admin, "/api/admin/users/?per_page=200");
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe("success");
      const ids = (body.data as AdminUser[]).map((u) => u.id);
      expect(ids).toEqual(expect.arrayContaining([admin.id, seller.id, agent.id]));
      expect(body.pagination_option).toMatchObject({ page: 1, per_page: 200, count: ids.length });
      const row = (body.data as AdminUser[]).find((u) => u.id === seller.id);
      expect(row).toMatchObject({
        email: seller.email,
        groups: "Seller",
        is_active: true,
        first_name: "Zelda",
      });
      expect(Date.parse(row?.created_at ?? "")).not.toBeNaN();
      expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
    });

    it("searches by name and email and filters by group", async () => {
      const byName = (await get(admin, "/api/admin/users/?search=zelda mar")).json()
        .data as AdminUser[];
      expect(byName.map((u) => u.id)).toEqual([seller.id]);
      const byEmail = (
        await get(admin, `/api/admin/users/?search=${agent.email.toUpperCase()}`)
      ).json().data as AdminUser[];
      expect(byEmail.map((u) => u.id)).toEqual([agent.id]);
      const shippers = (await get(admin, "/api/admin/users?group=Shipper")).json()
        .data as AdminUser[];
      expect(shippers.length).toBeGreaterThan(0);
      expect(shippers.every((u) => u.groups === "Shipper")).toBe(true);
      const wildcard = (await get(admin, "/api/admin/users/?search=%25")).json().data;
      expect(wildcard).toEqual([]);
    });

    it("refuses an unknown group with a field error", async () => {
      const res = await get(admin, "/api/admin/users/?group=Root");
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: "group", message: adminMessages.groupInvalid }]);
    });
  });

  describe("PATCH /api/admin/users/:id/", () => {
    it("validates is_active and refuses unknown users", async () => {
      const missing = await setActive(admin, seller.id, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([
        { field: "is_active", message: adminMessages.isActiveRequired },
      ]);
      expect((await setActive(admin, 99999999, { is_active: false })).statusCode).toBe(404);
    });

    it("will not let an admin disable themself", async () => {
      const res = await setActive(admin, admin.id, { is_active: false });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(adminMessages.cannotDisableSelf);
      expect((await get(admin, "/api/admin/dashboard/")).statusCode).toBe(200);
    });

    it("disables an account: its tokens stop working and it cannot log in; re-enabling restores it", async () => {
      const victim = await createShipper(ctx.app);
      const login = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { email: victim.email, password: victim.password, group: "Shipper" },
      });
      expect(login.statusCode).toBe(200);
      const session = login.json().data as { access_token: string; refresh_token: string };
      // Warm the authenticator's cache, so the test proves it is dropped.
      expect((await get(victim, "/api/auth/v1/me/")).statusCode).toBe(200);

      const res = await setActive(admin, victim.id, { is_active: false, groups: "Admin" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: adminMessages.userDisabled,
        data: { id: victim.id, is_active: false, groups: "Shipper" },
      });

      expect((await get(victim, "/api/auth/v1/me/")).statusCode).toBe(401);
      const withLoginToken = await ctx.app.inject({
        method: "GET",
        url: "/api/sample-shipments/",
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(withLoginToken.statusCode).toBe(401);
      const refresh = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/refresh-token/",
        payload: { refresh: session.refresh_token },
      });
      expect(refresh.statusCode).toBe(401);
      const again = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { email: victim.email, password: victim.password, group: "Shipper" },
      });
      expect(again.statusCode).toBe(403);
      expect(again.json().message).toBe(messages.accountDisabled);

      const enabled = await setActive(admin, victim.id, { is_active: "true" });
      expect(enabled.statusCode).toBe(200);
      expect(enabled.json().message).toBe(adminMessages.userEnabled);
      expect((await get(victim, "/api/auth/v1/me/")).statusCode).toBe(200);
      const disabledList = (await get(admin, "/api/admin/users/?is_active=false")).json()
        .data as AdminUser[];
      expect(disabledList.map((u) => u.id)).not.toContain(victim.id);
    });
  });

  describe("GET /api/admin/dashboard/", () => {
    it("counts samples by wire status and users by group", async () => {
      const before = (await get(admin, "/api/admin/dashboard/")).json().data;
      await createSampleShipment(ctx.app, seller.id);
      await createSampleShipment(ctx.app, seller.id, { status: "Shipment Completed" });
      await createSeller(ctx.app);
      const res = await get(admin, "/api/admin/dashboard");
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.sample_shipments.total).toBe(before.sample_shipments.total + 2);
      expect(data.sample_shipments.by_status["Shipment Pending"]).toBe(
        before.sample_shipments.by_status["Shipment Pending"] + 1,
      );
      expect(data.sample_shipments.by_status["Shipment Completed"]).toBe(
        before.sample_shipments.by_status["Shipment Completed"] + 1,
      );
      expect(data.users.by_group.Seller).toBe(before.users.by_group.Seller + 1);
      expect(data.users.total).toBe(
        data.users.by_group.Seller + data.users.by_group.Shipper + data.users.by_group.Admin,
      );
      expect(Object.keys(data.shipments.by_status)).toEqual([
        "Shipment Pending",
        "Quotation Received",
        "Quotation Approved",
        "Quotation Accepted",
        "Shipment Completed",
        "Shipment Cancelled",
      ]);
      expect(data.shipments.total).toBe(0);
    });

    it("counts as open for bids only the shipments whose window has not passed", async () => {
      const shipments = async () =>
        (await get(admin, "/api/admin/dashboard/")).json().data.shipments;
      const before = await shipments();
      await postShipment(ctx.app, seller);
      const bidOn = await postShipment(ctx.app, seller);
      await placeBid(ctx.app, agent, bidOn);
      const bidless = await postShipment(ctx.app, seller);
      await endBiddingWindow(ctx.app, bidless);
      const judged = await postShipment(ctx.app, seller);
      await placeBid(ctx.app, agent, judged);
      await endBiddingWindow(ctx.app, judged);

      const after = await shipments();
      expect(after.total).toBe(before.total + 4);
      expect(after.open_for_bids).toBe(before.open_for_bids + 2);
      expect(after.closed_without_bids).toBe(before.closed_without_bids + 1);
      // The statuses alone still count the passed windows as pending or received.
      expect(after.by_status["Shipment Pending"] + after.by_status["Quotation Received"]).toBe(
        before.by_status["Shipment Pending"] + before.by_status["Quotation Received"] + 4,
      );
    });
  });
});
