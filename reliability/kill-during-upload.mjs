// kill -9 the server while several clients upload order documents; restart on the same data.
// On PostgreSQL (its rows are read while the server runs). Afterwards every document row has its file, and no file is left without its row (the upload
// intents of the uploads cut off are swept once no request could still be writing them).
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import {
  api,
  createDatabase,
  freePort,
  loginDemoSeller,
  result,
  serverEnv,
  shipmentBody,
  startServer,
  stopServer,
  tempDir,
  waitFor,
} from "./lib.mjs";

const UPLOADERS = 6;
/** Short requests, so an intent is stale (2 x this) a few seconds after the restart. */
const REQUEST_TIMEOUT_MS = 2_000;
/** Big enough that some uploads are always mid-write when the process dies. */
const FILE_BYTES = 12 * 1024 * 1024;

async function login(base, email, password, group) {
  const res = await api(base, "POST", "/api/auth/login/", { body: { email, password, group } });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status}`);
  return res.json.data.access_token ?? res.json.data.access;
}

/** An order the demo seller accepted (the demo admin, signing in on the customer tab as admins do, closes the window early). */
async function acceptedOrder(base) {
  const seller = await loginDemoSeller(base);
  const agent = await login(base, "demo.agent@example.com", "Agent#Demo1", "Shipper");
  const admin = await login(base, "demo.admin@example.com", "Admin#Demo1", "Seller");
  const shipment = await api(base, "POST", "/api/shipments/", {
    token: seller,
    body: shipmentBody("REL UPLOAD"),
  });
  const id = shipment.json.data.id;
  const bid = await api(base, "POST", "/api/shipper/quotation/", {
    token: agent,
    body: { shipment: String(id), pickup_amount: "100", fast_amount: "", normal_amount: "700" },
  });
  const quotation = bid.json.data.id;
  await api(base, "POST", `/api/admin/shipments/${id}/winner/`, {
    token: admin,
    body: { quotation_id: quotation },
  });
  const accepted = await api(base, "PATCH", `/api/quotations/${quotation}/`, {
    token: seller,
    body: { shipment_status: "Quotation Accepted" },
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status}`);
  return { id, seller };
}

/** The file names the documents' rows keep, sorted. */
async function storedKeys(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select storage_key from order_documents");
    return rows.map((row) => row.storage_key.replace(/^documents\//, "")).sort();
  } finally {
    await client.end();
  }
}

function pdf(bytes) {
  const head = Buffer.from("%PDF-1.4\n");
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]);
}

async function uploadOnce(base, token, id, file) {
  const form = new FormData();
  form.set("type", "Commercial invoice");
  form.set("file", new Blob([file], { type: "application/pdf" }), "invoice.pdf");
  const res = await fetch(`${base}/api/shipments/${id}/documents/`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return res.status;
}

export async function run() {
  const name = "kill -9 during document uploads";
  const dataDir = tempDir("upload");
  const database = await createDatabase("rel_upload");
  const env = serverEnv({
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  });
  let server;
  try {
    server = await startServer(env);
    const { id, seller } = await acceptedOrder(server.base);
    const file = pdf(FILE_BYTES);
    let stored = 0;
    let cutOff = 0;
    let killed = false;
    const uploaders = Array.from({ length: UPLOADERS }, async () => {
      while (!killed) {
        try {
          if ((await uploadOnce(server.base, seller, id, file)) === 201) stored += 1;
        } catch {
          cutOff += 1;
        }
      }
    });
    // Let some uploads land, then kill without warning while one is writing its file (its temp
    // file is on disk, its row not yet written), the others mid-way.
    await waitFor(() => stored >= UPLOADERS * 2, 60_000);
    const uploads = path.join(dataDir, "uploads", "documents");
    const filesOnDisk = () => readdirSync(uploads).sort();
    const caughtWriting = await waitFor(
      () => filesOnDisk().some((file) => file.endsWith(".tmp")),
      30_000,
      1,
    );
    killed = true;
    server.child.kill("SIGKILL");
    await server.exited;
    await Promise.all(uploaders);

    server = await startServer(env);
    const keysAtRestart = await storedKeys(database.url);
    const orphansAtRestart = filesOnDisk().filter((file) => !keysAtRestart.includes(file)).length;
    // The sweep runs every second and takes intents older than 2 x REQUEST_TIMEOUT_MS.
    const settled = await waitFor(
      async () => (await storedKeys(database.url)).join() === filesOnDisk().join(),
      3 * REQUEST_TIMEOUT_MS + 10_000,
      250,
    );
    await stopServer(server);
    server = undefined;
    const files = filesOnDisk();
    const keys = await storedKeys(database.url);
    const withoutFile = keys.filter((key) => !files.includes(key)).length;
    const withoutRow = files.filter((file) => !keys.includes(file)).length;
    const temps = files.filter((file) => file.endsWith(".tmp")).length;
    const ok =
      caughtWriting &&
      settled &&
      withoutFile === 0 &&
      withoutRow === 0 &&
      temps === 0 &&
      stored > 0;
    return result(
      name,
      ok,
      `${stored} uploads stored before the kill (${caughtWriting ? "killed while a file was being written" : "no write caught"}), ${cutOff} cut off, ${orphansAtRestart} files ` +
        `without a row at the restart; once swept ` +
        `${keys.length} document rows, ${files.length} files: ${withoutFile} rows without a ` +
        `file, ${withoutRow} files without a row, ${temps} temp files`,
    );
  } finally {
    if (server) await stopServer(server, "SIGKILL");
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
