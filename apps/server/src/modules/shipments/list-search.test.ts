import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, servicesOf, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { carton, placeBid, postShipment } from "../../test/shipment-factories.js";
import { listIdsStatement } from "./shipment-lists.repository.js";

let ctx: TestContext;
let seller: TestUser;
let otherSeller: TestUser;
let agent: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  [seller, otherSeller, agent, admin] = await Promise.all([
    createSeller(ctx.app),
    createSeller(ctx.app),
    createShipper(ctx.app),
    createAdmin(ctx.app),
  ]);
}, 180_000);
afterAll(async () => ctx?.close());

const get = (url: string, user: TestUser) =>
  ctx.app.inject({ method: "GET", url, headers: user.auth });
const ids = async (url: string, user: TestUser) =>
  ((await get(url, user)).json().data as Array<{ id: number }>).map((row) => row.id);

describe("list search", () => {
  it("finds a shipment by #id and by a destination FC, for each caller's own rows only", async () => {
    const fcShipment = await postShipment(ctx.app, seller, {
      product_name: "Kettle Quartz",
      packages: [carton("XQZ9 - Testville, CA"), carton("FTW1 - Dallas, TX")],
    });
    const other = await postShipment(ctx.app, seller, { product_name: "Kettle Quartz" });
    const foreign = await postShipment(ctx.app, otherSeller, {
      product_name: "Kettle Quartz",
      packages: [carton("XQZ9 - Testville, CA")],
    });

    const byHash = `/api/seller/shipments/?search=${encodeURIComponent(`#${fcShipment}`)}`;
    expect(await ids(byHash, seller)).toEqual([fcShipment]);
    // Another seller's shipment is never found, not even by its number.
    expect(await ids(byHash, otherSeller)).toEqual([]);
    expect(await ids(`/api/seller/shipments/?search=%23${foreign}`, seller)).toEqual([]);

    expect(await ids("/api/seller/shipments/?search=xqz9", seller)).toEqual([fcShipment]);
    expect(await ids("/api/seller/shipments/?search=XQZ9", otherSeller)).toEqual([foreign]);
    expect(await ids("/api/admin/shipments/?search=XQZ9&ordering=id", admin)).toEqual([
      fcShipment,
      foreign,
    ]);
    expect(await ids("/api/shipper/shipments/?search=xqz9&ordering=id", agent)).toEqual([
      fcShipment,
      foreign,
    ]);
    expect(await ids("/api/seller/shipments/?search=kettle%20quartz&ordering=id", seller)).toEqual([
      fcShipment,
      other,
    ]);
    // A lone "#" is no search at all.
    expect(await ids("/api/seller/shipments/?search=%23&ordering=id", otherSeller)).toEqual([
      foreign,
    ]);
  });
});

describe("GET /api/seller/shipments/ additions", () => {
  it("narrows to one active status and adds destinations only when asked", async () => {
    const own = await createSeller(ctx.app);
    const pending = await postShipment(ctx.app, own, {
      packages: [carton("ONT8 - Moreno Valley, CA"), carton("ONT8 - Moreno Valley, CA")],
    });
    const received = await postShipment(ctx.app, own, {
      packages: [carton("LGB3 - Eastvale, CA"), carton("ONT8 - Moreno Valley, CA")],
    });
    await placeBid(ctx.app, agent, received);
    await postShipment(ctx.app, otherSeller);

    const plain = (await get("/api/seller/shipments/", own)).json().data as Array<object>;
    expect(plain).toHaveLength(2);
    for (const row of plain) expect(row).not.toHaveProperty("destinations");

    const withDestinations = (await get("/api/seller/shipments/?with=destinations", own)).json()
      .data as Array<{ id: number; destinations: string[]; quotation_count: number }>;
    expect(withDestinations.map((row) => [row.id, row.destinations, row.quotation_count])).toEqual([
      [received, ["LGB3 - Eastvale, CA", "ONT8 - Moreno Valley, CA"], 1],
      [pending, ["ONT8 - Moreno Valley, CA"], 0],
    ]);

    const status = (value: string) =>
      ids(`/api/seller/shipments/?status=${encodeURIComponent(value)}`, own);
    expect(await status("Quotation Received")).toEqual([received]);
    expect(await status("Shipment Pending")).toEqual([pending]);
    // Not an active status: ignored, as the spec's lists ignore what they do not know.
    expect(await status("Shipment Cancelled")).toEqual([received, pending]);
    expect((await get("/api/seller/shipments/?with=destinations", agent)).statusCode).toBe(403);
  });
});

describe("a search beginning with a word nearly every shipment holds", () => {
  // Such a word is not looked up by trigrams (search-words.ts): the rest of the term is, and each
  // row found is checked for the whole term. The matches must be the whole term's all the same.
  it("finds the whole term's matches, and only them, looked up by the rest", async () => {
    const owner = await createSeller(ctx.app);
    const target = await postShipment(ctx.app, owner, { product_name: "Wharf 77123 Lamp" });
    // Both words, but not the term.
    const decoy = await postShipment(ctx.app, owner, { product_name: "77123 Wharf" });
    const db = ctx.app.database.db;
    const { rows } = (await db.execute(sql`
      select string_agg(format('%I', column_name), ', ') as columns from information_schema.columns
      where table_name = 'shipments' and column_name not in ('id', 'product_name')
        and is_generated = 'NEVER'`)) as unknown as { rows: Array<{ columns: string }> };
    const columns = sql.raw(rows[0]!.columns);
    // Enough shipments that nearly every search text holds "wharf" (and only one "wharf 77123").
    await db.execute(sql`insert into shipments (product_name, ${columns})
      select 'Wharf ' || g, ${columns} from shipments, generate_series(1, 150) g
      where id = ${decoy}`);
    await db.execute(sql`analyze shipments`);
    const reader = servicesOf(ctx.app).shipmentLists;
    await reader.searchSample.refresh();
    expect(reader.searchSample.current().length).toBeGreaterThanOrEqual(50);

    const queries: string[] = [];
    const client = (db as unknown as { _: { session: { client: object } } })._.session.client as {
      query: (...args: unknown[]) => unknown;
    };
    const query = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      queries.push(typeof first === "string" ? first : (first as { text: string }).text);
      return query.apply(this, args);
    };
    try {
      expect(await ids("/api/seller/shipments/?search=wharf%2077123", owner)).toEqual([target]);
      expect(await ids("/api/admin/shipments/?search=WHARF%2077123", admin)).toEqual([target]);
      expect(await ids("/api/shipper/shipments/?search=wharf%2077123", agent)).toEqual([target]);
    } finally {
      client.query = query;
    }
    // Each looked up by "77123" and checked for the whole term.
    expect(queries.filter((text) => text.includes("strpos("))).toHaveLength(3);
    // A term of that word alone is common: found walking each list in its order, every row
    // checked (strpos alone), with no trigram lookup; the first matches in list order all the same.
    expect(reader.searchSample.common("wharf")).toBe(true);
    expect(reader.searchSample.common("wharf 77123")).toBe(false);
    const firstOf = async (where: ReturnType<typeof sql>, order: ReturnType<typeof sql>) =>
      (
        (await db.execute(sql`select id from shipments
          where strpos(search_text, 'wharf') > 0 and ${where} order by ${order} limit 10`)) as unknown as {
          rows: Array<{ id: number }>;
        }
      ).rows.map((row) => row.id);
    queries.length = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      queries.push(typeof first === "string" ? first : (first as { text: string }).text);
      return query.apply(this, args);
    };
    const read = async () => ({
      sellerPage: (await get("/api/seller/shipments/?search=wharf&per_page=10", owner)).json(),
      open: await ids("/api/shipper/shipments/?search=WHARF&per_page=10", agent),
    });
    const { sellerPage, open } = await read().finally(() => {
      client.query = query;
    });
    expect(sellerPage.pagination_option).toMatchObject({ count: 152 });
    expect(sellerPage.data.map((row: { id: number }) => row.id)).toEqual(
      await firstOf(sql`seller_id = ${owner.id}`, sql`created_at desc, id desc`),
    );
    expect(open).toEqual(
      await firstOf(
        sql`status in ('Shipment Pending', 'Quotation Received') and bidding_ends_at > now()`,
        sql`bidding_ends_at, id`,
      ),
    );
    expect(open).toHaveLength(10);
    const searches = queries.filter((text) => text.includes("strpos("));
    expect(searches).toHaveLength(2);
    for (const text of searches) expect(text).not.toMatch(/"search_text" like/);
  });
});

describe("a search of several words", () => {
  // Looked up by trigrams across its words, in the search texts without their spaces
  // (joinedSearchText); each row found is checked for the term as typed.
  it("finds the term as typed, not its words apart nor run together", async () => {
    const owner = await createSeller(ctx.app);
    const target = await postShipment(ctx.app, owner, { product_name: "Zqx Mug 12oz" });
    // The words apart ("mug", then a word beginning "12"), and run together.
    await postShipment(ctx.app, owner, { product_name: "Zqx Mug 7 pack 12" });
    await postShipment(ctx.app, owner, { product_name: "Zqx Mu G12" });
    expect(await ids("/api/seller/shipments/?search=zqx%20mug%2012", owner)).toEqual([target]);
    expect(await ids("/api/admin/shipments/?search=MUG%2012oz", admin)).toEqual([target]);
    expect(await ids("/api/shipper/shipments/?search=Zqx%20Mug%2012", agent)).toEqual([target]);
    // Run together, the term is not the one typed.
    expect(await ids("/api/seller/shipments/?search=zqx%20mug12", owner)).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "is looked up in the index of the search texts without their spaces",
    async () => {
      const statement = listIdsStatement(ctx.app.database.db, {
        list: { kind: "admin" },
        now: new Date(),
        search: "zqx mug 12",
        page: 1,
        perPage: 10,
      });
      expect(statement.text).toContain(`replace("shipments"."search_text", ' ', '') like $`);
      expect(statement.values).toContain("%zqxmug12%");
      const literal = (value: unknown) =>
        typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
      const plan = await ctx.app.database.db.transaction(async (tx) => {
        // A table this small is cheapest walked: only the lookups are left to choose from.
        for (const scan of ["seqscan", "indexscan", "indexonlyscan"])
          await tx.execute(sql.raw(`set local enable_${scan} = off`));
        await tx.execute(sql.raw(`prepare joined_plan as ${statement.text}`));
        const result = (await tx.execute(
          sql.raw(`explain execute joined_plan(${statement.values.map(literal).join(", ")})`),
        )) as unknown as { rows: Array<Record<string, string>> };
        await tx.execute(sql`deallocate joined_plan`);
        return result.rows.map((row) => Object.values(row)[0]).join("\n");
      });
      expect(plan).toContain("Bitmap Index Scan on shipments_search_joined_trgm_idx");
    },
  );
});
