import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { warehouseSchema } from "@fba/contract";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { parseCsv, seedWarehousesIfEmpty } from "./warehouse-seed.js";

let ctx: TestContext;
let seller: TestUser;
let agent: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  [seller, agent, admin] = await Promise.all([
    createSeller(ctx.app),
    createShipper(ctx.app),
    createAdmin(ctx.app),
  ]);
}, 180_000);
afterAll(async () => ctx?.close());

const inject = (
  method: "GET" | "POST" | "PATCH",
  url: string,
  user?: TestUser,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url,
    headers: user?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe("warehouses", () => {
  it("seeds the 180 fulfilment centres once", async () => {
    const all = await inject("GET", "/api/admin/warehouses/", admin);
    expect(all.json().data).toHaveLength(180);
    expect(await seedWarehousesIfEmpty(ctx.app.database.db)).toBe(0);
    const ont8 = (all.json().data as Array<{ code: string }>).find((w) => w.code === "ONT8");
    expect(warehouseSchema.parse(ont8)).toMatchObject({
      country: "USA",
      city: "Moreno Valley",
      state: "CA",
      label: "ONT8 - Moreno Valley, CA",
    });
  });

  it("suggests active warehouses to any signed-in user", async () => {
    expect((await inject("GET", "/api/warehouses/?q=ont")).statusCode).toBe(401);
    const response = await inject("GET", "/api/warehouses/?q=ONT8", seller);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((w: { code: string }) => w.code)).toContain("ONT8");
    expect((await inject("GET", "/api/warehouses", agent)).json().data.length).toBe(180);
  });

  it("ranks the exact code first, then codes starting with the term, then name and city", async () => {
    const codes = async (q: string) =>
      (
        (await inject("GET", `/api/warehouses/?q=${encodeURIComponent(q)}`, seller)).json()
          .data as Array<{ code: string }>
      ).map((w) => w.code);

    // "ont" is also in Dupont (BFI3), Fontana (LAX9) and Ridgmont (LTN1): those come last.
    const ont = await codes("ONT");
    expect(ont.slice(0, 4)).toEqual(["ONT2", "ONT6", "ONT8", "ONT9"]);
    expect(ont).toEqual(expect.arrayContaining(["BFI3", "LAX9", "LTN1"]));
    expect(ont.indexOf("BFI3")).toBeGreaterThan(3);

    expect(await codes("abe8")).toEqual(["ABE8", "ABE8-309", "ABE8-401"]);
    // San Bernardino is the city of ONT2, SBD2 and SBD3 but only the street of ONT9.
    expect(await codes("bernardino")).toEqual(["ONT2", "SBD2", "SBD3", "ONT9"]);
  });

  it("lets admins add, edit and disable warehouses", async () => {
    const payload = {
      code: "zzz9",
      country: "USA",
      address: "1 Test Way",
      city: "Testville",
      state: "TX",
    };
    expect((await inject("POST", "/api/admin/warehouses/", seller, payload)).statusCode).toBe(403);
    expect((await inject("POST", "/api/admin/warehouses/", undefined, payload)).statusCode).toBe(
      401,
    );
    const bad = await inject("POST", "/api/admin/warehouses/", admin, { code: "", country: "USA" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: "code", message: "Code is required" },
        { field: "address", message: "Address is required" },
      ]),
    );
    const created = await inject("POST", "/api/admin/warehouses/", admin, payload);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ code: "ZZZ9", is_active: true });
    const duplicate = await inject("POST", "/api/admin/warehouses", admin, payload);
    expect(duplicate.statusCode).toBe(409);
    const id = created.json().data.id as number;
    const disabled = await inject("PATCH", `/api/admin/warehouses/${id}/`, admin, {
      is_active: false,
      city: "Other",
    });
    expect(disabled.json().data).toMatchObject({ is_active: false, city: "Other" });
    const suggestions = await inject("GET", "/api/warehouses/?q=zzz9", seller);
    expect(suggestions.json().data).toEqual([]);
    expect(
      (await inject("PATCH", "/api/admin/warehouses/999999/", admin, { city: "X" })).statusCode,
    ).toBe(404);
    const clash = await inject("PATCH", `/api/admin/warehouses/${id}/`, admin, { code: "ONT8" });
    expect(clash.statusCode).toBe(409);
  });

  it("parses quoted CSV cells", () => {
    expect(parseCsv('a,b\n"x, y",z\r\n"say ""hi""",\n')).toEqual([
      ["a", "b"],
      ["x, y", "z"],
      ['say "hi"', ""],
    ]);
  });
});
