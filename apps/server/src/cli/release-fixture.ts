/**
 * Writes the data set that the upgrade test restores: a database filled through the real API of
 * this release (accounts, shipments in every status, bids, chat with attachments, reactions and
 * read receipts, samples, announcements, notifications) and the files it stored.
 *
 *   npx tsx apps/server/src/cli/release-fixture.ts --out apps/server/test-fixtures/release-1.0.0
 *
 * Run it on the commit of a release, before any later schema change. The output holds every
 * table's rows (as JSON), the uploads folder and a manifest of what the upgrade test reads back.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { wsPaths } from "@fba/contract";
import { buildApp } from "../app.js";
import { testConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { STRONG_PASSWORD } from "../test/auth-factories.js";
import { createAdmin, TEST_PASSWORD } from "../test/factories.js";
import { multipartBody, testImage } from "../test/profile-factories.js";
import { TestSocket } from "../test/realtime-factories.js";
import { endBiddingWindow, validShipmentInput } from "../test/shipment-factories.js";

const { values: args } = parseArgs({ options: { out: { type: "string" } } });
if (!args.out) throw new Error("--out <folder> is required");
const out = path.resolve(args.out);

const dataDir = mkdtempSync(path.join(tmpdir(), "fba-release-fixture-"));
const database = await openDatabase({ dataDir });
const app = await buildApp(
  testConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString("hex"),
    REDIS_URL: undefined,
  }),
  { database },
);
await app.ready();
const baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });

interface Account {
  id: number;
  email: string;
  password: string;
  group: "Seller" | "Shipper" | "Admin";
  token: string;
}

async function call(method: "GET" | "POST" | "PATCH", url: string, who: Account, payload?: object) {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${who.token}` },
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

async function register(
  first: string,
  last: string,
  group: "Seller" | "Shipper",
): Promise<Account> {
  const email = `${first.toLowerCase()}.${last.toLowerCase()}@example.com`;
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/register/",
    payload: {
      first_name: first,
      last_name: last,
      email,
      password: STRONG_PASSWORD,
      groups: group,
    },
  });
  if (response.statusCode !== 201) throw new Error(`register: ${response.body}`);
  const data = response.json().data;
  return { id: data.user.id, email, password: STRONG_PASSWORD, group, token: data.access_token };
}

const amber = await register("Amber", "Seller", "Seller");
const basil = await register("Basil", "Merchant", "Seller");
const cargo = await register("Carla", "Forwarder", "Shipper");
const dhow = await register("Dev", "Shipping", "Shipper");
const eagle = await register("Erin", "Freight", "Shipper");
const adminUser = await createAdmin(app as FastifyInstance, {
  email: "ops.admin@example.com",
  firstName: "Olga",
});
const admin: Account = { ...adminUser, password: TEST_PASSWORD, group: "Admin" };

// A profile picture, as the profile form sends it.
const avatar = multipartBody(
  { first_name: "Amber", last_name: "Seller", phone: "+15555550123" },
  {
    image: {
      filename: "me.png",
      contentType: "image/png",
      bytes: await testImage("png", 320, 320),
    },
  },
);
const avatarResponse = await app.inject({
  method: "PATCH",
  url: "/api/auth/v1/update-profile/",
  payload: avatar.payload,
  headers: { ...avatar.headers, authorization: `Bearer ${amber.token}` },
});
if (avatarResponse.statusCode !== 200) throw new Error(`avatar: ${avatarResponse.body}`);

const book = async (seller: Account, product: string) =>
  (await call("POST", "/api/shipments/", seller, validShipmentInput({ product_name: product })))
    .id as number;
const bid = (agent: Account, shipment: number, pickup: string, fast: string, normal: string) =>
  call("POST", "/api/shipper/quotation/", agent, {
    shipment: String(shipment),
    pickup_amount: pickup,
    fast_amount: fast,
    normal_amount: normal,
  });
/** Ends the window and reads the shipment, which closes the bidding; returns the winning quotation id. */
async function closeWindow(seller: Account, shipment: number): Promise<number> {
  await endBiddingWindow(app as FastifyInstance, shipment);
  const detail = await call("GET", `/api/shipments/${shipment}/`, seller);
  return detail.quotation.id as number;
}

const shipments: Record<string, number> = {};
shipments.pending = await book(amber, "Bamboo Cutting Board");
shipments.received = await book(amber, "Silicone Baking Mat");
await bid(cargo, shipments.received, "120", "980", "");
shipments.approved = await book(basil, "Yoga Mat");
await bid(cargo, shipments.approved, "150", "1200", "800");
await bid(dhow, shipments.approved, "90", "", "1850");
await closeWindow(basil, shipments.approved);
shipments.declined = await book(basil, "Stainless Water Bottle");
await bid(eagle, shipments.declined, "100", "700", "");
const declinedQuote = await closeWindow(basil, shipments.declined);
await call("PATCH", `/api/quotations/${declinedQuote}/`, basil, {
  shipment_status: "Shipment Cancelled",
  is_accepted: false,
  cancel_reason: "Found a cheaper forwarder",
});

async function accepted(seller: Account, agent: Account, product: string): Promise<number> {
  const id = await book(seller, product);
  await bid(agent, id, "75", "640", "410");
  await bid(eagle, id, "300", "2000", "");
  const quote = await closeWindow(seller, id);
  await call("PATCH", `/api/quotations/${quote}/`, seller, {
    shipment_status: "Quotation Accepted",
  });
  return id;
}
shipments.accepted = await accepted(amber, cargo, "LED Desk Lamp");
shipments.completed = await accepted(amber, dhow, "Wireless Earbuds");
shipments.cancelledAfterAccept = await accepted(basil, cargo, "Phone Case");
await call(
  "PATCH",
  `/api/quotations/${await closeWindow(basil, shipments.cancelledAfterAccept)}/`,
  basil,
  {
    is_accepted: false,
    cancel_reason: "The goods are not ready",
  },
);

// Chat on the accepted and the completed orders: text, a reply, an edit, a delete, a reaction,
// read receipts and two attachments (an image and a PDF).
const files: Record<string, { id: number; sha256: string; name: string }> = {};
async function attach(who: Account, name: string, type: string, bytes: Buffer) {
  const body = multipartBody(
    { file_size: String(bytes.length) },
    { attachment: { filename: name, contentType: type, bytes } },
  );
  const response = await app.inject({
    method: "POST",
    url: "/api/chat/attachment/",
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${who.token}` },
  });
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`attachment: ${response.body}`);
  const id = response.json().data.id as number;
  files[name] = { id, sha256: createHash("sha256").update(bytes).digest("hex"), name };
  return id;
}
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

async function converse(shipment: number, seller: Account, agent: Account, prefix: string) {
  const open = (who: Account) =>
    TestSocket.connect(baseUrl, wsPaths.groupChat(shipment), { token: who.token });
  const sent = async (socket: TestSocket, frame: object) => {
    const before = socket.events.length;
    socket.send(frame);
    const event = await socket.until(() =>
      socket.events
        .slice(before)
        .find((e) => e.event_type !== "unread_count" && e.event_type !== "message_read"),
    );
    if (event.event_type === "error")
      throw new Error(`chat frame refused: ${JSON.stringify(event)}`);
    return (event.data as { id: number }).id;
  };
  // Edits and deletes are allowed until another party reads the message: done while alone.
  const agentAlone = await open(agent);
  const typo = await sent(agentAlone, { action: "send_message", message: "Pickup at 9 am" });
  await sent(agentAlone, {
    action: "edit_message",
    message_id: typo,
    new_content: "Pickup at 10 am",
  });
  agentAlone.close();
  const adminAlone = await open(admin);
  const oops = await sent(adminAlone, { action: "send_message", message: "wrong chat, sorry" });
  await sent(adminAlone, { action: "delete_message", message_id: oops });
  adminAlone.close();

  const sellerSocket = await open(seller);
  const agentSocket = await open(agent);
  const first = await sent(sellerSocket, {
    action: "send_message",
    message: `${prefix}: cartons are ready on Monday`,
  });
  const image = await attach(
    agent,
    `${prefix}-label.png`,
    "image/png",
    await testImage("png", 64, 48),
  );
  await sent(agentSocket, {
    action: "reply_to_thread",
    message: "Label attached",
    reply_to_id: first,
    attachment: image,
  });
  const invoice = await attach(seller, `${prefix}-invoice.pdf`, "application/pdf", pdf);
  const third = await sent(sellerSocket, {
    action: "send_message",
    message: "Invoice for customs",
    attachment: invoice,
  });
  await sent(agentSocket, { action: "add_reaction", message_id: third, reaction: "👍" });
  sellerSocket.send({ action: "mark_read", shipment_id: shipment });
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const socket of [sellerSocket, agentSocket]) socket.close();
}
await converse(shipments.accepted, amber, cargo, "lamps");
await converse(shipments.completed, amber, dhow, "earbuds");

await call("PATCH", `/api/shipments/${shipments.completed}/`, dhow, {
  tracking_number: "794612345678",
  final_amount: "725.25",
});
await call("PATCH", `/api/shipment-status-update/${shipments.completed}/`, dhow, {
  status: "Shipment Completed",
});

// Samples: one open with a chat message, one completed.
const openSample = (
  await call("POST", "/api/sample-shipments/", amber, {
    product_name: "Sample mugs",
    quantity: 3,
    address: "12 Pier Road, Austin, TX 78701",
  })
).id as number;
const doneSample = (
  await call("POST", "/api/sample-shipments/", basil, {
    product_name: "Sample mats",
    quantity: 2,
    address: "5 Dock St, Reno, NV 89501",
  })
).id as number;
const sampleSocket = await TestSocket.connect(baseUrl, wsPaths.sampleChat(openSample), {
  token: cargo.token,
});
sampleSocket.send({ action: "send_message", message: "I can collect the samples on Friday" });
await sampleSocket.next("message_sent");
sampleSocket.close();
await call("PATCH", `/api/status-update/${doneSample}/`, dhow, { status: "Shipment Completed" });

await call("POST", "/api/v1/announcement/", admin, {
  title: "Holiday cut-off",
  message: "Last pickups before the holidays on 18 December.",
});
await call("POST", "/api/v1/announcement/", amber, {
  title: "",
  message: "Looking for a forwarder from Ningbo.",
});

// Let the event listeners write their notifications and emails.
await new Promise((resolve) => setTimeout(resolve, 1_500));

// The open windows stay open whenever the upgrade test runs.
await database.db.execute(
  sql`update shipments set bidding_ends_at = '2099-12-31T00:00:00Z' where id in (${shipments.pending}, ${shipments.received})`,
);

// Every table's rows, in the release's own schema.
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const tables = rowsOf<{ name: string }>(
  await database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  ),
).map((row) => row.name);
const data: Record<string, unknown[]> = {};
for (const table of tables) {
  const [result] = rowsOf<{ rows: unknown[] | null }>(
    await database.db.execute(
      sql.raw(`select json_agg(t) as rows from (select * from "${table}" order by 1) t`),
    ),
  );
  data[table] = result?.rows ?? [];
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, "data.json"), `${JSON.stringify({ tables: data }, null, 1)}\n`);
cpSync(path.join(dataDir, "uploads"), path.join(out, "uploads"), { recursive: true });
const uploads: string[] = [];
const walk = (dir: string, prefix = "") => {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full, `${prefix}${entry}/`);
    else uploads.push(`${prefix}${entry}`);
  }
};
walk(path.join(out, "uploads"));
const accounts = [amber, basil, cargo, dhow, eagle, admin].map(
  ({ id, email, password, group }) => ({ id, email, password, group }),
);
const manifest = {
  accounts,
  shipments,
  samples: { open: openSample, completed: doneSample },
  attachments: Object.values(files),
  uploads: uploads.sort(),
  counts: Object.fromEntries(Object.entries(data).map(([table, rows]) => [table, rows.length])),
};
writeFileSync(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

await app.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(`wrote ${out}: ${tables.length} tables, ${uploads.length} files`);
