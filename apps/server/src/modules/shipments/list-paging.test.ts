import { sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTIVE_SHIPMENT_STATUSES, LIST_COUNT_CAP, SEARCH_COUNT_CAP } from "@fba/contract";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { carton, placeBid, postShipment } from "../../test/shipment-factories.js";
import { withGenericPlans } from "../../db/request-clock.js";
import { listIdsStatement, listPageStatement, listShipments } from "./shipment-lists.repository.js";

let ctx: TestContext;
let seller: TestUser;
let admin: TestUser;
const ids: number[] = [];

beforeAll(async () => {
  ctx = await buildTestApp({ BID_WINDOW_HOURS: 72 });
  [seller, admin] = await Promise.all([createSeller(ctx.app), createAdmin(ctx.app)]);
  for (const name of ["Quokka Lamp A", "Quokka Lamp B", "Quokka Lamp C"]) {
    ids.push(await postShipment(ctx.app, seller, { product_name: name }));
  }
}, 180_000);
afterAll(async () => ctx?.close());

type Transaction = Parameters<
  Parameters<TestContext["app"]["database"]["db"]["transaction"]>[0]
>[0];

/**
 * The plan PostgreSQL makes for a list statement, prepared as the server prepares it, with each of
 * `settings` set for the transaction. The transaction is rolled back, so `setup` may change the
 * schema for the plan alone.
 */
async function planOfStatement(
  { text, values }: { text: string; values: unknown[] },
  settings: string[],
  setup?: (tx: Transaction) => Promise<void>,
  explain = "explain",
): Promise<string> {
  const literal = (value: unknown) =>
    typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  let plan = "";
  await ctx.app.database.db
    .transaction(async (tx) => {
      for (const setting of settings) await tx.execute(sql.raw(`set local ${setting}`));
      await setup?.(tx);
      await tx.execute(sql.raw(`prepare plan_test as ${text}`));
      const result = await tx.execute(
        sql.raw(`${explain} execute plan_test(${values.map(literal).join(", ")})`),
      );
      // A prepared statement outlives the transaction's rollback.
      await tx.execute(sql`deallocate plan_test`);
      plan = (result as unknown as { rows: Array<Record<string, string>> }).rows
        .map((row) => Object.values(row)[0])
        .join("\n");
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return plan;
}

/**
 * A plan's setup that drops every btree index of the shipments but their key and `keep` (for the
 * plan alone: the transaction rolls back). On tables this small any walk is cheap, so without the
 * others a plan shows what the indexes kept can do.
 */
const withBtreeIndexesOnly =
  (...keep: string[]) =>
  async (tx: Transaction) => {
    const others = (await tx.execute(
      sql.raw(`select indexname from pg_indexes where tablename = 'shipments'
                 and indexdef like '%USING btree%' and indexname <> 'shipments_pkey'`),
    )) as unknown as { rows: Array<{ indexname: string }> };
    for (const { indexname } of others.rows)
      if (!keep.includes(indexname)) await tx.execute(sql.raw(`drop index "${indexname}"`));
  };

const get = async (url: string, user: TestUser) => {
  const response = await ctx.app.inject({ method: "GET", url, headers: user.auth });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: Array<{ id: number }>;
    pagination_option: Record<string, unknown>;
  };
};

describe("shipment list paging", () => {
  it("counts exactly under the cap and says whether rows follow each page", async () => {
    const url = (page: number) =>
      `/api/seller/shipments/?search=quokka&ordering=product_name&per_page=1&page=${page}`;
    const first = await get(url(1), seller);
    expect(first.pagination_option).toEqual({
      page: 1,
      pages: 3,
      per_page: 1,
      count: 3,
      count_is_capped: false,
      has_more: true,
    });
    const last = await get(url(3), seller);
    expect(last.pagination_option).toMatchObject({ page: 3, count: 3, has_more: false });
    // Pages walk the list in its order, without gaps or repeats.
    const second = await get(url(2), seller);
    expect([first, second, last].map((page) => page.data[0]?.id)).toEqual(ids);
    // Past the end: no rows, the count still exact.
    const beyond = await get(url(5), seller);
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination_option).toMatchObject({ pages: 3, count: 3, has_more: false });
    // The admin's list of every shipment pages the same way.
    const all = await get("/api/admin/shipments/?search=quokka&per_page=2", admin);
    expect(all.data.map((row) => row.id)).toEqual([ids[2], ids[1]]);
    expect(all.pagination_option).toMatchObject({ count: 3, pages: 2, has_more: true });
  });

  it("reports the cap with count_is_capped past it, and the exact count on the last page", async () => {
    const filter = (page: number) => ({
      list: { kind: "seller" as const, sellerId: seller.id, statuses: ACTIVE_SHIPMENT_STATUSES },
      now: new Date(),
      search: "quokka",
      ordering: "product_name",
      page,
      perPage: 1,
      countCap: 2,
    });
    const db = ctx.app.database.db;
    const first = await listShipments(db, filter(1));
    expect(first).toMatchObject({ count: 2, countIsCapped: true, hasMore: true });
    expect(first.rows.map((row) => row.id)).toEqual([ids[0]]);
    const second = await listShipments(db, filter(2));
    expect(second).toMatchObject({ count: 2, countIsCapped: true, hasMore: true });
    const last = await listShipments(db, filter(3));
    expect(last).toMatchObject({ count: 3, countIsCapped: false, hasMore: false });
    expect(last.rows.map((row) => row.id)).toEqual([ids[2]]);
    // Unset, the cap is the contract's.
    const uncapped = await listShipments(db, { ...filter(1), countCap: undefined });
    expect(uncapped).toMatchObject({ count: 3, countIsCapped: false });
    expect(LIST_COUNT_CAP).toBeGreaterThan(3);
  });
});

describe("a search's statements", () => {
  /** The SQL texts the database client is given while `read` runs (either driver's query()). */
  async function statementsOf(read: () => Promise<unknown>): Promise<string[]> {
    const client = (ctx.app.database.db as unknown as { _: { session: { client: object } } })._
      .session.client as { query: (...args: unknown[]) => unknown };
    const query = client.query;
    const texts: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      texts.push(typeof first === "string" ? first : (first as { text: string }).text);
      return query.apply(this, args);
    };
    try {
      await read();
    } finally {
      client.query = query;
    }
    return texts;
  }
  const search = (countCap?: number) => ({
    list: { kind: "seller" as const, sellerId: seller.id, statuses: ACTIVE_SHIPMENT_STATUSES },
    now: new Date(),
    search: "quokka",
    ordering: "product_name",
    page: 2,
    perPage: 1,
    countCap,
  });
  const db = () => ctx.app.database.db;

  it("reads matches no more than the cap once, in list order: they are its count and hold its page", async () => {
    let page: Awaited<ReturnType<typeof listShipments>> | undefined;
    const texts = await statementsOf(async () => (page = await listShipments(db(), search())));
    expect(page).toMatchObject({ count: 3, countIsCapped: false, hasMore: true });
    expect(page?.rows.map((row) => row.id)).toEqual([ids[1]]);
    // The matches in list order, then the page's rows by id: none to count.
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('"found"');
    expect(texts[0]).toMatch(/order by .* limit \$\d+\)/);
    expect(texts[1]).toContain("any(");
  });

  it("past the cap, the same read in list order gives the page and the count at the cap", async () => {
    let page: Awaited<ReturnType<typeof listShipments>> | undefined;
    const texts = await statementsOf(async () => (page = await listShipments(db(), search(2))));
    expect(page).toMatchObject({ count: 2, countIsCapped: true, hasMore: true });
    expect(page?.rows.map((row) => row.id)).toEqual([ids[1]]);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('"found"');
    expect(texts[1]).toContain("any(");
  });

  it("a page past the cap reads its matches as far as it ends, and the last page counts them", async () => {
    const third = await listShipments(db(), { ...search(1), page: 3 });
    expect(third).toMatchObject({ count: 3, countIsCapped: false, hasMore: false });
    expect(third.rows.map((row) => row.id)).toEqual([ids[2]]);
    const second = await listShipments(db(), { ...search(1), page: 2 });
    expect(second).toMatchObject({ count: 1, countIsCapped: true, hasMore: true });
    expect(second.rows.map((row) => row.id)).toEqual([ids[1]]);
  });
});

describe("where counting stops", () => {
  // A search's count checks each row it walks: it stops sooner than a list's, which reads one
  // index entry a row. Both say so with count_is_capped, and the last page counts exactly.
  it("counts a search up to SEARCH_COUNT_CAP and the list itself up to LIST_COUNT_CAP", async () => {
    const owner = await createSeller(ctx.app);
    const original = await postShipment(ctx.app, owner, { product_name: "Capybara Lamp" });
    const db = ctx.app.database.db;
    const { rows } = (await db.execute(sql`
      select string_agg(format('%I', column_name), ', ') as columns from information_schema.columns
      where table_name = 'shipments' and column_name <> 'id' and is_generated = 'NEVER'`)) as unknown as {
      rows: Array<{ columns: string }>;
    };
    const columns = sql.raw(rows[0]!.columns);
    const copies = SEARCH_COUNT_CAP + 4;
    await db.execute(sql`insert into shipments (${columns})
      select ${columns} from shipments, generate_series(1, ${copies}) where id = ${original}`);
    const total = copies + 1;
    expect(total).toBeLessThan(LIST_COUNT_CAP);
    const searched = await get("/api/seller/shipments/?search=capybara&per_page=50", owner);
    expect(searched.pagination_option).toMatchObject({
      count: SEARCH_COUNT_CAP,
      pages: Math.ceil(SEARCH_COUNT_CAP / 50),
      count_is_capped: true,
      has_more: true,
    });
    const listed = await get("/api/seller/shipments/?per_page=50", owner);
    expect(listed.pagination_option).toMatchObject({
      count: total,
      count_is_capped: false,
      has_more: true,
    });
    // The page that ends the search counts it exactly.
    const lastPage = Math.ceil(total / 50);
    const last = await get(
      `/api/seller/shipments/?search=capybara&per_page=50&page=${lastPage}`,
      owner,
    );
    expect(last.pagination_option).toMatchObject({
      count: total,
      count_is_capped: false,
      has_more: false,
    });
  });
});

describe("a search matching by text, by destination and by id", () => {
  // Each part of a search is read on its own and the page taken from their union: the pages must
  // be those of one list in the list's order, with no row twice, and counted the same.
  it("pages as one list in the list's order, counted once per row", async () => {
    const owner = await createSeller(ctx.app);
    const post = (product_name: string, fc?: string) =>
      postShipment(
        ctx.app,
        owner,
        fc ? { product_name, packages: [carton(fc)] } : { product_name },
      );
    const text = await post("Zqx Kettle");
    const fc = await post("Plain Kettle", "ZQX4 - Far, CA");
    const both = await post("Zqx Mug", "ZQX4 - Far, CA");
    const neither = await post("Plain Kettle");
    const fcAgain = await post("Plain Kettle", "ZQX4 - Far, CA");
    const walk = async (query: string, perPage: number) => {
      const seen: number[] = [];
      const pages = [];
      for (let page = 1; page <= 6; page += 1) {
        const body = await get(
          `/api/seller/shipments/?${query}&per_page=${perPage}&page=${page}`,
          owner,
        );
        seen.push(...body.data.map((row) => row.id));
        pages.push(body.pagination_option);
      }
      return { seen, pages };
    };
    const newest = await walk("search=zqx", 1);
    expect(newest.seen).toEqual([fcAgain, both, fc, text]);
    expect(newest.pages[0]).toMatchObject({ count: 4, pages: 4, has_more: true });
    expect(newest.pages[2]).toMatchObject({ count: 4, has_more: true });
    expect(newest.pages[3]).toMatchObject({ count: 4, has_more: false });
    expect(newest.pages[5]).toMatchObject({ count: 4, has_more: false });
    const byName = await walk("search=ZQX&ordering=product_name", 3);
    expect(byName.seen).toEqual([fc, fcAgain, text, both]);
    expect(byName.pages[0]).toMatchObject({ count: 4, pages: 2, has_more: true });
    const byNameDown = await walk("search=zqx&ordering=-product_name", 2);
    expect(byNameDown.seen).toEqual([both, text, fcAgain, fc]);
    // A term too short for a trigram, found by destination alone.
    const short = await walk("search=x4", 5);
    expect(short.seen).toEqual([fcAgain, both, fc]);
    expect(short.pages[0]).toMatchObject({ count: 3, has_more: false });
    // A number matches the id too (and any text holding it).
    const byId = await get(`/api/seller/shipments/?search=${neither}`, owner);
    expect(byId.data.map((row) => row.id)).toContain(neither);
    // Past the cap: capped on every page but the last, which counts exactly.
    const filter = (page: number) => ({
      list: { kind: "seller" as const, sellerId: owner.id, statuses: ACTIVE_SHIPMENT_STATUSES },
      now: new Date(),
      search: "zqx",
      page,
      perPage: 1,
      countCap: 2,
    });
    const db = ctx.app.database.db;
    expect(await listShipments(db, filter(1))).toMatchObject({ count: 2, countIsCapped: true });
    // The search text alone passes a cap of 1 (two names hold "zqx"): capped without the rest.
    expect(await listShipments(db, { ...filter(1), countCap: 1 })).toMatchObject({
      count: 1,
      countIsCapped: true,
    });
    expect(await listShipments(db, { ...filter(1), countCap: 4 })).toMatchObject({
      count: 4,
      countIsCapped: false,
    });
    expect(await listShipments(db, filter(3))).toMatchObject({ count: 2, countIsCapped: true });
    const last = await listShipments(db, filter(4));
    expect(last).toMatchObject({ count: 4, countIsCapped: false, hasMore: false });
    expect(last.rows.map((row) => row.id)).toEqual([text]);
  });
});

describe("an agent's bid history", () => {
  // Its rows are read from the agent's bids and only then ordered: every ordering, search and page
  // holds the agent's bids alone, however many shipments others bid on or nobody did.
  it("holds the agent's bids alone, in each ordering, searched and paged", async () => {
    const owner = await createSeller(ctx.app);
    const [bidder, other] = await Promise.all([createShipper(ctx.app), createShipper(ctx.app)]);
    const post = (product_name: string, fc?: string) =>
      postShipment(
        ctx.app,
        owner,
        fc ? { product_name, packages: [carton(fc)] } : { product_name },
      );
    const apple = await post("Wqv Apple Crate");
    const berry = await post("Wqv Berry Crate", "WQV9 - Near, CA");
    const plain = await post("Plain Crate");
    const notBid = await post("Wqv Cherry Crate");
    const othersOnly = await post("Wqv Date Crate");
    // Bids in another order than the shipments were booked.
    for (const id of [plain, apple, berry]) await placeBid(ctx.app, bidder, id);
    await placeBid(ctx.app, other, othersOnly);
    await placeBid(ctx.app, other, apple);
    const history = (query: string) => get(`/api/shipper/quotation-history/?${query}`, bidder);
    // Unordered, newest bid first.
    const newest = await history("per_page=2&page=1");
    expect(newest.data.map((row) => row.id)).toEqual([berry, apple]);
    expect(newest.pagination_option).toMatchObject({ count: 3, pages: 2, has_more: true });
    const older = await history("per_page=2&page=2");
    expect(older.data.map((row) => row.id)).toEqual([plain]);
    expect(older.pagination_option).toMatchObject({ count: 3, has_more: false });
    expect((await history("search=crate")).data.map((row) => row.id)).toEqual([
      berry,
      apple,
      plain,
    ]);
    const booked = await history("ordering=-created_at");
    expect(booked.data.map((row) => row.id)).toEqual([plain, berry, apple]);
    const byName = await history("ordering=-product_name");
    expect(byName.data.map((row) => row.id)).toEqual([berry, apple, plain]);
    // A search by text and by a destination FC, and by id: still the agent's bids alone.
    const searched = await history("search=wqv&ordering=product_name");
    expect(searched.data.map((row) => row.id)).toEqual([apple, berry]);
    expect(searched.pagination_option).toMatchObject({ count: 2, has_more: false });
    const byFc = await history("search=wqv9");
    expect(byFc.data.map((row) => row.id)).toEqual([berry]);
    const byId = await history(`search=%23${notBid}`);
    expect(byId.data).toEqual([]);
    expect((await history(`search=%23${plain}`)).data.map((row) => row.id)).toEqual([plain]);
    // The other agent's history is theirs.
    const theirs = await get("/api/shipper/quotation-history/", other);
    expect(theirs.data.map((row) => row.id)).toEqual([apple, othersOnly]);
  });

  // The plan must start from the agent's bids: walking the shipments in list order and looking up
  // the agent's bid on each read 624,000 shipments for a first page at 1,000,000 (1.4 s).
  it("is read from the agent's bids, not by walking every shipment in list order", async () => {
    const agent = await createShipper(ctx.app);
    const planOf = async (ordering?: string, settings: string[] = []) => {
      const statement = listIdsStatement(ctx.app.database.db, {
        list: { kind: "agent-history", agentId: agent.id },
        now: new Date(),
        ordering,
        page: 1,
        perPage: 10,
      });
      // A plan that walks a list index needs no sort: make sorting the dearest choice, so only a
      // statement that cannot take that walk still sorts.
      return planOfStatement(statement, [
        "plan_cache_mode = force_generic_plan",
        "enable_sort = off",
        "enable_seqscan = off",
        ...settings,
      ]);
    };
    // Ordered by the shipments' booking: the agent's bids (the index alone gives each bid's
    // shipment), then sorted.
    const byBooking = await planOf("-created_at");
    expect(byBooking).not.toMatch(/shipments_created_list_idx|shipments_seller_list_idx/);
    expect(byBooking).toMatch(/Index Only Scan using quotations_agent_bids_idx/);
    expect(byBooking).toContain("Sort");
    // Each bid's shipment is read by its key, whatever join PostgreSQL would rather make: as a
    // plain join it hashed the bids and walked a whole index of the shipments against them.
    const byDate = await planOf("shipment_ready_date", ["enable_nestloop = off"]);
    expect(byDate).toMatch(/Index Scan using shipments_pkey on shipments/);
    expect(byDate).toMatch(/Index Cond: \(id = quotations\.shipment_id\)/);
    expect(byDate).not.toMatch(/Hash Join|Merge Join|shipments_ready_date_idx/);
    // Each bid's value by the key alone, with no cache of the shipments read before (Memoize):
    // every bid is on another shipment, so it never hits.
    expect(byDate).toMatch(/SubPlan/);
    expect(byDate).not.toContain("Memoize");
    // In its own order (newest bid first): a walk back along the agent's bids, no shipment read.
    const byBid = await planOf();
    expect(byBid).toMatch(/Index Only Scan Backward using quotations_agent_bids_idx/);
    expect(byBid).not.toContain("shipments");
  });
});

describe("list statements", () => {
  // A list page is one statement (ids, rows, count): its ids are read once, and its count only
  // when the page needs one, when rows follow it.
  it("a list page reads its ids once and counts only when rows follow", async () => {
    const filter = {
      list: { kind: "seller", sellerId: seller.id, statuses: ACTIVE_SHIPMENT_STATUSES },
      now: new Date(),
      perPage: 2,
      readerId: seller.id,
      legsAttention: true,
      dueLook: "seller",
    } as const;
    const { count } = await listShipments(ctx.app.database.db, { ...filter, page: 1 });
    expect(count).toBeGreaterThanOrEqual(3);
    const last = Math.ceil(count / filter.perPage);
    const run = async (page: number) => {
      const plan = await planOfStatement(
        listPageStatement(ctx.app.database.db, { ...filter, page }),
        ["plan_cache_mode = force_generic_plan"],
        undefined,
        "explain (analyze, costs off, timing off, summary off)",
      );
      const lines = plan.split("\n");
      // The count is the one aggregate run at most once for the whole page (an InitPlan).
      const count = lines.findIndex(
        (line, i) => /InitPlan/.test(line) && /->\s+Aggregate/.test(lines[i + 1] ?? ""),
      );
      expect(count).toBeGreaterThan(-1);
      return { plan, counted: !/never executed/.test(lines[count + 1]!) };
    };
    const first = await run(1);
    expect(first.counted).toBe(true);
    expect(first.plan.match(/Subquery Scan on page_ids/g)).toHaveLength(1);
    expect((await run(last)).counted).toBe(false);
    // Past the list's end the page has no row to tell the count by: it is counted.
    expect((await run(last + 1)).counted).toBe(true);
    const past = await listShipments(ctx.app.database.db, { ...filter, page: last + 1 });
    expect(past).toMatchObject({ rows: [], count, hasMore: false, due: false });
  });

  // A list shape without a search is a named statement, which PostgreSQL may run with one generic
  // plan for every call. That plan can walk a partial index only if the index's predicate is in
  // the statement's text: the open list's statuses, bound as parameters, once made it sort every
  // open shipment for each page.
  it("the open list's generic plan walks its partial index", async () => {
    const agent = await createShipper(ctx.app);
    const { text, values } = listIdsStatement(ctx.app.database.db, {
      list: { kind: "open", agentId: agent.id },
      now: new Date(),
      page: 2,
      perPage: 10,
    });
    expect(text).toContain("'Shipment Pending', 'Quotation Received'");
    // The tables are small here: only the plan's shape matters, not what it costs.
    const plan = await planOfStatement({ text, values }, [
      "plan_cache_mode = force_generic_plan",
      "enable_seqscan = off",
      "enable_sort = off",
    ]);
    expect(plan).toContain("shipments_open_list_idx");
    expect(plan).not.toContain("Sort");
  });
  // A search reads its own list's entries, not the whole table's: the open list the trigrams of
  // the shipments in its statuses alone (at 1,000,000 shipments, "mug 12" 17 ms to 5.6 ms), a
  // seller's the search text in the seller's own index (7.8 ms to 0.6 ms).
  it("a search of the open list or of a seller's list reads that list's index", async () => {
    // Searches are unnamed statements: planned for their own pattern on every call.
    const planOf = (
      filter: Parameters<typeof listIdsStatement>[1],
      settings: string[],
      setup?: (tx: Transaction) => Promise<void>,
    ) =>
      planOfStatement(
        listIdsStatement(ctx.app.database.db, filter),
        ["plan_cache_mode = force_custom_plan", "enable_seqscan = off", ...settings],
        setup,
      );
    // The tables are small here, so any walk of a list's index is cheap: without them (dropped
    // for the plan alone) the search's text arm shows which trigram index it reads.
    // One word: a term of several is looked up across its words (list-search.test.ts).
    const base = { now: new Date(), page: 1, perPage: 10, search: "quokkalamp" };
    const open = await planOf(
      { ...base, list: { kind: "open", agentId: admin.id } },
      ["enable_indexscan = off", "enable_indexonlyscan = off"],
      withBtreeIndexesOnly(),
    );
    expect(open).toContain("shipments_open_search_trgm_idx");
    expect(open).not.toMatch(/\bshipments_search_trgm_idx/);
    // A seller's search checks the text in the seller's index, without visiting the table.
    const own = await planOf(
      {
        ...base,
        list: { kind: "seller", sellerId: seller.id, statuses: ACTIVE_SHIPMENT_STATUSES },
      },
      ["enable_bitmapscan = off"],
    );
    // The scan that checks the search text is the walk of the seller's index, table unvisited.
    const lines = own.split("\n");
    const check = lines.findIndex((line) => /Filter: .*search_text ~~/.test(line));
    const scan = lines
      .slice(0, check)
      .reverse()
      .find((line) => line.includes("Scan"));
    expect(scan).toMatch(/Index Only Scan (Backward )?using shipments_seller_list_idx/);
  });

  // A destination is kept on its shipment, so a search for a common FC walks the list's index and
  // checks each entry there: it read each row's packages before (at 1,000,000 shipments, 1,330
  // lookups and 4,600 buffers for the open list's first 201 matches of "ONT8"). A rare one is
  // found by the destinations' trigrams. Neither reads a package.
  it("a search for a destination reads the list's index or the destinations' trigrams", async () => {
    const agent = await createShipper(ctx.app);
    const base = { now: new Date(), page: 1, perPage: 10, search: "ont8" };
    const lists = [
      { kind: "open", agentId: agent.id },
      { kind: "seller", sellerId: seller.id, statuses: ACTIVE_SHIPMENT_STATUSES },
      { kind: "admin" },
    ] as const;
    const indexes = [
      "shipments_open_list_idx",
      "shipments_seller_list_idx",
      "shipments_created_list_idx",
    ];
    for (const [i, list] of lists.entries()) {
      // Without bitmaps (trigrams) and the other indexes (on tables this small any is as cheap),
      // the one way left is a walk of the list's index.
      const common = await planOfStatement(
        listIdsStatement(ctx.app.database.db, { ...base, list }),
        [
          "plan_cache_mode = force_custom_plan",
          "enable_bitmapscan = off",
          "enable_seqscan = off",
          // Each arm takes its rows in list order: no walk of another index and a sort.
          "enable_sort = off",
        ],
        withBtreeIndexesOnly(indexes[i]!),
      );
      expect(common).not.toContain("shipment_packages");
      const lines = common.split("\n");
      const check = lines.findIndex((line) => /Filter: .*destinations ~~/.test(line));
      expect(check).toBeGreaterThan(0);
      const scan = lines
        .slice(0, check)
        .reverse()
        .find((line) => line.includes("Scan"));
      expect(scan).toMatch(new RegExp(`Index Only Scan (Backward )?using ${indexes[i]}`));
      // With no index to walk, the destinations' trigrams.
      const rare = await planOfStatement(
        listIdsStatement(ctx.app.database.db, { ...base, list }),
        [
          "plan_cache_mode = force_custom_plan",
          "enable_seqscan = off",
          "enable_indexscan = off",
          "enable_indexonlyscan = off",
        ],
        withBtreeIndexesOnly(),
      );
      expect(rare).toContain("shipments_destinations_trgm_idx");
      expect(rare).not.toContain("shipment_packages");
    }
  });

  // A seller's list, an agent's won orders and an admin's list by status: each status set is a
  // shape of its own, written into the text. Bound, they left PostgreSQL unsure of any generic
  // plan, and it planned the page afresh on every call (at 10,000 shipments, one such statement
  // was planned 142 times in 140 calls; with them written in, 12 times in 144).
  it("a list's statuses are in its text, not bound", async () => {
    const { text, values } = listIdsStatement(ctx.app.database.db, {
      list: { kind: "seller", sellerId: seller.id, statuses: ACTIVE_SHIPMENT_STATUSES },
      now: new Date(),
      page: 1,
      perPage: 50,
    });
    expect(text).toContain(`in (${ACTIVE_SHIPMENT_STATUSES.map((s) => `'${s}'`).join(", ")})`);
    expect(values).not.toContain("Shipment Pending");
    const won = listIdsStatement(ctx.app.database.db, {
      list: { kind: "agent-won", agentId: 1, status: "Shipment Completed" },
      now: new Date(),
      page: 1,
      perPage: 10,
    });
    expect(won.text).toContain(`"status" = 'Shipment Completed'`);
    expect(won.values).not.toContain("Shipment Completed");
  });
});

// PostgreSQL compares a named statement's generic plan with the plans it made for the values of
// its first calls. A list's page under `LIMIT $1 OFFSET $2` is costed generically for a tenth of
// the list: on a large list it never won, and each page was planned anew (at 1,000,000 shipments,
// the admins' page of ids in 0.81 ms a call, against 0.28 ms planned once).
describe.runIf(process.env.TEST_DATABASE_URL)("the list connections", () => {
  const application = "fba-freight lists";
  /** The last statement of each of this database's sessions, by the pool it belongs to. */
  const lastStatements = async () => {
    const result = await ctx.app.database.db.execute(
      sql`select application_name, query from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return (result as unknown as { rows: Array<{ application_name: string; query: string }> }).rows;
  };
  const planCacheMode = async () => {
    const result = await ctx.app.database.db.execute(sql`show plan_cache_mode`);
    return (result as unknown as { rows: Array<{ plan_cache_mode: string }> }).rows[0]
      ?.plan_cache_mode;
  };

  it("plan a statement once for all values, and only inside withGenericPlans", async () => {
    expect(await planCacheMode()).toBe("auto");
    expect(await withGenericPlans(planCacheMode)).toBe("force_generic_plan");
  });

  it("read a list's pages, and a search's statements are read on the others", async () => {
    const base = { now: new Date(), page: 1, perPage: 2 };
    const list = { kind: "admin" } as const;
    // Three rows, two a page: the page's one statement reads and counts them, on the list
    // connections.
    const page = await listShipments(ctx.app.database.db, { ...base, list });
    expect(page.rows).toHaveLength(2);
    expect(page.count).toBeGreaterThanOrEqual(3);
    const onLists = async () =>
      (await lastStatements())
        .filter((row) => row.application_name === application)
        .map((row) => row.query)
        .sort();
    const before = await onLists();
    expect(before.some((query) => query.startsWith('select "shipments"."id"'))).toBe(true);
    // A search (statements planned for "quokka", read from the database: the repository keeps
    // nothing): nothing runs on the list connections.
    const found = await listShipments(ctx.app.database.db, { ...base, list, search: "quokka" });
    expect(found.count).toBe(3);
    expect(await onLists()).toEqual(before);
  });
});

describe("a shipment's destinations", () => {
  // Kept by triggers on the packages (0034), so every writer keeps them, and a search for a
  // destination reads them rather than the packages.
  it("follow its packages through every insert, change and removal", async () => {
    const owner = await createSeller(ctx.app);
    const id = await postShipment(ctx.app, owner, {
      packages: [carton("QWZ1 - Alpha, CA"), carton("QWZ2 - Beta, CA")],
    });
    const kept = async () => {
      const result = (await ctx.app.database.db.execute(
        sql`select destinations from shipments where id = ${id}`,
      )) as unknown as { rows: Array<{ destinations: string | null }> };
      return result.rows[0]?.destinations;
    };
    const found = async (term: string) =>
      (await get(`/api/seller/shipments/?search=${term}`, owner)).data.map((row) => row.id);
    expect(await kept()).toBe("qwz1 - alpha, ca\nqwz2 - beta, ca");
    expect(await found("QWZ2")).toEqual([id]);

    const db = ctx.app.database.db;
    await db.execute(
      sql`update shipment_packages set delivery_location = 'QWZ3 - Gamma, CA'
          where shipment_id = ${id} and position = 1`,
    );
    expect(await kept()).toBe("qwz1 - alpha, ca\nqwz3 - gamma, ca");
    expect(await found("qwz3")).toEqual([id]);
    expect(await found("qwz2")).toEqual([]);
    // A change to another column leaves them, and the shipment's row, as they were.
    const version = async () => {
      const result = (await db.execute(
        sql`select ctid::text as ctid from shipments where id = ${id}`,
      )) as unknown as { rows: Array<{ ctid: string }> };
      return result.rows[0]?.ctid;
    };
    const before = await version();
    await db.execute(
      sql`update shipment_packages set tracking_number = 'T1' where shipment_id = ${id}`,
    );
    expect(await kept()).toBe("qwz1 - alpha, ca\nqwz3 - gamma, ca");
    expect(await version()).toBe(before);

    await db.execute(sql`delete from shipment_packages where shipment_id = ${id} and position = 0`);
    expect(await kept()).toBe("qwz3 - gamma, ca");
    expect(await found("qwz1")).toEqual([]);
    // Packages of several shipments written in one statement update each of them.
    const other = await postShipment(ctx.app, owner, { packages: [carton("QWZ5 - Eps, CA")] });
    await db.execute(
      sql`insert into shipment_packages (shipment_id, position, length_cm, width_cm, height_cm,
            weight_per_carton_kg, total_cost_of_goods, number_of_cartons, delivery_location, chargeable_weight)
          select s.id, 7, 10, 10, 10, 1, 100, 1, 'QWZ4 - Delta, CA', 1
            from shipments s where s.id in (${id}, ${other})`,
    );
    expect(await kept()).toBe("qwz3 - gamma, ca\nqwz4 - delta, ca");
    expect(await found("qwz4")).toEqual([other, id]);
  });
});
