// kill -9 the server while sellers book, agents bid and sellers accept; restart; the load goes on.
// Afterwards every committed change has its domain event, every event was delivered, and every
// recipient got exactly one notification per event: "N of N delivered, 0 lost, 0 duplicated".
// The legs booked at acceptance exist for every accepted order. PostgreSQL (a fresh database).
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import pg from "pg";
import {
  api,
  createDatabase,
  freePort,
  loginDemoSeller,
  result,
  serverEnv,
  shipmentBody,
  sleep,
  startServer,
  stopServer,
  tempDir,
  waitFor,
} from "./lib.mjs";

const WRITERS = 6;
const ORDERS_PER_WRITER = 5;

async function loginDemoAgent(base) {
  const res = await api(base, "POST", "/api/auth/login/", {
    body: { email: "demo.agent@example.com", password: "Agent#Demo1", group: "Shipper" },
  });
  if (res.status !== 200) throw new Error(`agent login failed: ${res.status}`);
  return res.json.data.access_token ?? res.json.data.access;
}

export async function run() {
  const database = await createDatabase("rel_notify");
  const dataDir = tempDir("notify");
  // Bid windows of about a second, so orders reach acceptance under load.
  const env = serverEnv({
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    BID_WINDOW_HOURS: "0.0003",
  });
  // A pool: the writers check the database side by side.
  const client = new pg.Pool({ connectionString: database.url, max: 4 });
  let server;
  try {
    server = await startServer(env);
    const seller = await loginDemoSeller(server.base);
    const agent = await loginDemoAgent(server.base);
    const prefix = `NOTIFY ${process.pid % 1000}`;
    let steps = 0;
    let retries = 0;
    const one = async (query, params) => (await client.query(query, params)).rows[0];

    /** Repeats a step through the kill until `done` says it took effect. */
    async function step(send, done) {
      const deadline = Date.now() + 240_000;
      while (Date.now() < deadline) {
        try {
          const res = await send();
          if (await done(res)) {
            steps += 1;
            return;
          }
        } catch {
          // the server is down or restarting
        }
        retries += 1;
        await sleep(200);
      }
      throw new Error("a step never took effect");
    }

    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      for (let i = 0; i < ORDERS_PER_WRITER; i += 1) {
        const reference = `${prefix} W${writer} N${i}`;
        const key = randomUUID();
        const shipmentOf = () =>
          one("select id from shipments where freight_booking_reference_number = $1", [reference]);
        await step(
          () =>
            api(server.base, "POST", "/api/shipments/", {
              token: seller,
              body: shipmentBody(reference),
              headers: { "idempotency-key": key },
            }),
          async () => Boolean(await shipmentOf()),
        );
        const { id } = await shipmentOf();
        const bidOf = () => one("select id from quotations where shipment_id = $1", [id]);
        await step(
          () =>
            api(server.base, "POST", "/api/shipper/quotation/", {
              token: agent,
              body: {
                shipment: String(id),
                pickup_amount: "100",
                fast_amount: "900",
                normal_amount: "",
              },
            }),
          async () => Boolean(await bidOf()),
        );
        const bid = await bidOf();
        await step(
          () =>
            api(server.base, "PATCH", `/api/quotations/${bid.id}/`, {
              token: seller,
              body: { shipment_status: "Quotation Accepted" },
            }),
          async () =>
            (await one("select is_accepted from quotations where id = $1", [bid.id]))
              ?.is_accepted === true,
        );
      }
    });

    // Kill without warning once a third of the steps went through, then start on the same data.
    const total = WRITERS * ORDERS_PER_WRITER * 3;
    await waitFor(() => steps >= total / 3, 120_000);
    const stepsBeforeKill = steps;
    server.child.kill("SIGKILL");
    await server.exited;
    server = await startServer(env);
    await Promise.all(writers);
    // Every event delivered (or parked, which counts as a failure below).
    await waitFor(
      async () =>
        Number(
          (await one("select count(*)::int as n from domain_events where status = 'pending'")).n,
        ) === 0,
      60_000,
    );
    await stopServer(server);

    const ours = `(select id from shipments where freight_booking_reference_number like '${prefix}%')`;
    // Each committed change has its event.
    const withoutEvent = Number(
      (
        await one(`select
          (select count(*) from quotations q where q.shipment_id in ${ours} and not exists (
            select 1 from domain_events e where e.name = 'quotation.created' and (e.payload->>'quotationId')::int = q.id))
          + (select count(*) from shipments s where s.id in ${ours} and s.bidding_closed_at is not null and not exists (
            select 1 from domain_events e where e.name = 'bidding.closed' and (e.payload->>'shipmentId')::int = s.id))
          + (select count(*) from quotations q where q.shipment_id in ${ours} and q.is_accepted and not exists (
            select 1 from domain_events e where e.name = 'quotation.accepted' and (e.payload->>'quotationId')::int = q.id))
          as n`)
      ).n,
    );
    // Who each event notifies, and how many notifications each of them got for it.
    const { rows: pairs } = await client.query(`
      with events as (
        select id, name, payload from domain_events
        where name in ('quotation.created', 'bidding.closed', 'quotation.accepted')
          and (payload->>'shipmentId')::int in ${ours}
      ), recipients as (
        select id, (payload->>'sellerId')::int as user_id from events
          where name in ('quotation.created', 'bidding.closed')
        union all
        select id, (payload->>'winnerAgentId')::int from events
          where name = 'bidding.closed' and payload->>'winnerAgentId' is not null
        union all
        select id, (payload->>'agentId')::int from events where name = 'quotation.accepted'
      )
      select r.id, r.user_id,
        (select count(*)::int from notifications n where n.event_id = r.id and n.user_id = r.user_id) as n
      from recipients r`);
    const delivered = pairs.filter((row) => row.n === 1).length;
    const lost = pairs.filter((row) => row.n === 0).length;
    const duplicated = pairs.filter((row) => row.n > 1).length;
    const parked = Number(
      (await one("select count(*)::int as n from domain_events where status = 'parked'")).n,
    );
    const withoutLegs = Number(
      (
        await one(`select count(*)::int as n from quotations q where q.shipment_id in ${ours} and q.is_accepted
          and not exists (select 1 from shipment_legs l where l.shipment_id = q.shipment_id)`)
      ).n,
    );
    const ok =
      stepsBeforeKill < total &&
      steps === total &&
      pairs.length > 0 &&
      lost === 0 &&
      duplicated === 0 &&
      withoutEvent === 0 &&
      parked === 0 &&
      withoutLegs === 0;
    return result(
      "kill -9 during bookings, bids and acceptances: notifications",
      ok,
      `${delivered} of ${pairs.length} delivered, ${lost} lost, ${duplicated} duplicated; ` +
        `${steps}/${total} steps (${stepsBeforeKill} before the kill), ${retries} retries, ` +
        `${withoutEvent} changes without their event, ${parked} parked, ${withoutLegs} accepted orders without legs`,
    );
  } finally {
    if (server) await stopServer(server, "SIGKILL");
    await client.end().catch(() => undefined);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
