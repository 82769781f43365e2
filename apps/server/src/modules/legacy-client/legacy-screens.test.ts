// The existing web client's later screens (API-CONTRACT section 7) against this server: every
// call is sent as that client sends it (paths relative to the API base, the same bodies, trailing
// slashes or not, multipart field names, a JSON body on DELETE) and read as it reads the answer.
import { describe, expect, it } from "vitest";
import { legacyClientMessages } from "@fba/contract";
import {
  ctx,
  seller,
  otherSeller,
  agent,
  loser,
  admin,
  useLegacyScreensApp,
  PDF,
  acceptedOrder,
  call,
  uploadPod,
  rows,
  byCode,
  legsOf,
  documentsOf,
} from "../../test/legacy-screens-fixtures.js";

useLegacyScreensApp();

describe("warehouse rows (W1-W6) are the order's legs", () => {
  it("lists one row per destination to the order's parties, and the FC list without shipment_id", async () => {
    const id = await acceptedOrder();
    const list = await rows(agent, id);
    expect(list.map((row) => row.warehouse_code)).toEqual(["ONT8", "FTW1"]);
    expect(byCode(list, "ONT8")).toMatchObject({
      shipment: id,
      status: "Warehouse Pending",
      chargeable_weight: "100.00",
      unit_price: "",
      tracking_number: null,
      pod_document: null,
      milestone: "booked",
    });
    expect(await rows(seller, id)).toHaveLength(2);
    expect(await rows(admin, id)).toHaveLength(2);
    for (const outsider of [otherSeller, loser]) {
      const refused = await call(outsider, "GET", `warehouses/?shipment_id=${id}`);
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[0]?.message).toBe(
        "You are not authorised to view this shipment",
      );
    }
    // Our own booking form's FC list is unchanged.
    const fcs = await call(seller, "GET", "/warehouses/?q=ONT8");
    expect(Array.isArray(fcs.body.data)).toBe(true);
    expect(fcs.body.data[0].code).toBe("ONT8");
  });

  it("stores the invoice lines (W2) on the matching legs, refusing unknown warehouses and sellers", async () => {
    const id = await acceptedOrder();
    const saved = await call(agent, "POST", "warehouses/", [
      {
        shipment: String(id),
        warehouse_code: "ont8",
        chargeable_weight: "120.5",
        extra_fee: 25,
        unit_price: "4.10",
        pick_up_fee: "50",
        discount: "0",
      },
      {
        shipment: String(id),
        warehouse_code: "FTW1",
        chargeable_weight: "",
        extra_fee: "",
        unit_price: "3.5",
        pick_up_fee: "",
        discount: "10",
      },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.status).toBe("success");
    const list = await rows(agent, id);
    expect(byCode(list, "ONT8")).toMatchObject({
      chargeable_weight: "120.50",
      extra_fee: "25.00",
      unit_price: "4.10",
      pick_up_fee: "50.00",
      discount: "0.00",
    });
    // A weight not given falls back to the weight booked to that FC.
    expect(byCode(list, "FTW1")).toMatchObject({
      chargeable_weight: "100.00",
      unit_price: "3.50",
      extra_fee: "",
      discount: "10.00",
    });

    const unknown = await call(agent, "POST", "warehouses/", [
      { shipment: id, warehouse_code: "ONT8", unit_price: "1.2.3" },
      { shipment: id, warehouse_code: "LAX9" },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { field: "0.unit_price", message: legacyClientMessages.amountFormat },
    ]);
    const notOnOrder = await call(agent, "POST", "warehouses/", [
      { shipment: id, warehouse_code: "LAX9" },
    ]);
    expect(notOnOrder.body.errors).toEqual([
      { field: "0.warehouse_code", message: legacyClientMessages.warehouseNotOnOrder },
    ]);
    expect((await call(agent, "POST", "warehouses/", [])).status).toBe(400);
    expect(
      (await call(seller, "POST", "warehouses/", [{ shipment: id, warehouse_code: "ONT8" }]))
        .status,
    ).toBe(403);
    const outsider = await call(loser, "POST", "warehouses/", [
      { shipment: id, warehouse_code: "ONT8" },
    ]);
    expect(outsider.status).toBe(400);
    expect(byCode(await rows(agent, id), "ONT8").unit_price).toBe("4.10");
  });

  it("moves a row forward through the leg's milestones, with its POD and tracking number (W3-W6)", async () => {
    const id = await acceptedOrder();
    const ont8 = byCode(await rows(agent, id), "ONT8").id as number;

    const pickedUp = await call(agent, "PATCH", `/warehouses/${ont8}/`, {
      id: ont8,
      status: "Warehouse Picked Up",
    });
    expect(pickedUp.status, JSON.stringify(pickedUp.body)).toBe(200);
    expect(pickedUp.body.message).toBe(legacyClientMessages.statusUpdated);
    expect((await legsOf(id)).find((leg) => leg.id === ont8)?.milestone).toBe("picked_up");
    // The same status again changes nothing; going back is refused.
    expect(
      (
        await call(agent, "PATCH", `/warehouses/${ont8}/`, {
          id: ont8,
          status: "Warehouse Picked Up",
        })
      ).status,
    ).toBe(200);
    const back = await call(agent, "PATCH", `/warehouses/${ont8}/`, {
      id: ont8,
      status: "Warehouse Pending",
    });
    expect(back.status).toBe(409);

    // Completed records Delivered to FC, which needs the leg's proof of delivery.
    const early = await call(agent, "PATCH", `/warehouses/${ont8}/`, {
      id: ont8,
      status: "Warehouse Completed",
    });
    expect(early.status).toBe(400);
    expect(early.body.errors?.[0]?.field).toBe("pod_document");

    const uploaded = await uploadPod(agent, ont8, "delivery receipt.pdf", PDF);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.message).toBe(legacyClientMessages.podUploaded);
    const withPod = byCode(await rows(seller, id), "ONT8");
    const url = withPod.pod_document as string;
    // The client shows the URL's last path segment as the file's name.
    expect(decodeURIComponent(url.split("/").pop()!)).toBe("delivery receipt.pdf");
    const file = await ctx.app.inject({ url: new URL(url).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(file.headers["content-disposition"])).toMatch(/^attachment;/);
    const tampered = url.replace(/\/([^/]+)\/([^/]+)$/, "/x$1/$2");
    expect((await ctx.app.inject({ url: new URL(tampered).pathname })).statusCode).toBe(403);
    const pod = (await documentsOf(id)).find((doc) => doc.id === withPod.pod_document_id);
    expect(pod).toMatchObject({ type: "Proof of delivery", leg: ont8, removed_at: null });

    const completed = await call(agent, "PATCH", `/warehouses/${ont8}/`, {
      id: ont8,
      status: "Warehouse Completed",
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const leg = (await legsOf(id)).find((item) => item.id === ont8)!;
    expect(leg.milestone).toBe("delivered");
    expect(leg.events.at(-1)).toMatchObject({
      milestone: "delivered",
      delivered_fc_code: "ONT8",
      document_id: pod!.id,
    });
    // A POD that backs the delivery stays.
    const keep = await call(agent, "DELETE", `/warehouses/${ont8}/delete-pod-document/`);
    expect(keep.status).toBe(409);

    // W6 (no trailing slash): the leg's tracking number.
    const tracked = await call(agent, "PATCH", `/update-warehouse-tracking/${ont8}`, {
      id: ont8,
      tracking_number: "1Z999AA10123456784",
    });
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    expect(tracked.body.message).toBe(legacyClientMessages.trackingSaved);
    expect(byCode(await rows(seller, id), "ONT8").tracking_number).toBe("1Z999AA10123456784");
    expect((await legsOf(id)).find((item) => item.id === ont8)?.tracking_number).toBe(
      "1Z999AA10123456784",
    );
    const blank = await call(agent, "PATCH", `/update-warehouse-tracking/${ont8}`, {
      id: ont8,
      tracking_number: "",
    });
    expect(blank.body.errors).toEqual([
      { field: "tracking_number", message: legacyClientMessages.trackingRequired },
    ]);
    expect(
      (
        await call(seller, "PATCH", `/update-warehouse-tracking/${ont8}`, {
          id: ont8,
          tracking_number: "123",
        })
      ).status,
    ).toBe(403);
  });

  it("takes a POD off its row without deleting it (W5); the row can no longer be completed on it", async () => {
    const id = await acceptedOrder();
    const ftw1 = byCode(await rows(agent, id), "FTW1").id as number;
    expect((await uploadPod(agent, ftw1, "pod.pdf", PDF)).status).toBe(200);
    const podId = byCode(await rows(agent, id), "FTW1").pod_document_id as number;
    expect((await uploadPod(seller, ftw1, "pod.pdf", PDF)).status).toBe(403);

    const removed = await call(agent, "DELETE", `/warehouses/${ftw1}/delete-pod-document/`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.message).toBe(legacyClientMessages.podRemoved);
    expect(byCode(await rows(agent, id), "FTW1").pod_document).toBeNull();
    // Never rewritten: the order's documents still list it, marked removed.
    const kept = (await documentsOf(id)).find((doc) => doc.id === podId);
    expect(kept?.removed_at).toEqual(expect.any(String));
    const again = await call(agent, "DELETE", `/warehouses/${ftw1}/delete-pod-document/`);
    expect(again.status).toBe(404);
    const completed = await call(agent, "PATCH", `/warehouses/${ftw1}/`, {
      id: ftw1,
      status: "Warehouse Completed",
    });
    expect(completed.status).toBe(400);
    expect(completed.body.errors?.[0]?.field).toBe("pod_document");
    expect(
      (await call(agent, "DELETE", "/warehouses/2147483000/delete-pod-document/")).status,
    ).toBe(404);
  });
});

describe("package tracking (P1)", () => {
  it("sets one package's tracking number and link for the winning agent", async () => {
    const id = await acceptedOrder();
    const shipment = (await call(agent, "GET", `/shipments/${id}/`)).body.data;
    const packageId = shipment.packages[0].id as number;
    const saved = await call(agent, "PATCH", `/update-packages/${packageId}`, {
      id: packageId,
      tracking_number: "1Z999AA10123456784",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(legacyClientMessages.packageTrackingSaved);
    const after = (await call(seller, "GET", `/shipments/${id}/`)).body.data;
    expect(after.packages[0]).toMatchObject({ tracking_number: "1Z999AA10123456784" });
    expect(after.packages[0].tracking_link).toContain("1Z999AA10123456784");
    expect(
      (
        await call(seller, "PATCH", `/update-packages/${packageId}`, {
          id: packageId,
          tracking_number: "123456",
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(loser, "PATCH", `/update-packages/${packageId}`, {
          id: packageId,
          tracking_number: "123456",
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(agent, "PATCH", "/update-packages/2147483000", { tracking_number: "123" }))
        .status,
    ).toBe(404);
  });
});

describe("the customer invoice (I1-I2)", () => {
  it("is empty until the agent issues it, then bills the seller with the rows' lines", async () => {
    const id = await acceptedOrder();
    const before = await call(seller, "GET", `invoices/?shipment_id=${id}&page=1&per_page=10&`);
    expect(before.status).toBe(200);
    expect(before.body.data.data).toEqual([]);
    await call(agent, "POST", "warehouses/", [
      {
        shipment: id,
        warehouse_code: "ONT8",
        chargeable_weight: "120.5",
        unit_price: "4.10",
        extra_fee: "25",
        pick_up_fee: "50",
        discount: "0",
      },
      { shipment: id, warehouse_code: "FTW1", unit_price: "3.50", discount: "10" },
    ]);

    // S17 first, as the invoice form does, then I2 with what it shows.
    const detail = await call(agent, "GET", `seller/shipments/${id}/`);
    expect(detail.status).toBe(200);
    const invoiceData = detail.body.data;
    expect(invoiceData.user).toMatchObject({
      id: seller.id,
      email: seller.email,
      first_name: "Sally",
      profile: { company_name: "Sally Imports LLC", phone: "+1 555 0100" },
    });
    expect(invoiceData.pickup_location.full_address).toEqual(expect.any(String));
    const issued = await call(agent, "POST", "invoices/", {
      shipment: String(id),
      user_id: invoiceData.user.id,
      pickup_location_id: invoiceData.pickup_location.id,
      pickup_location: {
        street_address: invoiceData.pickup_location.street_address,
        city: invoiceData.pickup_location.city,
        state: invoiceData.pickup_location.state,
        country: invoiceData.pickup_location.country,
        zip_code: invoiceData.pickup_location.zip_code,
        full_address: invoiceData.pickup_location.full_address,
      },
      user: {
        email: invoiceData.user.email,
        first_name: invoiceData.user.first_name,
        profile: { phone: invoiceData.user.profile.phone, company_name: "Sally Imports LLC" },
      },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body.message).toBe(legacyClientMessages.invoiceCreated);

    const invoices = await call(seller, "GET", `invoices/?shipment_id=${id}`);
    const invoice = invoices.body.data.data[0];
    expect(invoice).toMatchObject({
      shipment: { id },
      user: {
        first_name: "Sally",
        email: seller.email,
        profile: { company_name: "Sally Imports LLC", phone: "+1 555 0100" },
      },
      pickup_location: { full_address: invoiceData.pickup_location.full_address },
      // 120.50 kg × 4.10 + 25 + 50 = 569.05; 100 kg × 3.50 − 10 = 340.00.
      lines: [
        { warehouse_code: "ONT8", amount: "569.05" },
        { warehouse_code: "FTW1", amount: "340.00" },
      ],
      total: "909.05",
    });

    const bad = await call(agent, "POST", "invoices/", {
      shipment: id,
      user: {},
      pickup_location: {},
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((error) => error.field)).toEqual(
      expect.arrayContaining(["user.email", "user.first_name", "pickup_location.full_address"]),
    );
    expect((await call(seller, "POST", "invoices/", { shipment: id })).status).toBe(403);
    const outsider = await call(otherSeller, "GET", `invoices/?shipment_id=${id}`);
    expect(outsider.status).toBe(400);
  });
});

describe("agents' average costs (AC1-AC5)", () => {
  it("lets agents keep their own table and everyone read it; sellers see the range per FC", async () => {
    // The mobile form's values arrive as numbers (cast by its form schema).
    const created = await call(agent, "POST", "average-cost/", {
      warehouse_number: "ont8",
      slow_cost: 2.5,
      fast_cost: 4,
      air_cost: 7.25,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mine = created.body.data.id as number;
    expect(created.body.data).toMatchObject({
      warehouse_number: "ONT8",
      slow_cost: "2.50",
      fast_cost: "4.00",
      air_cost: "7.25",
    });
    const duplicate = await call(agent, "POST", "average-cost/", {
      warehouse_number: "ONT8",
      slow_cost: 1,
      fast_cost: 1,
      air_cost: 1,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors?.[0]?.field).toBe("warehouse_number");
    const invalid = await call(agent, "POST", "average-cost/", { warehouse_number: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors?.map((error) => error.field)).toEqual([
      "warehouse_number",
      "slow_cost",
      "fast_cost",
      "air_cost",
    ]);
    const second = await call(agent, "POST", "average-cost/", {
      warehouse_number: "FTW1",
      slow_cost: 1.5,
      fast_cost: 3,
      air_cost: 6,
    });
    const third = await call(agent, "POST", "average-cost/", {
      warehouse_number: "LAX9",
      slow_cost: 1.5,
      fast_cost: 3,
      air_cost: 6,
    });
    const theirs = await call(loser, "POST", "average-cost/", {
      warehouse_number: "ONT8",
      slow_cost: "3.10",
      fast_cost: "0",
      air_cost: "9",
    });
    expect(theirs.status).toBe(201);
    expect((await call(seller, "POST", "average-cost/", { warehouse_number: "ONT8" })).status).toBe(
      403,
    );

    // AC1: an agent reads their own rows; a seller reads every agent's.
    const own = await call(agent, "GET", "average-cost/");
    expect(
      own.body.data.data.map((row: { warehouse_number: string }) => row.warehouse_number),
    ).toEqual(["FTW1", "LAX9", "ONT8"]);
    const all = await call(seller, "GET", "average-cost/");
    expect(all.body.data.data).toHaveLength(4);

    // AC3: the table's inline edit sends the four fields as typed text.
    const edited = await call(agent, "PATCH", `average-cost/${mine}/`, {
      warehouse_number: "ONT8",
      slow_cost: "2.75",
      fast_cost: "4.00",
      air_cost: "7.25",
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.slow_cost).toBe("2.75");
    expect((await call(loser, "PATCH", `average-cost/${mine}/`, { slow_cost: "1" })).status).toBe(
      404,
    );

    // The booking form's estimate: per FC, the range over agents (0 is not offered).
    const estimates = await call(seller, "GET", "/average-cost/estimates/?fc_codes=ONT8,DEN4");
    expect(estimates.status).toBe(200);
    expect(estimates.body.data).toEqual([
      {
        warehouse_number: "ONT8",
        agents: 2,
        slow: { min: "2.75", max: "3.10" },
        fast: { min: "4.00", max: "4.00" },
        air: { min: "7.25", max: "9.00" },
      },
      { warehouse_number: "DEN4", agents: 0, slow: null, fast: null, air: null },
    ]);
    expect((await call(agent, "GET", "/average-cost/estimates/?fc_codes=ONT8")).status).toBe(403);

    // AC4 and AC5 (a JSON body on DELETE): only the caller's own rows go.
    expect((await call(loser, "DELETE", `average-cost/${mine}/`)).status).toBe(404);
    const deleted = await call(agent, "DELETE", `average-cost/${mine}/`);
    expect(deleted.status).toBe(200);
    const many = await call(agent, "DELETE", "average-cost/delete-multiple/", {
      ids: [second.body.data.id, third.body.data.id, theirs.body.data.id],
    });
    expect(many.status, JSON.stringify(many.body)).toBe(200);
    expect(many.body.data.ids.sort()).toEqual([second.body.data.id, third.body.data.id].sort());
    expect((await call(agent, "GET", "average-cost/")).body.data.data).toEqual([]);
    expect((await call(loser, "GET", "average-cost/")).body.data.data).toHaveLength(1);
  });
});
