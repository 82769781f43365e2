// The baseline of api.bench.mjs: bare node:http + pg running the same SQL as the real server's
// shipment endpoints and answering the same JSON, with no framework, auth or validation.
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const pg = require("pg");
pg.types.setTypeParser(1082, (value) => value);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const port = Number(process.env.PORT);
const sellerId = Number(process.env.BENCH_SELLER_ID);
const agentId = Number(process.env.BENCH_AGENT_ID);

const COLUMNS = `s.id, s.seller_id, s.status, s.freight_booking_reference_number, s.shipment_ready_date,
  s.supplier_contact_name, s.supplier_contact_phone, s.product_name, s.main_competitor_asin,
  s.pickup_full_address, s.pickup_street_address, s.pickup_city, s.pickup_state, s.pickup_country,
  s.pickup_zip_code, s.pickup_latitude, s.pickup_longitude, s.pickup_place_id, s.compliance,
  s.detailed_product_description, s.additional_notes, s.contact_first_name, s.contact_last_name,
  s.contact_email, s.bidding_ends_at, s.winning_quotation_id, s.winner_agent_id, s.quotation_count,
  s.tracking_number, s.tracking_link, s.final_amount, s.cancel_reason, s.created_at, s.updated_at,
  u.first_name as seller_first_name, u.last_name as seller_last_name, u.email as seller_email,
  u.phone as seller_phone, q.id as q_id, q.pickup_amount, q.fast_amount, q.normal_amount,
  q.total_amount, q.is_accepted, q.cancel_reason as q_cancel_reason, q.created_at as q_created_at,
  q.updated_at as q_updated_at, q.agent_id, a.first_name as agent_first_name,
  a.last_name as agent_last_name, a.email as agent_email`;
const SEARCH = `lower(s.product_name || ' ' || s.freight_booking_reference_number || ' ' || s.pickup_full_address) like $SEARCH`;

const money = (value) => (value === null || value === undefined ? null : Number(value).toFixed(2));
const OPEN = ["Shipment Pending", "Quotation Received"];

function present(row, unread, now) {
  return {
    id: row.id,
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    bidding_ends_at: row.bidding_ends_at.toISOString(),
    is_bidding_open: OPEN.includes(row.status) && row.bidding_ends_at.getTime() > now,
    freight_booking_reference_number: row.freight_booking_reference_number,
    shipment_ready_date: row.shipment_ready_date,
    supplier_contact_name: row.supplier_contact_name,
    supplier_contact_phone: row.supplier_contact_phone,
    product_name: row.product_name,
    main_competitor_asin: row.main_competitor_asin,
    pickup_location: {
      id: row.id,
      full_address: row.pickup_full_address,
      street_address: row.pickup_street_address,
      city: row.pickup_city,
      state: row.pickup_state,
      country: row.pickup_country,
      zip_code: row.pickup_zip_code,
      latitude: row.pickup_latitude,
      longitude: row.pickup_longitude,
      place_id: row.pickup_place_id,
    },
    user: {
      id: row.seller_id,
      first_name: row.seller_first_name,
      last_name: row.seller_last_name,
      email: row.seller_email,
      profile: { phone: row.seller_phone },
    },
    quotation:
      row.q_id === null
        ? {}
        : {
            id: row.q_id,
            shipment: row.id,
            pickup_amount: money(row.pickup_amount),
            fast_amount: money(row.fast_amount),
            normal_amount: money(row.normal_amount),
            total_amount: money(row.total_amount),
            is_accepted: row.is_accepted,
            cancel_reason: row.q_cancel_reason,
            is_winner: row.winning_quotation_id === row.q_id,
            is_masked: false,
            created_at: row.q_created_at.toISOString(),
            updated_at: row.q_updated_at.toISOString(),
            user: {
              id: row.agent_id,
              first_name: row.agent_first_name,
              last_name: row.agent_last_name,
              email: row.agent_email,
            },
          },
    tracking_number: row.tracking_number,
    tracking_link: row.tracking_link,
    final_amount: money(row.final_amount),
    cancel_reason: row.cancel_reason,
    message_count: unread.get(row.id) ?? 0,
    quotation_count: row.quotation_count,
  };
}

async function unreadCounts(userId, ids) {
  const unread = new Map();
  if (ids.length === 0) return unread;
  const { rows } = await pool.query({
    name: "unread",
    text: `select m.shipment_id, count(*)::int as n from chat_messages m
     left join chat_read_cursors c on c.user_id = $1 and c.chat_kind = 'shipment' and c.chat_id = m.shipment_id
     where m.shipment_id = any($2) and m.sender_id <> $1 and m.id > coalesce(c.last_read_message_id, 0)
     group by m.shipment_id`,
    values: [userId, ids],
  });
  for (const row of rows) unread.set(row.shipment_id, row.n);
  return unread;
}

async function list(kind, url) {
  const now = new Date();
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const perPage = Math.min(200, Number(url.searchParams.get("per_page")) || 50);
  const search = `%${(url.searchParams.get("search") ?? "").toLowerCase()}%`;
  let where;
  let params;
  let join;
  let order;
  let userId;
  if (kind === "open") {
    userId = agentId;
    where = `s.status in ('Shipment Pending', 'Quotation Received') and s.bidding_ends_at > $2 and ${SEARCH.replace("$SEARCH", "$3")}`;
    params = [agentId, now, search];
    join = "q.shipment_id = s.id and q.agent_id = $1";
    order = "s.bidding_ends_at asc, s.id asc";
  } else {
    userId = sellerId;
    // The same due-window check the server makes before a seller list.
    await pool.query(
      `select id from shipments where status = 'Quotation Received' and bidding_ends_at <= $1 and seller_id = $2 limit 100`,
      [now, sellerId],
    );
    where = `s.seller_id = $1 and s.status in ('Shipment Pending', 'Quotation Received', 'Quotation Approved', 'Quotation Accepted') and ${SEARCH.replace("$SEARCH", "$2")}`;
    params = [sellerId, search];
    join = "q.id = s.winning_quotation_id";
    order = "s.created_at desc, s.id desc";
  }
  const countSql = `select count(*)::int as n from shipments s where ${where.replaceAll("$1", kind === "open" ? "$1" : "$1")}`;
  const [rowsResult, countResult] = await Promise.all([
    pool.query(
      `select ${COLUMNS} from shipments s inner join users u on u.id = s.seller_id
       left join quotations q on ${join} left join users a on a.id = q.agent_id
       where ${where} order by ${order} limit ${perPage} offset ${(page - 1) * perPage}`,
      params,
    ),
    kind === "open"
      ? pool.query(countSql.replace("$2", "$1").replace("$3", "$2"), [now, search])
      : pool.query(countSql, params),
  ]);
  const unread = await unreadCounts(
    userId,
    rowsResult.rows.map((row) => row.id),
  );
  const count = countResult.rows[0].n;
  return {
    status: "success",
    status_code: 200,
    message: "Fetched successfully",
    data: rowsResult.rows.map((row) => present(row, unread, now.getTime())),
    pagination_option: {
      page,
      pages: Math.max(1, Math.ceil(count / perPage)),
      per_page: perPage,
      count,
    },
  };
}

async function detail(id) {
  const now = Date.now();
  // Named statements, parsed and planned once per connection, as the server's by-id reads are.
  const { rows } = await pool.query({
    name: "detail",
    text: `select ${COLUMNS} from shipments s inner join users u on u.id = s.seller_id
     left join quotations q on q.id = s.winning_quotation_id left join users a on a.id = q.agent_id
     where s.id = $1 limit 1`,
    values: [id],
  });
  const row = rows[0];
  const [packages, unread] = await Promise.all([
    pool.query({
      name: "packages",
      text: `select * from shipment_packages where shipment_id = $1 order by position asc`,
      values: [id],
    }),
    unreadCounts(sellerId, [id]),
  ]);
  return {
    status: "success",
    status_code: 200,
    message: "Details updated successfully",
    data: {
      ...present(row, unread, now),
      packages: packages.rows.map((p) => ({
        id: p.id,
        carton_dimensions_length: Number(p.length_cm),
        carton_dimensions_width: Number(p.width_cm),
        carton_dimensions_height: Number(p.height_cm),
        weight_per_carton_kg: Number(p.weight_per_carton_kg),
        total_cost_of_goods: Number(p.total_cost_of_goods),
        number_of_cartons: p.number_of_cartons,
        delivery_location: p.delivery_location,
        chargeable_weight: Number(p.chargeable_weight),
        tracking_number: p.tracking_number,
        tracking_link: p.tracking_link,
      })),
      compliance: {
        detailed_product_description: row.detailed_product_description,
        compliance: row.compliance,
        additional_notes: row.additional_notes,
      },
      contact_information: {
        first_name: row.contact_first_name,
        last_name: row.contact_last_name,
        email: row.contact_email,
      },
    },
  };
}

http
  .createServer(async (req, res) => {
    try {
      const url = new URL(req.url, "http://localhost");
      let body;
      if (url.pathname.startsWith("/api/shipper/shipments")) body = await list("open", url);
      else if (url.pathname.startsWith("/api/seller/shipments")) body = await list("seller", url);
      else if (url.pathname.startsWith("/api/shipments/"))
        body = await detail(Number(url.pathname.split("/")[3]));
      else {
        res.writeHead(404).end();
        return;
      }
      const json = JSON.stringify(body);
      res.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(json),
      });
      res.end(json);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  })
  .listen(port, "127.0.0.1", () => console.log("ready"));
