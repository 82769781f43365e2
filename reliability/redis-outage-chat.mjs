// Redis killed under live chat across two instances: each instance keeps delivering to its own
// sockets, cross-instance delivery resumes once Redis is back, and backfilling from the history
// endpoint (?after_id=) leaves every client with every message exactly once.
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import WebSocket from "ws";
import {
  api,
  createDatabase,
  freePort,
  redisPing,
  result,
  seedChatRooms,
  serverEnv,
  sleep,
  startRedis,
  startServer,
  stopServer,
  tempDir,
  tokenSigner,
  waitFor,
} from "./lib.mjs";

const SCENARIO_MS = 90_000;
const RESUME_LIMIT_MS = 20_000;

/** A chat socket that records every message it is told about, by id. */
function chatClient(base, shipmentId, token, label) {
  const url = `${base.replace("http", "ws")}/ws/group-chat/${shipmentId}/?token=${token}`;
  const ws = new WebSocket(url);
  const client = {
    label,
    ws,
    token,
    base,
    ids: [],
    byContent: new Map(),
    errors: 0,
    closed: false,
  };
  ws.on("message", (raw) => {
    const frame = JSON.parse(raw.toString());
    if (frame.event_type === "message_sent") {
      client.ids.push(frame.data.id);
      client.byContent.set(frame.data.content, frame.data.id);
    } else if (frame.event_type === "error") client.errors += 1;
  });
  ws.on("close", () => (client.closed = true));
  client.opened = new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  client.send = (message) =>
    ws.send(JSON.stringify({ action: "send_message", message, attachment: null }));
  client.has = (content) => client.byContent.has(content);
  return client;
}

export async function run() {
  const started = Date.now();
  const database = await createDatabase("rel_redis");

  const redisPort = await freePort();
  const jwtSecret = randomBytes(32).toString("hex");
  const dataDirs = [tempDir("redis-a"), tempDir("redis-b")];
  const servers = [];
  const clients = [];
  let redis = startRedis(redisPort);
  const watchdog = setTimeout(() => {
    // Last resort so a hang can never outlive the scenario: everything we started goes.
    for (const server of servers) server.child.kill("SIGKILL");
    redis.child.kill("SIGKILL");
  }, SCENARIO_MS);
  watchdog.unref();
  try {
    if (!(await waitFor(() => redisPing(redisPort), 5_000))) throw new Error("redis did not start");
    const env = (i) =>
      serverEnv({
        DATABASE_URL: database.url,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        JWT_SECRET: jwtSecret,
        DATA_DIR: dataDirs[i],
      });
    // One after the other so only the first applies the migrations.
    for (const i of [0, 1]) {
      const e = env(i);
      e.PORT = String(await freePort());
      servers.push(await startServer(e, { timeoutMs: 60_000 }));
    }
    const [a, b] = servers;
    const [{ sellerId, agentId, shipmentId }] = await seedChatRooms(database.url, 1);
    const sign = tokenSigner(jwtSecret);
    const sellerToken = await sign(sellerId, "Seller");
    const agentToken = await sign(agentId, "Shipper");

    const sellerA = chatClient(a.base, shipmentId, sellerToken, "seller on A");
    const sellerA2 = chatClient(a.base, shipmentId, sellerToken, "second seller socket on A");
    const agentB = chatClient(b.base, shipmentId, agentToken, "agent on B");
    clients.push(sellerA, sellerA2, agentB);
    await Promise.all(clients.map((c) => c.opened));

    const sent = [];
    const say = (client, content) => {
      sent.push(content);
      client.send(content);
    };
    const allHave = (list, contents) => () =>
      contents.every((content) => list.every((client) => client.has(content)));

    // Before: both directions arrive live everywhere.
    const before = [];
    for (let i = 0; i < 5; i += 1) {
      before.push(`before seller ${i}`, `before agent ${i}`);
      say(sellerA, `before seller ${i}`);
      say(agentB, `before agent ${i}`);
      await sleep(20);
    }
    const beforeLive = await waitFor(allHave([sellerA2, agentB], before), 10_000);
    const lastSeenBefore = new Map(clients.map((c) => [c, Math.max(0, ...c.ids)]));

    // Outage: Redis gone without a goodbye.
    redis.child.kill("SIGKILL");
    await redis.exited;
    await sleep(300);
    const sellerDuring = [];
    const agentDuring = [];
    for (let i = 0; i < 5; i += 1) {
      sellerDuring.push(`during seller ${i}`);
      agentDuring.push(`during agent ${i}`);
      say(sellerA, `during seller ${i}`);
      say(agentB, `during agent ${i}`);
      await sleep(50);
    }
    const sameInstanceLive = await waitFor(allHave([sellerA2], sellerDuring), 10_000);
    const crossDuring =
      sellerDuring.filter((c) => agentB.has(c)).length +
      agentDuring.filter((c) => sellerA.has(c)).length;

    // Redis back on the same port: probes until both directions cross again.
    redis = startRedis(redisPort);
    const restartedAt = Date.now();
    if (!(await waitFor(() => redisPing(redisPort), 5_000)))
      throw new Error("redis did not restart");
    let probe = 0;
    let resumedAfterMs = -1;
    while (Date.now() - restartedAt < RESUME_LIMIT_MS) {
      probe += 1;
      const fromSeller = `probe seller ${probe}`;
      const fromAgent = `probe agent ${probe}`;
      say(sellerA, fromSeller);
      say(agentB, fromAgent);
      if (await waitFor(() => agentB.has(fromSeller) && sellerA.has(fromAgent), 500)) {
        resumedAfterMs = Date.now() - restartedAt;
        break;
      }
    }
    const after = [];
    for (let i = 0; i < 5; i += 1) {
      after.push(`after seller ${i}`, `after agent ${i}`);
      say(sellerA, `after seller ${i}`);
      say(agentB, `after agent ${i}`);
      await sleep(20);
    }
    const afterLive = await waitFor(allHave([sellerA2, agentB], after), 10_000);
    await sleep(300);

    // Backfill: each client asks its own instance for everything after its last pre-outage id.
    let missing = 0;
    let duplicates = 0;
    const perClient = [];
    for (const client of clients) {
      const res = await api(
        client.base,
        "GET",
        `/api/chat/messages/${shipmentId}/?after_id=${lastSeenBefore.get(client)}`,
        { token: client.token },
      );
      if (res.status !== 200) throw new Error(`history for ${client.label}: ${res.status}`);
      const liveDupes = client.ids.length - new Set(client.ids).size;
      const pageIds = res.json.data.messages.map((m) => m.id);
      const pageDupes = pageIds.length - new Set(pageIds).size;
      const merged = new Map(client.byContent);
      for (const message of res.json.data.messages) {
        const known = merged.get(message.content);
        // The same text under two ids would be a double write, not a harmless redelivery.
        if (known !== undefined && known !== message.id) duplicates += 1;
        merged.set(message.content, message.id);
      }
      const clientMissing = sent.filter((content) => !merged.has(content)).length;
      missing += clientMissing;
      duplicates += liveDupes + pageDupes;
      perClient.push(`${client.label} ${clientMissing} missing`);
    }
    const socketErrors = clients.reduce((n, c) => n + c.errors, 0);
    const anyClosed = clients.some((c) => c.closed);
    const elapsed = Date.now() - started;

    const ok =
      beforeLive &&
      sameInstanceLive &&
      resumedAfterMs >= 0 &&
      afterLive &&
      missing === 0 &&
      duplicates === 0 &&
      socketErrors === 0 &&
      !anyClosed &&
      elapsed < SCENARIO_MS;
    return result(
      "Redis outage with chat across two instances",
      ok,
      `live before: ${beforeLive ? "all" : "NOT all"}; during outage same-instance ` +
        `${sellerDuring.filter((c) => sellerA2.has(c)).length}/${sellerDuring.length}, ` +
        `cross-instance ${crossDuring}/${sellerDuring.length + agentDuring.length}; ` +
        `cross-instance resumed ${resumedAfterMs} ms after Redis restarted (limit ${RESUME_LIMIT_MS}); ` +
        `live after: ${afterLive ? "all" : "NOT all"}; backfill of ${sent.length} messages: ` +
        `${perClient.join(", ")}, ${duplicates} duplicates; ${socketErrors} socket errors, ` +
        `${anyClosed ? "a socket closed" : "no socket closed"}; ${elapsed} ms`,
    );
  } finally {
    clearTimeout(watchdog);
    for (const client of clients) client.ws.terminate();
    for (const server of servers) await stopServer(server, "SIGKILL");
    redis.child.kill("SIGKILL");
    await database.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}
