// Server restart with 1,000 chat sockets: SIGTERM, then a new process on the same port. Sockets
// reconnect the way the web client does (CHAT_RECONNECT_ATTEMPTS tries, CHAT_RECONNECT_DELAY_MS
// apart, frames queued while away) and backfill from the history endpoint (?after_id=). A writer
// sends into every room before, while and after the restart, and a steady read load records what
// HTTP clients get meanwhile: answers, refused connections or fast 503s, never a 500.
import { CHAT_HISTORY_LIMIT, wsPaths } from "@fba/contract";
import {
  CHAT_RECONNECT_ATTEMPTS,
  CHAT_RECONNECT_DELAY_MS,
  RECONNECT_BACKFILL_SPREAD_MS,
} from "@fba/contract/constants";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import pg from "pg";
import WebSocket from "ws";
import {
  api,
  createDatabase,
  freeLowPort,
  result,
  seedChatRooms,
  serverEnv,
  sleep,
  startServer,
  stopServer,
  tempDir,
  tokenSigner,
} from "./lib.mjs";

const ROOMS = 100;
const SOCKETS_PER_ROOM = 10;
/**
 * The writer sends one message into every room per round: 50 messages a second across the rooms,
 * each fanned out to ten sockets and notifying the room's other party. This checks correctness
 * (nothing lost, doubled or left unanswered) on a two-core machine with PostgreSQL beside it;
 * throughput is the benches' business. At one round a second (100 messages a second) such a
 * machine with a few per cent of its CPU stolen by its host stays saturated for about 20 s after
 * the restart, and backfill reads then wait past the client's 10 s timeout.
 */
const ROUND_MS = 2_000;
const ROUNDS_BEFORE = 4;
const READ_EVERY_MS = 200;
const SCENARIO_MS = 150_000;
/**
 * A 503 slower than this is not the fast refusal a client can act on. Load shedding answers once
 * the event loop is already over its delay limit (1 s), so the bound allows a few seconds.
 */
const SLOW_503_MS = 5_000;
// As the web client: these closes are final; it queues at most this many frames while away.
const PERMANENT_CLOSE_CODES = new Set([4403, 4404]);
const MAX_QUEUED_FRAMES = 50;

async function waitFor(check, timeoutMs, stepMs = 100) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(stepMs);
  }
  return false;
}

/** Every HTTP answer of the run, by kind; 500s, hangs and slow 503s fail the scenario. */
function httpRecorder() {
  const stats = {
    requests: 0,
    ok: 0,
    refused: 0,
    fast503: 0,
    slow503: 0,
    retryAfter: 0,
    max503Ms: 0,
    other: {},
  };
  const refusedCodes = new Set(["ECONNREFUSED", "ECONNRESET", "UND_ERR_SOCKET", "EPIPE"]);
  const get = async (base, url, token) => {
    stats.requests += 1;
    try {
      const res = await api(base, "GET", url, { token, timeoutMs: 10_000 });
      if (res.status === 200) stats.ok += 1;
      else if (res.status === 503) {
        stats.max503Ms = Math.max(stats.max503Ms, res.ms);
        // A refusal in the contract's error shape that says when to come back.
        if (res.headers.get("retry-after") && res.json?.status_code === 503) stats.retryAfter += 1;
        if (res.ms > SLOW_503_MS) stats.slow503 += 1;
        else stats.fast503 += 1;
      } else stats.other[res.status] = (stats.other[res.status] ?? 0) + 1;
      return res;
    } catch (error) {
      const code = error?.cause?.code ?? error?.name ?? "error";
      if (refusedCodes.has(code)) stats.refused += 1;
      else stats.other[code] = (stats.other[code] ?? 0) + 1;
      return { status: 0 };
    }
  };
  const others = () =>
    Object.entries(stats.other)
      .map(([kind, n]) => `${n}x ${kind}`)
      .join(", ");
  return {
    stats,
    get,
    /** Anything but answers, refused connections and fast 503s that say when to retry. */
    failed: () =>
      stats.slow503 > 0 || stats.retryAfter < stats.fast503 + stats.slow503 || others() !== "",
    summary: () =>
      `${stats.requests} requests: ${stats.ok} ok, ${stats.refused} connection refused/reset, ` +
      `${stats.fast503} fast 503s (${stats.retryAfter} with Retry-After, slowest ${Math.round(stats.max503Ms)} ms), ` +
      `${stats.slow503} slow 503s, ${others() || "nothing else"}`,
  };
}

/** Error frames' texts, by how often they came. */
const errorTexts = new Map();

/** A chat socket that reconnects and backfills like the web client, recording every message id. */
function chatSocket(server, room, token, backfills) {
  const client = {
    room,
    ids: new Map(), // id -> "live" | "backfill"
    lastId: 0,
    liveDuplicates: 0,
    overlap: 0,
    opens: 0,
    openedAt: 0,
    connects: 0,
    attempts: 0,
    gaveUp: false,
    backfilled: 0,
    backfillFailed: 0,
    errors: 0,
    queue: [],
    queueFull: 0,
    stopped: false,
    ws: null,
  };
  let firstOpen;
  client.firstOpen = new Promise((resolve) => (firstOpen = resolve));
  const see = (id, how) => {
    const known = client.ids.get(id);
    if (known === "live" && how === "live") client.liveDuplicates += 1;
    else if (known !== undefined) client.overlap += 1;
    else client.ids.set(id, how);
    client.lastId = Math.max(client.lastId, id);
  };

  /** Reads what came after `after`, the last message seen before the socket dropped. */
  async function backfill(after) {
    for (let failures = 0; failures < 10;) {
      const query = after > 0 ? `?after_id=${after}` : "";
      const res = await backfills.get(
        server.base,
        `/api/chat/messages/${room.shipmentId}/${query}`,
        token,
      );
      if (res.status === 200) {
        const messages = res.json.data.messages;
        for (const message of messages) see(message.id, "backfill");
        if (messages.length < CHAT_HISTORY_LIMIT) {
          client.backfilled += 1;
          return;
        }
        after = messages.at(-1).id;
        continue;
      }
      failures += 1;
      await sleep(Number(res.headers?.get("retry-after") ?? 1) * 1000);
    }
    client.backfillFailed += 1;
  }

  function connect() {
    if (client.stopped) return;
    const url = `${server.base.replace("http", "ws")}${wsPaths.groupChat(room.shipmentId)}?token=${token}`;
    const ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 10_000 });
    client.ws = ws;
    client.connects += 1;
    ws.on("open", () => {
      const reconnected = client.opens > 0;
      client.opens += 1;
      client.openedAt = Date.now();
      client.attempts = 0;
      for (const text of client.queue.splice(0)) ws.send(text);
      // As the web client: the backfill after a reconnect starts after a random part of a second,
      // from the last message seen before the drop (live ones arrive meanwhile).
      if (reconnected) {
        const seen = client.lastId;
        client.backfilling = sleep(Math.random() * RECONNECT_BACKFILL_SPREAD_MS).then(() =>
          backfill(seen),
        );
      }
      firstOpen(true);
    });
    ws.on("message", (raw) => {
      const frame = JSON.parse(raw.toString());
      if (frame.event_type === "message_sent") see(frame.data.id, "live");
      else if (frame.event_type === "error") {
        client.errors += 1;
        const text = String(frame.data?.message ?? frame.message ?? "?");
        errorTexts.set(text, (errorTexts.get(text) ?? 0) + 1);
      }
    });
    ws.on("error", () => undefined); // a close follows
    ws.on("close", (code) => {
      client.ws = null;
      if (client.stopped) return;
      if (PERMANENT_CLOSE_CODES.has(code) || client.attempts >= CHAT_RECONNECT_ATTEMPTS) {
        client.gaveUp = true;
        firstOpen(false);
        return;
      }
      client.attempts += 1;
      client.retryTimer = setTimeout(connect, CHAT_RECONNECT_DELAY_MS);
    });
  }

  /** Sends now, or queues until the socket is open again (false when the queue is full). */
  client.send = (content) => {
    const text = JSON.stringify({ action: "send_message", message: content, attachment: null });
    if (client.ws?.readyState === WebSocket.OPEN) {
      client.ws.send(text);
      return true;
    }
    if (client.queue.length >= MAX_QUEUED_FRAMES) {
      client.queueFull += 1;
      return false;
    }
    client.queue.push(text);
    return true;
  };
  client.stop = () => {
    client.stopped = true;
    clearTimeout(client.retryTimer);
    client.ws?.terminate();
  };
  client.connect = connect;
  return client;
}

async function storedMessages(url, shipmentIds) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query(
      "select id, shipment_id, content from chat_messages where shipment_id = any($1::int[])",
      [shipmentIds],
    );
    return rows;
  } finally {
    await db.end();
  }
}

export async function run() {
  const started = Date.now();
  const database = await createDatabase("rel_restart");
  const jwtSecret = randomBytes(32).toString("hex");
  const env = serverEnv({
    PORT: String(await freeLowPort()),
    DATA_DIR: tempDir("restart"),
    DATABASE_URL: database.url,
    JWT_SECRET: jwtSecret,
  });
  const server = { base: `http://127.0.0.1:${env.PORT}`, process: undefined };
  const clients = [];
  let reading = false;
  let writing = false;
  const watchdog = setTimeout(() => {
    // Last resort so a hang can never outlive the scenario.
    server.process?.child.kill("SIGKILL");
    for (const client of clients) client.stop();
  }, SCENARIO_MS);
  watchdog.unref();
  try {
    server.process = await startServer(env, { timeoutMs: 60_000 });
    const rooms = await seedChatRooms(database.url, ROOMS);
    const sign = tokenSigner(jwtSecret);
    const readers = httpRecorder();
    const backfills = httpRecorder();
    for (const room of rooms) {
      room.sellerToken = await sign(room.sellerId, "Seller");
      room.agentToken = await sign(room.agentId, "Shipper");
      for (let i = 0; i < SOCKETS_PER_ROOM; i += 1) {
        const token = i % 2 === 0 ? room.sellerToken : room.agentToken;
        clients.push(chatSocket(server, room, token, backfills));
      }
    }
    // Open in batches so the first connection is not itself a stampede.
    for (let i = 0; i < clients.length; i += 100) {
      const batch = clients.slice(i, i + 100);
      for (const client of batch) client.connect();
      await Promise.all(batch.map((client) => client.firstOpen));
    }
    const openedFirst = clients.filter((client) => client.opens === 1).length;
    if (openedFirst !== clients.length) {
      throw new Error(`only ${openedFirst}/${clients.length} sockets opened before the restart`);
    }

    // Steady reads: a chat history and a seller's list, alternately, whatever the server's state.
    reading = true;
    const reads = [];
    const reader = (async () => {
      for (let n = 0; reading; n += 1) {
        const room = rooms[n % rooms.length];
        const url =
          n % 2 === 0 ? `/api/chat/messages/${room.shipmentId}/` : "/api/seller/shipments/";
        reads.push(readers.get(server.base, url, room.sellerToken));
        await sleep(READ_EVERY_MS);
      }
    })();

    // The writer: the first socket of each room sends one message per round.
    const phase = { value: "before" };
    const sent = [];
    const sentByPhase = { before: 0, while: 0, after: 0 };
    writing = true;
    const writers = rooms.map((room, r) => clients[r * SOCKETS_PER_ROOM]);
    let round = 0;
    const sendRound = () => {
      writers.forEach((client, r) => {
        const content = `restart round ${round} room ${r}`;
        if (client.send(content)) {
          sent.push({ content, at: Date.now(), phase: phase.value, client });
          sentByPhase[phase.value] += 1;
        }
      });
      round += 1;
    };
    let roundsSent;
    const beforeDone = new Promise((resolve) => (roundsSent = resolve));
    const writer = (async () => {
      while (writing) {
        sendRound();
        // The signal lands right after a round went out, while the server is handling it.
        if (round === ROUNDS_BEFORE) roundsSent();
        await sleep(ROUND_MS);
      }
    })();

    await beforeDone;
    const signalledAt = Date.now();
    phase.value = "while";
    const { code: exitCode, signal: exitSignal } = await stopServer(server.process, "SIGTERM");
    const drainMs = Date.now() - signalledAt;
    // One round more while no server runs at all, once the writers have seen their sockets
    // close: they queue it until they are back.
    await waitFor(() => writers.every((client) => client.ws === null), 5_000, 10);
    sendRound();
    server.process = await startServer(env, { timeoutMs: 60_000 });
    const downMs = Date.now() - signalledAt;
    phase.value = "after";

    const settled = () => clients.every((client) => client.gaveUp || client.opens >= 2);
    await waitFor(settled, 30_000);
    await Promise.all(clients.map((client) => client.backfilling));
    const backfilledMs = Date.now() - signalledAt;
    const reconnected = clients.filter((client) => client.opens >= 2 && client.ws).length;
    const gaveUp = clients.filter((client) => client.gaveUp).length;
    const reopenMs = clients
      .filter((client) => client.opens >= 2)
      .map((client) => client.openedAt - signalledAt)
      .sort((a, b) => a - b);
    const attemptsAfter = clients.reduce((n, client) => n + client.connects - 1, 0);

    await sleep(3_000);
    writing = false;
    await writer;
    reading = false;
    await reader;
    await Promise.all(reads);

    // Every socket should now hold every stored message of its room; give the last ones a moment.
    const stored = await storedMessages(
      database.url,
      rooms.map((room) => room.shipmentId),
    );
    const byRoom = new Map(rooms.map((room) => [room.shipmentId, []]));
    for (const row of stored) byRoom.get(row.shipment_id).push(row.id);
    const missingFor = (client) =>
      byRoom.get(client.room.shipmentId).filter((id) => !client.ids.has(id)).length;
    await waitFor(() => clients.every((client) => missingFor(client) === 0), 10_000, 200);

    const missing = clients.reduce((n, client) => n + missingFor(client), 0);
    const socketsMissing = clients.filter((client) => missingFor(client) > 0).length;
    const storedContents = new Map();
    for (const row of stored) {
      storedContents.set(row.content, (storedContents.get(row.content) ?? 0) + 1);
    }
    const lost = sent.filter(({ content }) => !storedContents.has(content));
    const notStored = lost.length;
    const lostBefore = lost.filter((m) => m.phase === "before");
    const lostOfGaveUp = lost.filter((m) => m.client.gaveUp).length;
    const lostWindow =
      lostBefore.length > 0
        ? ` (${lostBefore.length} sent in the ${signalledAt - Math.min(...lostBefore.map((m) => m.at))} ms before the signal, ${lostOfGaveUp} queued by sockets that gave up)`
        : ` (${lostOfGaveUp} queued by sockets that gave up)`;
    const storedTwice = [...storedContents.values()].filter((n) => n > 1).length;
    const liveDuplicates = clients.reduce((n, client) => n + client.liveDuplicates, 0);
    const backfilledFromRestart = clients.reduce(
      (n, client) => n + [...client.ids.values()].filter((how) => how === "backfill").length,
      0,
    );
    const backfillFailed = clients.reduce((n, client) => n + client.backfillFailed, 0);
    const queueFull = clients.reduce((n, client) => n + client.queueFull, 0);
    const socketErrors = clients.reduce((n, client) => n + client.errors, 0);
    const elapsed = Date.now() - started;

    const ok =
      exitCode === 0 &&
      reconnected === clients.length &&
      gaveUp === 0 &&
      backfillFailed === 0 &&
      missing === 0 &&
      notStored === 0 &&
      queueFull === 0 &&
      storedTwice === 0 &&
      liveDuplicates === 0 &&
      !readers.failed() &&
      !backfills.failed() &&
      elapsed < SCENARIO_MS;
    return result(
      "server restart with 1,000 chat sockets",
      ok,
      `SIGTERM drained and exited ${exitCode}${exitSignal ? ` (${exitSignal})` : ""} in ${drainMs} ms, ` +
        `readiness 200 again ${downMs} ms after the signal; ${reconnected}/${clients.length} sockets reconnected ` +
        `(${gaveUp} gave up) in ${attemptsAfter} attempts, reopened after p50 ${reopenMs[reopenMs.length >> 1] ?? "-"} ms, ` +
        `last ${reopenMs.at(-1) ?? "-"} ms; all backfilled by ${backfilledMs} ms, ${backfillFailed} backfills failed; ` +
        `writer sent ${sent.length} (${sentByPhase.before} before, ${sentByPhase.while} while, ` +
        `${sentByPhase.after} after; ${queueFull} dropped by a full queue), ${notStored} never stored${lostWindow}, ` +
        `${storedTwice} stored twice; ${stored.length} stored messages, ${missing} missing across ` +
        `${socketsMissing} sockets, ${liveDuplicates} delivered twice, ${backfilledFromRestart} ` +
        `recovered by backfill; ${socketErrors} error frames${errorTexts.size > 0 ? ` (${[...errorTexts].map(([text, n]) => `${n}x "${text}"`).join(", ")})` : ""}; steady reads ${readers.summary()}; backfill reads ${backfills.summary()}; ${elapsed} ms`,
    );
  } catch (error) {
    const child = server.process?.child;
    const exited = child && (child.exitCode !== null || child.signalCode !== null);
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}` +
        (exited ? `; server exited: ${server.process.stderr().slice(-1500)}` : ""),
    );
  } finally {
    reading = false;
    writing = false;
    clearTimeout(watchdog);
    for (const client of clients) client.stop();
    if (server.process) await stopServer(server.process, "SIGKILL");
    await database.drop();
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}
