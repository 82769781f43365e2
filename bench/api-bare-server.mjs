// The baseline of api.bench.mjs: bare node:http + pg running the same SQL as the real server's
// shipment reads (the same statements, prepared the same way, in the same order) and answering
// the same JSON, with no framework, auth or validation. The rows are turned into the wire shape
// by the server's own presenter (pure functions, from the same build), so the bodies match and
// the ratio measures what the server adds: routing, auth, validation, the query builder,
// serialisation and logging.
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const pg = require("pg");
pg.types.setTypeParser(1082, (value) => value);
const dist = process.env.BENCH_SERVER_DIST ?? path.join(root, "apps/server/dist");
const { presentLostBidRow, presentShipmentRow, presentShipmentDetail, sealedForAgent } =
  await import(pathToFileURL(path.join(dist, "modules/shipments/shipments.presenter.js")).href);
const { ownBidOutcome } = await import(
  pathToFileURL(path.join(dist, "modules/shipments/shipments.service.js")).href
);
const { isCommonSearchText, joinedSearchText, narrowedSearchText } = await import(
  pathToFileURL(path.join(dist, "modules/shipments/search-words.js")).href
);

// Idle connections kept as the server keeps its own (30 s; the list pool's 10 minutes): at pg's
// default of 10 s they closed while the server's side of the bench ran, and each of this side's
// runs began by connecting again and preparing and planning every statement anew.
const realPool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  idleTimeoutMillis: 30_000,
});
// As the server's list pool: a list's named statements are planned once for all their values.
const genericPool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  idleTimeoutMillis: 10 * 60_000,
  options: "-c plan_cache_mode=force_generic_plan",
});
/**
 * While a GET /explain/<path> is answered (the bench asks for them one at a time, before any
 * load), each statement is also run under EXPLAIN (ANALYZE, BUFFERS) and its plan kept.
 */
let explaining = null;
const explained = (real) => ({
  async query(statement) {
    if (explaining) {
      const { rows } = await real.query({
        text: `explain (analyze, buffers) ${statement.text}`,
        values: statement.values,
      });
      explaining.push({ text: statement.text, plan: rows.map((row) => row["QUERY PLAN"]) });
    }
    return real.query(statement);
  },
});
const pool = explained(realPool);
/** As the server reads it: PostgreSQL's sample of the search texts (the column's statistics). */
const searchSample =
  (
    await realPool.query(
      `select coalesce(histogram_bounds::text::text[], '{}') || coalesce(most_common_vals::text::text[], '{}') as "texts"
       from pg_stats
       where schemaname = current_schema() and tablename = 'shipments' and attname = 'search_text'`,
    )
  ).rows[0]?.texts ?? [];
/** Each term's part looked up by trigrams and whether it is common, as the server remembers them. */
const narrowedTerms = new Map();
const listPool = explained(genericPool);
const port = Number(process.env.PORT);
const users = {
  open: Number(process.env.BENCH_AGENT_ID),
  history: Number(process.env.BENCH_AGENT_ID),
  seller: Number(process.env.BENCH_SELLER_ID),
  admin: Number(process.env.BENCH_ADMIN_ID),
};
const LIST_COUNT_CAP = 1000;
const SEARCH_COUNT_CAP = 200;
const ACTIVE = [
  "Shipment Pending",
  "Quotation Received",
  "Quotation Approved",
  "Quotation Accepted",
];
const STALE_LEG_DAYS = 5;

/** The server's read columns (shipmentColumns and orderFactColumns), in its order. */
const COLUMNS = `"shipments"."id", "shipments"."seller_id", "shipments"."status", "shipments"."freight_booking_reference_number", "shipments"."shipment_ready_date", "shipments"."supplier_contact_name", "shipments"."supplier_contact_phone", "shipments"."product_name", "shipments"."main_competitor_asin", "shipments"."pickup_full_address", "shipments"."pickup_street_address", "shipments"."pickup_city", "shipments"."pickup_state", "shipments"."pickup_country", "shipments"."pickup_zip_code", "shipments"."pickup_latitude", "shipments"."pickup_longitude", "shipments"."pickup_place_id", "shipments"."compliance", "shipments"."detailed_product_description", "shipments"."additional_notes", "shipments"."contact_first_name", "shipments"."contact_last_name", "shipments"."contact_email", "shipments"."bidding_ends_at", "shipments"."winning_quotation_id", "shipments"."winner_agent_id", "shipments"."quotation_count", "shipments"."tracking_number", "shipments"."tracking_link", "shipments"."tracking_carrier", "shipments"."final_amount", "shipments"."cancel_reason", "shipments"."created_at", "shipments"."updated_at", "users"."first_name", "users"."last_name", "users"."email", "users"."phone", "q"."id", "q"."pickup_amount", "q"."fast_amount", "q"."normal_amount", "q"."total_amount", "q"."is_accepted", "q"."accepted_service", "q"."cancel_reason", "q"."created_at", "q"."updated_at", "q"."agent_id", "agent"."first_name", "agent"."last_name", "agent"."email", "q"."fast_service_type", "q"."fast_transit_min_days", "q"."fast_transit_max_days", "q"."normal_service_type", "q"."normal_transit_min_days", "q"."normal_transit_max_days", "q"."inclusions", "q"."valid_until", "q"."note", "q"."reconfirm_requested_at", case when "shipments"."winner_agent_id" is not null then
    coalesce((select json_agg(distinct d.type) from "order_documents" d
      where d.shipment_id = "shipments"."id"), '[]'::json) end, case
    when "shipments"."winner_agent_id" is not null then coalesce((select json_agg(json_build_array(
      "shipment_legs"."fc_code", "shipment_legs"."different_fc_code", (select e.delivered_fc_code from "leg_events" e
  where e.leg_id = "shipment_legs".id and e.milestone = 'delivered'
    and not exists (select 1 from "leg_events" c where c.supersedes_id = e.id)
  order by e.id desc limit 1)))
      from "shipment_legs" where "shipment_legs"."shipment_id" = "shipments"."id"), '[]'::json) end`;
const KEYS = [
  "id",
  "sellerId",
  "status",
  "freightBookingReferenceNumber",
  "shipmentReadyDate",
  "supplierContactName",
  "supplierContactPhone",
  "productName",
  "mainCompetitorAsin",
  "pickupFullAddress",
  "pickupStreetAddress",
  "pickupCity",
  "pickupState",
  "pickupCountry",
  "pickupZipCode",
  "pickupLatitude",
  "pickupLongitude",
  "pickupPlaceId",
  "compliance",
  "detailedProductDescription",
  "additionalNotes",
  "contactFirstName",
  "contactLastName",
  "contactEmail",
  "biddingEndsAt",
  "winningQuotationId",
  "winnerAgentId",
  "quotationCount",
  "trackingNumber",
  "trackingLink",
  "trackingCarrier",
  "finalAmount",
  "cancelReason",
  "createdAt",
  "updatedAt",
  "sellerFirstName",
  "sellerLastName",
  "sellerEmail",
  "sellerPhone",
  "quotationId",
  "quotationPickupAmount",
  "quotationFastAmount",
  "quotationNormalAmount",
  "quotationTotalAmount",
  "quotationIsAccepted",
  "quotationAcceptedService",
  "quotationCancelReason",
  "quotationCreatedAt",
  "quotationUpdatedAt",
  "quotationAgentId",
  "agentFirstName",
  "agentLastName",
  "agentEmail",
  "quotationFastServiceType",
  "quotationFastTransitMinDays",
  "quotationFastTransitMaxDays",
  "quotationNormalServiceType",
  "quotationNormalTransitMinDays",
  "quotationNormalTransitMaxDays",
  "quotationInclusions",
  "quotationValidUntil",
  "quotationNote",
  "quotationReconfirmRequestedAt",
  "orderDocumentTypes",
  "orderLegs",
];
const FROM = (join) =>
  ` from "shipments" inner join "users" on "users"."id" = "shipments"."seller_id" left join "quotations" "q" on ${join} left join "users" "agent" on "agent"."id" = "q"."agent_id"`;
const AGENT_JOIN = `("q"."shipment_id" = "shipments"."id" and "q"."agent_id" = $1)`;
/** The reader's ($1) unread messages of each row, as the server's list rows carry them. */
const UNREAD = `(select count(*) from "chat_messages" where "chat_messages"."shipment_id" = "shipments"."id" and "chat_messages"."id" > coalesce((select "chat_read_cursors"."last_read_message_id" from "chat_read_cursors" where "chat_read_cursors"."user_id" = $1 and "chat_read_cursors"."chat_kind" = 'shipment' and "chat_read_cursors"."chat_id" = "shipments"."id"), 0) and "chat_messages"."sender_id" <> $1)`;
const WINNER_JOIN = `"q"."id" = "shipments"."winning_quotation_id"`;
const SEARCH = `"shipments"."search_text" like`;
/** Orderings by others' bids, which the agents' lists ignore. */
const SEALED_ORDERINGS = ["quotation_count", "status", "updated_at"];
const ORDERING = [
  "id",
  "created_at",
  "updated_at",
  "shipment_ready_date",
  "product_name",
  "status",
  "bidding_ends_at",
  "final_amount",
  "quotation_count",
];
/** The columns of an agent's bid shipments that their history orders, filters and searches by. */
const HISTORY_COLUMNS = [...ORDERING, "search_text", "destinations"]
  .map((column) => `"bid_shipment"."${column}"`)
  .concat(`"quotations"."created_at" as "bid_created_at"`)
  .join(", ");
/** The same columns of one bid's shipment, read by its key. */
const BID_SHIPMENT_COLUMNS = [...ORDERING, "search_text", "destinations"]
  .map((column) => `"${column}"`)
  .join(", ");

/** A row as the server's query builder hands it over (by position) with its order facts. */
function shipmentRow(values) {
  const row = {};
  for (let i = 0; i < KEYS.length; i += 1) row[KEYS[i]] = values[i];
  // As the server does: the facts set on the row itself (the raw columns stay, unread).
  const { orderDocumentTypes, orderLegs } = row;
  if (row.winnerAgentId === null || orderLegs === null) {
    row.documentTypes = null;
    row.delivery = null;
    return row;
  }
  const delivery = { legs: 0, delivered: 0, at_booked_fc: 0, different_fc_open: 0 };
  for (const [fcCode, differentFcCode, deliveredFc] of orderLegs) {
    delivery.legs += 1;
    if (deliveredFc === null) continue;
    delivery.delivered += 1;
    if (deliveredFc === fcCode) delivery.at_booked_fc += 1;
    else if (differentFcCode !== deliveredFc) delivery.different_fc_open += 1;
  }
  row.documentTypes = orderDocumentTypes ?? [];
  row.delivery = delivery;
  return row;
}

async function unreadCounts(userId, ids) {
  const unread = new Map();
  if (ids.length === 0) return unread;
  const { rows } = await pool.query({
    name: "unread_shipment",
    text: `select "chat"."id", (select count(*) from "chat_messages" where "chat_messages"."shipment_id" = "chat"."id" and "chat_messages"."id" > coalesce((select "chat_read_cursors"."last_read_message_id" from "chat_read_cursors" where "chat_read_cursors"."user_id" = $1 and "chat_read_cursors"."chat_kind" = 'shipment' and "chat_read_cursors"."chat_id" = "chat"."id"), 0) and "chat_messages"."sender_id" <> $1) from unnest($2::integer[]) as "chat"("id")`,
    values: [userId, ids],
    rowMode: "array",
  });
  for (const [id, n] of rows) if (Number(n) > 0) unread.set(id, Number(n));
  return unread;
}

/** How many of an accepted order's legs need attention ($3: today, $4: quiet since), per row. */
const LEGS = `case when "shipments"."status" = 'Quotation Accepted' then (select json_build_array(
    count(*) filter (where "shipment_legs"."milestone" <> 'delivered' and "shipment_legs"."eta" < $3::date), count(*) filter (where "shipment_legs"."milestone" <> 'delivered' and "shipment_legs"."milestone" <> 'booked'
        and "shipment_legs"."last_event_at" <= $4::timestamptz))
    from "shipment_legs" where "shipment_legs"."shipment_id" = "shipments"."id"
    group by "shipment_legs"."shipment_id") end`;

/**
 * The look the server's page of ids makes on each row, for a seller's or admin's list or a bid
 * history: windows passed, unjudged ($now, and $seller for a seller's).
 */
function dueColumn(now, seller) {
  const of = seller ? ` and "due"."seller_id" = ${seller}` : "";
  return `(exists (select 1 from "shipments" "due" where "due"."status" = 'Quotation Received'
      and "due"."bidding_ends_at" <= ${now}${of})
    or exists (select 1 from "shipments" "due" where "due"."status" = 'Shipment Pending'
      and "due"."bidding_closed_at" is null and "due"."bidding_ends_at" <= ${now}${of}))`;
}

/** Since when a leg without news needs attention. */
const quietSinceOf = (now) => new Date(now.getTime() - STALE_LEG_DAYS * 86_400_000).toISOString();

const statementNames = new Map();
const statementName = (text) => {
  if (!statementNames.has(text)) statementNames.set(text, `bare_list_${statementNames.size + 1}`);
  return statementNames.get(text);
};

async function list(kind, url) {
  const now = new Date();
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1);
  const perPage = Math.min(
    200,
    Math.max(1, Number.parseInt(url.searchParams.get("per_page") ?? "", 10) || 50),
  );
  const search = (url.searchParams.get("search") ?? "").trim() || undefined;
  const status = url.searchParams.get("status") || undefined;
  const ordering = url.searchParams.get("ordering") ?? "";
  const userId = users[kind];
  // As the server does: a search is planned for its pattern; any other list on the list pool.
  const db = search ? pool : listPool;

  const params = [];
  const p = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = [];
  if (kind === "open")
    conditions.push(
      `"shipments"."status" in ('Shipment Pending', 'Quotation Received')`,
      `"shipments"."bidding_ends_at" > ${p(now.toISOString())}`,
    );
  // As the server does: a list's statuses written into its text (each set a shape of its own).
  const literal = (value) => `'${value.replaceAll("'", "''")}'`;
  if (kind === "seller")
    conditions.push(
      `"shipments"."seller_id" = ${p(userId)}`,
      `"shipments"."status" in (${ACTIVE.map(literal).join(", ")})`,
    );
  if (kind === "admin" && status) conditions.push(`"shipments"."status" = ${literal(status)}`);
  // As the server searches: each part (the stored text, the destinations kept on the shipment,
  // the id when the search is a number) read on its own, the page taken from their union.
  const parts = [];
  if (search) {
    const text = search.toLowerCase();
    const escaped = (value) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
    const pattern = p(`%${escaped(text)}%`);
    // As the server does: the words nearly every search text holds are not looked up by trigrams,
    // a common term not at all (each row of the list's walk checked), and a part of several words
    // across its words.
    if (!narrowedTerms.has(text))
      narrowedTerms.set(text, {
        narrowed: narrowedSearchText(text, searchSample),
        common: isCommonSearchText(text, searchSample),
      });
    const { narrowed, common } = narrowedTerms.get(text);
    const joined = common ? undefined : joinedSearchText(narrowed ?? text);
    const term = () => `strpos("shipments"."search_text", ${p(text)}) > 0`;
    parts.push(
      common
        ? term()
        : joined !== undefined
          ? `replace("shipments"."search_text", ' ', '') like ${p(`%${escaped(joined)}%`)} and ${term()}`
          : narrowed === undefined
            ? `${SEARCH} ${pattern}`
            : `${SEARCH} ${p(`%${escaped(narrowed)}%`)} and ${term()}`,
      `"shipments"."destinations" like ${pattern}`,
    );
    if (/^\d{1,9}$/.test(search)) parts.push(`"shipments"."id" = ${p(Number(search))}`);
  }
  const whereOf = (list) =>
    list.length === 0
      ? ""
      : list.length === 1
        ? ` where ${list[0]}`
        : ` where (${list.join(" and ")})`;
  const where = whereOf(conditions);
  // As the server does: the agent's lists (its open list and bid history) of shipments still
  // taking bids, the history read from the agent's bids (offset 0 keeps it apart) and counted in
  // them; orderings by others' bids ignored there.
  const agent = kind === "open" || kind === "history";
  const source =
    kind === "history"
      ? `(select ${HISTORY_COLUMNS} from "quotations" cross join lateral (select ${BID_SHIPMENT_COLUMNS} from "shipments" where "shipments"."id" = "quotations"."shipment_id" offset ${p(0)}) "bid_shipment" where "quotations"."agent_id" = ${p(userId)} offset ${p(0)}) "shipments"`
      : `"shipments"`;
  const descending = ordering.startsWith("-");
  const named = descending ? ordering.slice(1) : ordering;
  const field = agent && SEALED_ORDERINGS.includes(named) ? "" : named;
  const key = ORDERING.includes(field)
    ? `"shipments"."${field}"`
    : kind === "open"
      ? `"shipments"."bidding_ends_at"`
      : kind === "history"
        ? `"shipments"."bid_created_at"`
        : `"shipments"."created_at"`;
  const direction = ORDERING.includes(field)
    ? descending
      ? "desc"
      : "asc"
    : kind === "open"
      ? "asc"
      : "desc";
  const order = ORDERING.includes(field)
    ? `"shipments"."${field}" ${descending ? "desc" : "asc"}, "shipments"."id" ${descending ? "desc" : "asc"}`
    : kind === "open"
      ? `"shipments"."bidding_ends_at" asc, "shipments"."id" asc`
      : `${key} desc, "shipments"."id" desc`;
  const offset = (page - 1) * perPage;
  const n = params.length;
  // An agent's whole bid history: counted in their bids, and in its own order (newest bid first)
  // walked along them; by a shipment's column, their bids sorted by the column's value, read by
  // the shipment's key as a scalar subquery.
  const bidsCounted = kind === "history" && conditions.length === 0 && !search;
  const bidsOrder = ORDERING.includes(field)
    ? `(select "shipments"."${field}" from "shipments" where "shipments"."id" = "quotations"."shipment_id") ${direction}, "quotations"."shipment_id" ${direction}`
    : `"quotations"."created_at" desc, "quotations"."shipment_id" desc`;
  // As the server counts: a search up to SEARCH_COUNT_CAP, any other list up to LIST_COUNT_CAP.
  const cap = search ? SEARCH_COUNT_CAP : LIST_COUNT_CAP;
  // As the server does: a search unnamed (planned for its pattern), every other shape named.
  // As the server does: each row of the page of ids carries the list's look for windows passed
  // unjudged (after the ids' own values).
  const dueValues =
    kind === "seller" ? [now.toISOString(), userId] : kind === "open" ? [] : [now.toISOString()];
  const due = (first) =>
    kind === "open"
      ? "false"
      : dueColumn(`$${first}`, kind === "seller" ? `$${first + 1}` : undefined);
  const countText = bidsCounted
    ? `select count(*) from (select 1 as "one" from "quotations" where "quotations"."agent_id" = $1 limit $2) "matches"`
    : `select count(*) from (select 1 as "one" from ${source}${where} limit $${n + 1}) "matches"`;
  if (!search)
    return listPage({
      kind,
      agent,
      userId,
      now,
      page,
      perPage,
      offset,
      cap,
      idsText: bidsCounted
        ? `select "quotations"."shipment_id" as "id" from "quotations" where "quotations"."agent_id" = $1 order by ${bidsOrder} limit $2 offset $3`
        : `select "id" from ${source}${where} order by ${order} limit $${n + 1} offset $${n + 2}`,
      idsValues: bidsCounted ? [userId, perPage + 1, offset] : [...params, perPage + 1, offset],
      countText,
      countValues: bidsCounted ? [userId, cap + 1] : [...params, cap + 1],
      dueValues,
      due,
    });
  const idsText = `select "found"."id" as "id", ${due(n + 4)} from (${parts
    .map(
      (part) =>
        `(select "shipments"."id", ${key} as "list_key" from ${source}${whereOf([...conditions, part])} order by ${order} limit $${n + 3})`,
    )
    .join(
      " union ",
    )}) "found" order by "found"."list_key" ${direction}, "found"."id" ${direction} limit $${n + 1} offset $${n + 2}`;
  // As the server does: a search's matches in list order up to one past the cap (or past the
  // page, when further), which hold its page and give its count.
  const reach = Math.max(cap + 1, offset + perPage + 1);
  const matched = (
    await db.query({
      text: idsText,
      values: [...params, reach, 0, reach, ...dueValues],
      rowMode: "array",
    })
  ).rows.map(([id]) => id);
  const found = matched.slice(offset, offset + perPage + 1);
  const hasMore = found.length > perPage;
  const ids = hasMore ? found.slice(0, perPage) : found;
  const endsHere = !hasMore && (ids.length > 0 || offset === 0);
  // As the server does: the rows with the reader's unread counts and, on lists that show them,
  // how many legs of each accepted order need attention (one statement), beside the count.
  const today = now.toISOString().slice(0, 10);
  const quietSince = quietSinceOf(now);
  const [rows, counted] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .query({
            name: agent ? "shipments_by_ids_agent_unread" : "shipments_by_ids_winner_unread_legs",
            text: agent
              ? `select ${COLUMNS}, ${UNREAD}${FROM(AGENT_JOIN)} where "shipments"."id" = any($2::integer[])`
              : `select ${COLUMNS}, ${UNREAD}, ${LEGS}${FROM(`"q"."id" = "shipments"."winning_quotation_id" and $1::int is not null`)} where "shipments"."id" = any($2::integer[])`,
            values: agent ? [userId, ids] : [userId, ids, today, quietSince],
            rowMode: "array",
          })
          .then((result) => {
            const byId = new Map(
              result.rows.map((values) => {
                const row = shipmentRow(values);
                row.unread = Number(values[KEYS.length]);
                const legs = values[KEYS.length + 1] ?? null;
                row.attention = legs === null ? null : { late: legs[0], stale: legs[1] };
                return [values[0], row];
              }),
            );
            return ids.map((id) => byId.get(id)).filter(Boolean);
          }),
    matched.length <= cap ? matched.length : endsHere ? offset + ids.length : cap + 1,
  ]);
  const countIsCapped = !endsHere && counted > cap;
  const count = countIsCapped ? cap : counted;
  return answer(kind, rows, now, { page, perPage, count, countIsCapped, hasMore });
}

/** A list's answer: its rows as the server presents them, sealed for agents, and its paging. */
function answer(kind, rows, now, { page, perPage, count, countIsCapped, hasMore }) {
  const agent = kind === "open" || kind === "history";
  return {
    status: "success",
    status_code: 200,
    message: "Fetched successfully",
    data: rows.map((read) => {
      const row = agent ? sealedForAgent(read, now) : read;
      const item = presentShipmentRow(
        row,
        row.unread ?? 0,
        now,
        row.status === "Quotation Accepted" ? (row.attention ?? null) : null,
      );
      if (kind !== "history") return item;
      const outcome = ownBidOutcome(read, now);
      return outcome === "lost" ? { ...presentLostBidRow(item), outcome } : { ...item, outcome };
    }),
    pagination_option: {
      page,
      pages: Math.max(1, Math.ceil(count / perPage)),
      per_page: perPage,
      count,
      count_is_capped: countIsCapped,
      has_more: hasMore,
    },
  };
}

/** `text` with its parameters $1, $2, ... renumbered from $(by + 1) on. */
const shifted = (text, by) => text.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + by}`);

/**
 * As the server reads a list in order (readListPage): one statement, the page's ids gathered into
 * an array (kept apart by OFFSET), their rows left-joined to it in its order, whether rows follow,
 * the look for windows passed unjudged, and the count only when rows follow or the page is past
 * the list's end.
 */
async function listPage(list) {
  const { kind, agent, userId, now, page, perPage, offset, cap } = list;
  const values = [...list.idsValues];
  const at = (more) => {
    const first = values.length;
    values.push(...more);
    return first;
  };
  const countText = shifted(list.countText, at(list.countValues));
  const due = kind === "open" ? "false" : list.due(at(list.dueValues) + 1);
  const perPageAt = at([perPage]) + 1;
  // The rows' own parameters: the reader ($1) and, with the legs, today ($3) and quiet since ($4).
  const readerAt = at([userId]) + 1;
  const legsAt = agent ? 0 : at([now.toISOString().slice(0, 10), quietSinceOf(now)]) + 1;
  const rowParam = (text) =>
    text.replace(/\$(\d+)/g, (_, n) => (n === "1" ? `$${readerAt}` : `$${legsAt + Number(n) - 3}`));
  const ids = `(select array(select "id" from (${list.idsText}) "page_ids") as "ids" offset 0) "page" left join lateral unnest("page"."ids"[1:$${perPageAt}]) with ordinality as "p"("id", "ord") on true`;
  const more = `cardinality("page"."ids") > $${perPageAt}`;
  const join = agent ? AGENT_JOIN : `"q"."id" = "shipments"."winning_quotation_id"`;
  const text = `select ${COLUMNS}, ${rowParam(UNREAD)}${agent ? "" : `, ${rowParam(LEGS)}`}, ${more}, ${due}, case when ${more} or cardinality("page"."ids") = 0 then (${countText}) end, "p"."ord"::integer from ${ids} left join "shipments" on "shipments"."id" = "p"."id" left join "users" on "users"."id" = "shipments"."seller_id" left join "quotations" "q" on ${rowParam(join)} left join "users" "agent" on "agent"."id" = "q"."agent_id"`;
  const result = await listPool.query({
    name: statementName(text),
    text,
    values,
    rowMode: "array",
  });
  const width = KEYS.length + (agent ? 1 : 2);
  const facts = result.rows[0];
  const hasMore = facts?.[width] === true;
  // As the server does: the rows come in no order, each with its place on the page.
  const rows = result.rows
    .filter((values) => values[0] !== null)
    .sort((a, b) => a[width + 3] - b[width + 3])
    .map((values) => {
      const row = shipmentRow(values);
      row.unread = Number(values[KEYS.length]);
      const legs = agent ? null : (values[KEYS.length + 1] ?? null);
      row.attention = legs === null ? null : { late: legs[0], stale: legs[1] };
      return row;
    });
  const endsHere = !hasMore && (rows.length > 0 || offset === 0);
  const counted = endsHere ? offset + rows.length : Number(facts?.[width + 2] ?? 0);
  const countIsCapped = !endsHere && counted > cap;
  return answer(kind, rows, now, {
    page,
    perPage,
    count: countIsCapped ? cap : counted,
    countIsCapped,
    hasMore,
  });
}

/** The seller's read of one of their shipments (no window to close: the bench reads settled ones). */
async function detail(id) {
  const now = new Date();
  const { rows } = await pool.query({
    name: "shipment_by_id_winner",
    text: `select ${COLUMNS}${FROM(WINNER_JOIN)} where "shipments"."id" = $1 limit $2`,
    values: [id, 1],
    rowMode: "array",
  });
  const row = shipmentRow(rows[0]);
  const [packages, unread] = await Promise.all([
    pool.query({
      name: "shipment_packages_by_shipment",
      text: `select "id", "shipment_id", "position", "length_cm", "width_cm", "height_cm", "weight_per_carton_kg", "total_cost_of_goods", "number_of_cartons", "delivery_location", "chargeable_weight", "tracking_number", "tracking_link", "fba_shipment_id" from "shipment_packages" where "shipment_packages"."shipment_id" = $1 order by "shipment_packages"."position" asc`,
      values: [id],
    }),
    unreadCounts(users.seller, [id]),
  ]);
  const packageRows = packages.rows.map((p) => ({
    id: p.id,
    shipmentId: p.shipment_id,
    position: p.position,
    lengthCm: p.length_cm,
    widthCm: p.width_cm,
    heightCm: p.height_cm,
    weightPerCartonKg: p.weight_per_carton_kg,
    totalCostOfGoods: p.total_cost_of_goods,
    numberOfCartons: p.number_of_cartons,
    deliveryLocation: p.delivery_location,
    chargeableWeight: p.chargeable_weight,
    trackingNumber: p.tracking_number,
    trackingLink: p.tracking_link,
    fbaShipmentId: p.fba_shipment_id,
  }));
  return {
    status: "success",
    status_code: 200,
    message: "Fetched successfully",
    data: presentShipmentDetail(row, packageRows, unread.get(id) ?? 0, now, { showFbaIds: true }),
  };
}

http
  .createServer(async (req, res) => {
    try {
      let url = new URL(req.url, "http://localhost");
      let body;
      if (url.pathname.startsWith("/explain/")) {
        url = new URL(req.url.slice("/explain".length), "http://localhost");
        explaining = [];
      }
      if (url.pathname.startsWith("/api/shipper/shipments")) body = await list("open", url);
      else if (url.pathname.startsWith("/api/shipper/quotation-history"))
        body = await list("history", url);
      else if (url.pathname.startsWith("/api/seller/shipments")) body = await list("seller", url);
      else if (url.pathname.startsWith("/api/admin/shipments")) body = await list("admin", url);
      else if (url.pathname.startsWith("/api/shipments/"))
        body = await detail(Number(url.pathname.split("/")[3]));
      else if (url.pathname === "/health") body = { ok: true };
      else {
        res.writeHead(404).end();
        return;
      }
      if (explaining) {
        body = explaining;
        explaining = null;
      }
      const json = JSON.stringify(body);
      res.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(json),
      });
      res.end(json);
    } catch (error) {
      explaining = null;
      res.writeHead(500).end(String(error));
    }
  })
  .listen(port, "127.0.0.1", () => console.log("ready"));
