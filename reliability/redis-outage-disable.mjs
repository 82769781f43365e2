// An account disabled on one instance while Redis is down: the hub cannot tell the others, so
// instance B's own re-check of its socket owners against the database has to close the user's
// sockets within its interval (SOCKET_RECHECK_INTERVAL_MS), and instance C, whose interval
// re-check is off, closes them when Redis is back (the re-check on reconnect).
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import pg from "pg";
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
const RECHECK_INTERVAL_MS = 1_000;
/** The re-check runs every interval; the query and the close take the rest of this margin. */
const CLOSE_LIMIT_MS = RECHECK_INTERVAL_MS + 2_000;

/** A socket that remembers how and when it closed. */
function watchSocket(url, label) {
  const ws = new WebSocket(url);
  const socket = { label, ws, closeCode: null, closeReason: "", closedAt: null };
  ws.on("close", (code, reason) => {
    socket.closeCode = code;
    socket.closeReason = reason.toString();
    socket.closedAt = Date.now();
  });
  ws.on("error", () => undefined);
  socket.opened = new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("close", () => reject(new Error(`${label} closed before opening`)));
  });
  return socket;
}

async function insertAdmin(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query(
      `insert into users (email, first_name, last_name, password_hash, "group")
       values ($1, 'Ada', 'Reliability', 'not-a-login', 'Admin') returning id`,
      [`ada.${randomBytes(4).toString("hex")}@example.com`],
    );
    return rows[0].id;
  } finally {
    await db.end();
  }
}

export async function run() {
  const started = Date.now();
  const database = await createDatabase("rel_disable");
  const redisPort = await freePort();
  const jwtSecret = randomBytes(32).toString("hex");
  const dataDirs = [tempDir("disable-a"), tempDir("disable-b"), tempDir("disable-c")];
  const servers = [];
  const sockets = [];
  let redis = startRedis(redisPort);
  const watchdog = setTimeout(() => {
    for (const server of servers) server.child.kill("SIGKILL");
    redis.child.kill("SIGKILL");
  }, SCENARIO_MS);
  watchdog.unref();
  try {
    if (!(await waitFor(() => redisPing(redisPort), 5_000))) throw new Error("redis did not start");
    // One after the other so only the first applies the migrations.
    for (const i of [0, 1, 2]) {
      const env = serverEnv({
        DATABASE_URL: database.url,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        JWT_SECRET: jwtSecret,
        DATA_DIR: dataDirs[i],
        SOCKET_RECHECK_INTERVAL_MS: i === 2 ? "0" : String(RECHECK_INTERVAL_MS),
      });
      env.PORT = String(await freePort());
      servers.push(await startServer(env, { timeoutMs: 60_000 }));
    }
    const [a, b, c] = servers;
    const [{ sellerId, agentId, shipmentId }] = await seedChatRooms(database.url, 1);
    const adminId = await insertAdmin(database.url);
    const sign = tokenSigner(jwtSecret);
    const [sellerToken, agentToken, adminToken] = await Promise.all([
      sign(sellerId, "Seller"),
      sign(agentId, "Shipper"),
      sign(adminId, "Admin"),
    ]);

    const wsBase = b.base.replace("http", "ws");
    const agentChat = watchSocket(
      `${wsBase}/ws/group-chat/${shipmentId}/?token=${agentToken}`,
      "agent chat on B",
    );
    const agentBell = watchSocket(
      `${wsBase}/ws/notifications/${agentId}/?token=${agentToken}`,
      "agent notifications on B",
    );
    const sellerChat = watchSocket(
      `${wsBase}/ws/group-chat/${shipmentId}/?token=${sellerToken}`,
      "seller chat on B",
    );
    const agentOnC = watchSocket(
      `${c.base.replace("http", "ws")}/ws/group-chat/${shipmentId}/?token=${agentToken}`,
      "agent chat on C",
    );
    sockets.push(agentChat, agentBell, sellerChat, agentOnC);
    await Promise.all(sockets.map((socket) => socket.opened));

    // Outage: Redis gone without a goodbye, then the account is disabled on instance A.
    redis.child.kill("SIGKILL");
    await redis.exited;
    await sleep(300);
    const disabledAt = Date.now();
    const disable = await api(a.base, "PATCH", `/api/admin/users/${agentId}/`, {
      token: adminToken,
      body: { is_active: false },
    });
    if (disable.status !== 200) throw new Error(`disable answered ${disable.status}`);

    const closedInTime = await waitFor(
      () => agentChat.closeCode !== null && agentBell.closeCode !== null,
      CLOSE_LIMIT_MS + 5_000,
    );
    const closeMs = (socket) => (socket.closedAt === null ? -1 : socket.closedAt - disabledAt);
    const slowest = Math.max(closeMs(agentChat), closeMs(agentBell));
    const codes = [agentChat.closeCode, agentBell.closeCode];

    // A new socket of the disabled account on B is refused too.
    const retry = watchSocket(
      `${wsBase}/ws/group-chat/${shipmentId}/?token=${agentToken}`,
      "agent retry on B",
    );
    sockets.push(retry);
    await waitFor(() => retry.closeCode !== null, 5_000);
    await sleep(RECHECK_INTERVAL_MS);
    const sellerOpen = sellerChat.ws.readyState === WebSocket.OPEN;
    // Whether instance B was still running, should the seller's socket have closed.
    const bRunning = b.child.exitCode === null && b.child.signalCode === null;

    // C never re-checks on a timer: its socket is still open, and closes once Redis is back.
    const openOnCDuringOutage = agentOnC.closeCode === null;
    redis = startRedis(redisPort);
    const restartedAt = Date.now();
    const closedOnReconnect = await waitFor(() => agentOnC.closeCode !== null, 20_000);
    const reconnectMs = closedOnReconnect ? agentOnC.closedAt - restartedAt : -1;
    const elapsed = Date.now() - started;
    const ok =
      closedInTime &&
      codes.every((code) => code === 4401) &&
      slowest >= 0 &&
      slowest <= CLOSE_LIMIT_MS &&
      retry.closeCode === 4401 &&
      sellerOpen &&
      openOnCDuringOutage &&
      agentOnC.closeCode === 4401 &&
      elapsed < SCENARIO_MS;
    return result(
      "Account disabled on one instance while Redis is down",
      ok,
      `the disabled agent's 2 sockets on the other instance closed with ${codes.join("/")} ` +
        `${slowest} ms after the disable (re-check every ${RECHECK_INTERVAL_MS} ms, limit ` +
        `${CLOSE_LIMIT_MS}); a new socket refused with ${retry.closeCode}; the seller's socket ` +
        `${sellerOpen ? "stayed open" : `CLOSED (${sellerChat.closeCode} ${sellerChat.closeReason}; instance B ${bRunning ? "running" : `exited: ${b.stderr().slice(-300)}`})`}; on the instance without the interval the ` +
        `socket ${openOnCDuringOutage ? "stayed open during the outage" : "CLOSED EARLY"} and ` +
        `closed with ${agentOnC.closeCode} ${reconnectMs} ms after Redis restarted; ${elapsed} ms`,
    );
  } finally {
    clearTimeout(watchdog);
    for (const socket of sockets) socket.ws.terminate();
    for (const server of servers) await stopServer(server, "SIGKILL");
    redis.child.kill("SIGKILL");
    await database.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}
