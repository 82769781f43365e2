// SIGKILL at random moments (at least KILLS times, each followed by a restart) while sellers book
// (with idempotency keys), agents bid, an admin approves the bid early (closing the bidding),
// sellers accept, both sides chat, and agents add tracking and the final amount and complete.
// Afterwards every committed change has its domain event, every recipient of each notifying event
// has exactly one notification for it, and every email the events call for was sent exactly once:
// "N of N delivered, 0 lost, 0 duplicated" for each. Variants: one process on PostgreSQL; one on
// PGlite (DATA_DIR on disk, read after the last stop); a web and a worker process on PostgreSQL,
// where only the worker is killed and the load goes on through the web process.
//
// Emails, "exactly once": an email is one mail-outbox row, written in the transaction of its
// notification. A row's Message-ID is derived from the row (lib/mailer.ts), so a worker killed
// between the SMTP server's "250 OK" and marking the row sent sends the same message again once
// its claim runs out: the sink (a real SMTP server here) counts distinct Message-IDs as the
// delivered emails and reports the repeats as resends, apart. Duplicated means two rows (two
// Message-IDs) for one event and recipient; lost, no row, or a row whose message never arrived.
//
// Claims of killed processes (60 s for an event, 10 min for an email) are let run out by moving
// them to now, in the database, after the last kill and before the last start: what waiting out
// the leases would do, without the wait. The kill delays come from a seeded PRNG; the seed is
// printed, and RELIABILITY_SEED=<seed> replays the same kill timings.
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import WebSocket from "ws";
import {
  api,
  createDatabase,
  freeLowPort,
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

const KILLS = Number(process.env.RELIABILITY_KILLS ?? 20);
const WRITERS = 4;
/**
 * With a web process that stays up, the load is not held back by the restarts: fewer writers,
 * and a pause between orders, keep the backlog the worker comes back to about the same size.
 */
const SPLIT_WRITERS = 2;
const SPLIT_ORDER_PAUSE_MS = 2000;
/** After a start, the next kill comes this long after readiness (uniform, from the seed). */
const KILL_DELAY_MS = [100, 900];
const TRACKING = "123456789012";

/** Small seeded PRNG (mulberry32): the same seed gives the same kill delays. */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function login(base, email, password, group) {
  const res = await api(base, "POST", "/api/auth/login/", { body: { email, password, group } });
  if (res.status !== 200) throw new Error(`${email} login failed: ${res.status}`);
  return res.json.data.access_token ?? res.json.data.access;
}

/** A real SMTP server: how often each Message-ID arrived, and messages that carried none. */
async function startSink() {
  const received = new Map();
  let withoutId = 0;
  let last = Date.now();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const headers = raw.split(/\r?\n\r?\n/, 1)[0];
        const id = /^message-id:\s*(<[^>\r\n]+>)/im.exec(headers)?.[1];
        if (id) received.set(id, (received.get(id) ?? 0) + 1);
        else withoutId += 1;
        last = Date.now();
        callback();
      });
    },
  });
  // A server killed mid-session resets its connection: nothing for the sink to report.
  server.on("error", () => undefined);
  const port = await freeLowPort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    received,
    withoutId: () => withoutId,
    quietFor: () => Date.now() - last,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Sends a chat message over the shipment's socket; true once the room echoed it back. */
function sendChat(base, token, shipmentId, text, clientId) {
  return new Promise((resolve) => {
    const ws = new WebSocket(
      `${base.replace("http", "ws")}/ws/group-chat/${shipmentId}/?token=${token}`,
    );
    const finish = (ok) => {
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on("error", () => undefined);
      ws.terminate();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), 3_000);
    ws.on("open", () =>
      ws.send(
        JSON.stringify({
          action: "send_message",
          message: text,
          attachment: null,
          client_id: clientId,
        }),
      ),
    );
    ws.on("message", (raw) => {
      try {
        const frame = JSON.parse(raw.toString());
        if (frame.event_type === "message_sent" && frame.data?.content === text) finish(true);
      } catch {
        // not a frame of ours
      }
    });
    ws.on("error", () => finish(false));
    ws.on("close", () => finish(false));
  });
}

/** The stopped server's PGlite directory, opened in this process. */
async function openPglite(dataDir) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  await db.waitReady;
  return { query: (text, params) => db.query(text, params), end: () => db.close() };
}

async function openPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { query: (text, params) => client.query(text, params), end: () => client.end() };
}

/** Claims of killed processes run out now (see the top of this file). */
async function expireLeases(db) {
  await db.query("update domain_events set locked_until = null where status = 'pending'");
  await db.query("update email_outbox set next_attempt_at = now() where sent_at is null");
}

/** Who each notifying event of our shipments tells, whether by email too, and what they got. */
const RECIPIENTS_SQL = `
  with ours as (
    select id from shipments where freight_booking_reference_number like $1
  ), ev as (
    select id::int as id, name, payload from domain_events
    where (name <> 'chat.message_created' and (payload->>'shipmentId')::int in (select id from ours))
      or (name = 'chat.message_created' and payload->>'kind' = 'shipment'
        and (payload->>'chatId')::int in (select id from ours))
  ), recipients as (
    select id, (payload->>'sellerId')::int as user_id, false as email from ev
      where name = 'quotation.created'
    union all
    select id, (payload->>'sellerId')::int, true from ev where name = 'bidding.closed'
    union all
    select id, (payload->>'winnerAgentId')::int, true from ev
      where name = 'bidding.closed' and payload->>'winnerAgentId' is not null
    union all
    select id, l::int, true from ev, jsonb_array_elements_text(payload->'loserAgentIds') l
      where name = 'bidding.closed'
    union all
    select id, (payload->>'agentId')::int, true from ev where name = 'quotation.accepted'
    union all
    select id, b::int, true from ev, jsonb_array_elements_text(payload->'bidderAgentIds') b
      where name = 'bidding.awarded' and b::int <> (payload->>'winnerAgentId')::int
    union all
    select id, r::int, false from ev, jsonb_array_elements_text(payload->'recipientIds') r
      where name = 'chat.message_created'
    union all
    select id, v.user_id, true from ev,
      lateral (values ((payload->>'sellerId')::int), ((payload->>'agentId')::int)) v(user_id)
      where name = 'shipment.status_changed'
        and payload->>'status' not in ('Quotation Received', 'Quotation Approved', 'Quotation Accepted')
        and not (payload->>'status' = 'Shipment Cancelled' and payload->>'byUserId' = payload->>'sellerId')
        and v.user_id is not null and v.user_id <> (payload->>'byUserId')::int
    union all
    select e.id, a.user_id, true from ev e,
      lateral (select (e.payload->>'sellerId')::int as user_id
               union select id from users where "group" = 'Admin' and is_active) a
      where e.name = 'shipment.completed_undelivered' and a.user_id <> (e.payload->>'byUserId')::int
  ), pairs as (
    select distinct id, user_id, email from recipients
  )
  select p.id, p.user_id, (p.email and u.email_notifications) as email,
    (select count(*)::int from notifications n where n.event_id = p.id and n.user_id = p.user_id) as n,
    (select array_agg(o.id::int) from email_outbox o, notifications n
      where n.event_id = p.id and n.user_id = p.user_id and o.to_address = u.email
        and left(o.text_body, length(n.content) + 2) = n.content || chr(10) || chr(10)) as mails
  from pairs p join users u on u.id = p.user_id`;

/** Committed changes of our shipments that have no domain event. */
const WITHOUT_EVENT_SQL = `
  with ours as (
    select * from shipments where freight_booking_reference_number like $1
  ), named as (
    select name, (payload->>'shipmentId')::int as shipment_id, payload from domain_events
  )
  select
    (select count(*) from quotations q where q.shipment_id in (select id from ours) and not exists (
      select 1 from named e where e.name = 'quotation.created' and (e.payload->>'quotationId')::int = q.id))
    + (select count(*) from ours s where s.bidding_closed_at is not null and not exists (
      select 1 from named e where e.name = 'bidding.closed' and e.shipment_id = s.id))
    + (select count(*) from quotations q where q.shipment_id in (select id from ours) and q.is_accepted
      and not exists (select 1 from named e where e.name = 'quotation.accepted'
        and (e.payload->>'quotationId')::int = q.id))
    + (select count(*) from chat_messages m where m.shipment_id in (select id from ours) and not exists (
      select 1 from named e where e.name = 'chat.message_created' and e.payload->>'kind' = 'shipment'
        and (e.payload->>'messageId')::int = m.id))
    + (select count(*) from ours s where s.tracking_number is not null and not exists (
      select 1 from named e where e.name = 'shipment.info_updated' and e.shipment_id = s.id))
    + (select count(*) from ours s where s.status = 'Shipment Completed' and not exists (
      select 1 from named e where e.name = 'shipment.status_changed' and e.shipment_id = s.id
        and e.payload->>'status' = 'Shipment Completed'))
    + (select count(*) from ours s where s.completion_undelivered is not null and not exists (
      select 1 from named e where e.name = 'shipment.completed_undelivered' and e.shipment_id = s.id))
    as n`;

const FIGURES_SQL = `
  with ours as (select * from shipments where freight_booking_reference_number like $1)
  select
    (select count(*)::int from ours) as shipments,
    (select count(*)::int from (select freight_booking_reference_number from ours group by 1
      having count(*) > 1) d) as double_booked,
    (select count(*)::int from ours where status = 'Shipment Completed') as completed,
    (select count(*)::int from chat_messages where shipment_id in (select id from ours)) as messages,
    (select count(*)::int from domain_events where status = 'parked') as parked,
    (select count(*)::int from domain_events where status = 'pending') as pending,
    (select count(*)::int from email_outbox where sent_at is null) as unsent,
    (select count(*)::int from email_outbox) as outbox_rows,
    (select count(*)::int from quotations q where q.shipment_id in (select id from ours) and q.is_accepted
      and not exists (select 1 from shipment_legs l where l.shipment_id = q.shipment_id)) as without_legs`;

/**
 * @param {{ database?: "postgres" | "pglite", split?: boolean }} options
 * split: a web and a worker process (PostgreSQL); the worker is the one killed.
 */
export async function run({ database = "postgres", split = false } = {}) {
  const name = split
    ? "SIGKILL of the worker (web + worker, PostgreSQL) under load: notifications and emails"
    : `SIGKILL under load (${database === "pglite" ? "PGlite" : "PostgreSQL"}): notifications and emails`;
  const started = Date.now();
  const seed = Number(process.env.RELIABILITY_SEED ?? Math.floor(Math.random() * 2 ** 32));
  const random = prng(seed);
  process.stdout.write(`  ${name}: seed ${seed}\n`);
  const pgDatabase = database === "postgres" ? await createDatabase("rel_notify") : null;
  const dataDir = tempDir("notify");
  const sink = await startSink();
  const base = serverEnv({
    DATA_DIR: dataDir,
    ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    LIST_CACHE_MS: "0",
  });
  const webEnv = { ...base, PORT: String(await freeLowPort()), ...(split ? { ROLE: "web" } : {}) };
  const workerEnv = split ? { ...base, PORT: String(await freeLowPort()), ROLE: "worker" } : null;
  const targetEnv = workerEnv ?? webEnv;

  let web;
  let worker;
  let kills = 0;
  /** Bumped on each kill of the process serving the load (its unfinished requests are dead). */
  let generation = 0;
  let steps = 0;
  let retries = 0;
  let rotatedKeys = 0;
  let stopLoad = false;
  try {
    const trace = (what) =>
      process.env.RELIABILITY_TRACE &&
      process.stdout.write(`    ${what} at ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    web = await startServer(webEnv);
    if (workerEnv) worker = await startServer(workerEnv);
    const url = web.base;
    trace("started");
    const seller = await loginDemoSeller(url);
    const agent = await login(url, "demo.agent@example.com", "Agent#Demo1", "Shipper");
    // Admins sign in on the customer tab.
    const admin = await login(url, "demo.admin@example.com", "Admin#Demo1", "Seller");
    const prefix = `NOTIFY ${seed.toString(36)} `;
    const get = (token, id) => api(url, "GET", `/api/shipments/${id}/`, { token });

    /** Repeats a step through the kills until `done` says it took effect. */
    async function step(label, send, done) {
      const deadline = Date.now() + 120_000;
      let last = "";
      for (let attempt = 0; Date.now() < deadline; attempt += 1) {
        try {
          // After a failed try, what it may have done is read first: a change that committed
          // unanswered is not sent again.
          if (attempt > 0 && (await done(undefined))) {
            steps += 1;
            return;
          }
          const res = await send();
          last = JSON.stringify(res?.json ?? res).slice(0, 300);
          if (await done(res)) {
            steps += 1;
            return;
          }
        } catch (error) {
          // the server is down or restarting
          last = String(error);
        }
        retries += 1;
        await sleep(100 + Math.random() * 100);
      }
      throw new Error(`${label} never took effect: ${last}`);
    }

    // Every shipment whatever its status (the seller's own lists leave some out).
    const findBooking = async (reference) => {
      const res = await api(
        url,
        "GET",
        `/api/admin/shipments/?search=${encodeURIComponent(reference)}`,
        { token: admin },
      );
      if (res.status !== 200) return null;
      return (
        res.json.data.find((row) => row.freight_booking_reference_number === reference) ?? null
      );
    };

    async function order(writer, index) {
      const reference = `${prefix}W${writer} N${index}`;
      let key = randomUUID();
      let keyGeneration = generation;
      let bookedId = null;
      let bidId = null;
      await step(
        `booking ${reference}`,
        async () => {
          const res = await api(url, "POST", "/api/shipments/", {
            token: seller,
            body: shipmentBody(reference),
            headers: { "idempotency-key": key },
          });
          // A key whose first request died with its process stays claimed for 30 s, and one whose
          // write committed unanswered is refused for good: once no booking exists (read below,
          // after that process is gone), no write can come of it, so a new key is safe.
          if (res.status === 409 && keyGeneration < generation && !(await findBooking(reference))) {
            key = randomUUID();
            keyGeneration = generation;
            rotatedKeys += 1;
          }
          return res;
        },
        async (res) => {
          if ((res?.status === 201 || res?.status === 200) && res.json?.data?.id) {
            bookedId = res.json.data.id;
            return true;
          }
          bookedId = (await findBooking(reference))?.id ?? null;
          return bookedId !== null;
        },
      );
      const id = bookedId;
      await step(
        `bid on ${reference}`,
        () =>
          api(url, "POST", "/api/shipper/quotation/", {
            token: agent,
            body: {
              shipment: String(id),
              pickup_amount: "100",
              fast_amount: "900",
              normal_amount: "",
            },
          }),
        async () => {
          bidId = (await get(agent, id)).json?.data?.quotation?.id ?? null;
          return Boolean(bidId);
        },
      );
      // An admin approves the bid at once (the window would close by itself much later).
      await step(
        `approval of ${reference}`,
        () =>
          api(url, "POST", `/api/admin/shipments/${id}/winner/`, {
            token: admin,
            body: { quotation_id: bidId },
          }),
        async (res) =>
          res?.status === 200 ||
          ["Quotation Approved", "Quotation Accepted"].includes(
            (await get(seller, id)).json?.data?.status,
          ),
      );
      await step(
        `acceptance of ${reference}`,
        () =>
          api(url, "PATCH", `/api/quotations/${bidId}/`, {
            token: seller,
            body: { shipment_status: "Quotation Accepted" },
          }),
        async (res) =>
          res?.status === 200 ||
          (await get(seller, id)).json?.data?.status === "Quotation Accepted",
      );
      for (const [who, token] of [
        ["seller", seller],
        ["agent", agent],
      ]) {
        const text = `${reference}: ${who} says the cartons are ready`;
        const clientId = `rel-${randomUUID()}`;
        await step(
          `${who}'s message on ${reference}`,
          () => sendChat(url, token, id, text, clientId),
          async (echoed) => {
            if (echoed) return true;
            const res = await api(url, "GET", `/api/chat/messages/${id}/`, { token });
            return res.json?.data?.messages?.some((message) => message.content === text) ?? false;
          },
        );
      }
      await step(
        `tracking and amount of ${reference}`,
        () =>
          api(url, "PATCH", `/api/shipments/${id}/`, {
            token: agent,
            body: { tracking_number: TRACKING, final_amount: "1000" },
          }),
        async (res) =>
          res?.status === 200 || (await get(agent, id)).json?.data?.tracking_number === TRACKING,
      );
      await step(
        `completion of ${reference}`,
        () =>
          api(url, "PATCH", `/api/shipment-status-update/${id}/`, {
            token: agent,
            body: { status: "Shipment Completed" },
          }),
        async (res) =>
          res?.status === 200 || (await get(agent, id)).json?.data?.status === "Shipment Completed",
      );
    }

    let orders = 0;
    const writers = Array.from({ length: split ? SPLIT_WRITERS : WRITERS }, async (_, writer) => {
      // Orders keep coming until the last kill; each one started is finished.
      for (let index = 0; !stopLoad; index += 1) {
        await order(writer, index);
        orders += 1;
        if (split) await sleep(SPLIT_ORDER_PAUSE_MS);
      }
    });
    // A writer that failed ends the run at once (its error), not after the kills.
    const writersFailed = Promise.all(writers).then(
      () => new Promise(() => undefined),
      (error) => Promise.reject(error),
    );

    const killer = (async () => {
      const stepsAtFirstKill = steps;
      while (kills < KILLS) {
        await sleep(KILL_DELAY_MS[0] + random() * (KILL_DELAY_MS[1] - KILL_DELAY_MS[0]));
        const target = worker ?? web;
        target.child.kill("SIGKILL");
        await target.exited;
        kills += 1;
        if (!worker) generation += 1;
        trace(`kill ${kills}`);
        if (kills === KILLS) {
          // The last start: no new orders; with no process holding claims (a web process holds
          // none), the killed ones' claims run out before it, and it delivers everything.
          stopLoad = true;
          const db = pgDatabase ? await openPostgres(pgDatabase.url) : await openPglite(dataDir);
          await expireLeases(db).finally(() => db.end());
          trace("leases run out");
        }
        const restarted = await startServer(targetEnv);
        if (worker) worker = restarted;
        else web = restarted;
      }
      return stepsAtFirstKill;
    })();
    await Promise.race([killer, writersFailed]);
    const final = worker ?? web;
    trace("last start");
    await Promise.race([Promise.all(writers), writersFailed]);
    const loadDone = Date.now();
    trace("load done");
    if (pgDatabase) {
      const db = await openPostgres(pgDatabase.url);
      try {
        await waitFor(async () => {
          const { rows } = await db.query(
            `select (select count(*)::int from domain_events where status = 'pending')
              + (select count(*)::int from email_outbox where sent_at is null) as n`,
          );
          return rows[0].n === 0;
        }, 60_000);
      } finally {
        await db.end();
      }
    } else {
      // PGlite is this server's own: its backlog through /metrics, the mails through the sink.
      await waitFor(async () => {
        const res = await fetch(`${final.base}/metrics`, {
          headers: { authorization: `Bearer ${admin}` },
        });
        const waiting = /^fba_events_waiting (\d+)/m.exec(await res.text())?.[1];
        return waiting === "0";
      }, 60_000);
      await waitFor(() => sink.quietFor() > 2_000, 30_000);
    }
    trace("delivered");
    await stopServer(final);
    trace("stopped");
    if (web && web !== final) await stopServer(web);
    const drained = Date.now();

    const db = pgDatabase ? await openPostgres(pgDatabase.url) : await openPglite(dataDir);
    let pairs;
    let withoutEvent;
    let figures;
    try {
      pairs = (await db.query(RECIPIENTS_SQL, [`${prefix}%`])).rows;
      withoutEvent = Number((await db.query(WITHOUT_EVENT_SQL, [`${prefix}%`])).rows[0].n);
      figures = (await db.query(FIGURES_SQL, [`${prefix}%`])).rows[0];
    } finally {
      await db.end();
    }

    const delivered = pairs.filter((row) => row.n === 1).length;
    const lost = pairs.filter((row) => row.n === 0).length;
    const duplicated = pairs.filter((row) => row.n > 1).length;

    // Emails: one outbox row per (event, recipient), its Message-ID received by the sink.
    const arrivedRows = new Map();
    let strayMessages = sink.withoutId();
    for (const [messageId, count] of sink.received) {
      const row = /^<email-outbox\.(\d+)\./.exec(messageId)?.[1];
      if (row === undefined) strayMessages += count;
      else arrivedRows.set(Number(row), count);
    }
    const mails = pairs.filter((row) => row.email);
    let mailsDelivered = 0;
    let mailsLost = 0;
    let mailsDuplicated = 0;
    let resends = 0;
    const expectedRows = new Set();
    for (const pair of mails) {
      const rows = pair.mails ?? [];
      for (const row of rows) expectedRows.add(row);
      if (rows.length > 1) mailsDuplicated += 1;
      else if (rows.length === 1 && arrivedRows.has(rows[0])) mailsDelivered += 1;
      else mailsLost += 1;
    }
    for (const [row, count] of arrivedRows) {
      if (expectedRows.has(row)) resends += count - 1;
      else strayMessages += count;
    }
    const strayRows = figures.outbox_rows - expectedRows.size;

    const stepsAtFirstKill = await killer;
    const ok =
      kills >= KILLS &&
      stepsAtFirstKill < steps &&
      orders > 0 &&
      figures.completed === orders &&
      figures.shipments === orders &&
      figures.double_booked === 0 &&
      pairs.length > 0 &&
      lost === 0 &&
      duplicated === 0 &&
      mails.length > 0 &&
      mailsLost === 0 &&
      mailsDuplicated === 0 &&
      strayMessages === 0 &&
      strayRows === 0 &&
      withoutEvent === 0 &&
      figures.parked === 0 &&
      figures.pending === 0 &&
      figures.unsent === 0 &&
      figures.without_legs === 0;
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
    return result(
      name,
      ok,
      `notifications ${delivered} of ${pairs.length} delivered, ${lost} lost, ${duplicated} duplicated; ` +
        `emails ${mailsDelivered} of ${mails.length} delivered, ${mailsLost} lost, ${mailsDuplicated} duplicated ` +
        `(${resends} resent under the same Message-ID, ${strayMessages + strayRows} unexpected); ` +
        `${kills} kills (seed ${seed}); ${orders} orders completed (${figures.messages} chat messages); ` +
        `${steps} steps, ${retries} retries, ${rotatedKeys} idempotency keys renewed after a kill; ` +
        `${withoutEvent} changes without their event, ${figures.parked} parked, ` +
        `${figures.double_booked} double bookings, ${figures.without_legs} accepted orders without legs; ` +
        `load ${seconds(loadDone - started)}, drain ${seconds(drained - loadDone)}, total ${seconds(Date.now() - started)}`,
    );
  } finally {
    stopLoad = true;
    if (worker) await stopServer(worker, "SIGKILL");
    if (web) await stopServer(web, "SIGKILL");
    await sink.close();
    await pgDatabase?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
