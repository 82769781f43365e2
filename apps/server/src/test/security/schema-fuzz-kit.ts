// The generators, the app and the table checksum the schema fuzz (schema-fuzz.test.ts) runs on.
import { afterAll, beforeAll, expect } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { buildTestApp, type TestContext } from "../app.js";
import { retryLoadShedding } from "./shed-retry.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../factories.js";
import { endBiddingWindow, placeBid, postShipment } from "../shipment-factories.js";
import { closeDueBidding } from "../../modules/shipments/index.js";

/** Fixed so that any failure replays exactly; change only on purpose. */
export const SEED = 20_260_522;
/** Requests per operation: small, so the whole fuzz stays within a couple of minutes on PGlite. */
export const RUNS_PER_OPERATION = 12;

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
};
export interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  schema?: JsonSchema;
}
export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  multipart: boolean;
}

/** Values that break naive handlers: wrong types, extremes, odd text. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant(""),
  fc.constant("x".repeat(20_000)),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "NaN",
    "Infinity",
    "-1",
    "1e309",
    "0x1F",
    "2026-02-30",
    "’; DROP TABLE users;--",
    "\u0000",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🚢",
    "<script>alert(1)</script>",
  ),
  fc.integer({ min: -2_147_483_648, max: -1 }),
  fc.constantFrom(0, -0.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.constant({ nested: { deeper: [1, "two", null] } }),
  fc.constant({ __proto__: { isAdmin: true }, constructor: { prototype: { x: 1 } } }),
);

export function merged(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  return schema.allOf.reduce<JsonSchema>(
    (acc, part) => ({
      ...acc,
      ...merged(part),
      properties: { ...acc.properties, ...merged(part).properties },
      required: [...(acc.required ?? []), ...(merged(part).required ?? [])],
    }),
    { ...schema, allOf: undefined },
  );
}

/** An arbitrary for values that satisfy the declared schema (as far as JSON Schema tells). */
export function valid(schemaIn: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schemaIn || depth > 4) return fc.constant("x");
  const schema = merged(schemaIn);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valid(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      if (schema.format === "date") {
        return fc
          .date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      }
      if (schema.format === "email") return fc.emailAddress();
      return fc.string({
        minLength: Math.min(schema.minLength ?? 0, 50),
        maxLength: Math.min(schema.maxLength ?? 40, 60),
      });
    case "integer":
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -2_147_483_648),
        max: Math.min(schema.maximum ?? 100_000, 2_147_483_647),
      });
    case "number":
      return fc.double({
        min: schema.minimum ?? -1000,
        max: Math.min(schema.maximum ?? 1e6, 1e12),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(valid(schema.items, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case "object": {
      const props = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      return fc.record(Object.fromEntries(props.map(([key, s]) => [key, valid(s, depth + 1)])), {
        requiredKeys: props.map(([key]) => key).filter((key) => required.has(key)),
      });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer());
  }
}

/** A valid value with one part broken, an unknown key added, or a wholly wrong shape. */
export function mutated(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof(
    hostile,
    fc.tuple(valid(schema), hostile, fc.nat(), fc.boolean()).map(([value, bad, pick, extra]) => {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return bad;
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      if (extra || keys.length === 0) {
        copy.id = 1;
        copy.groups = "Admin";
        copy.is_admin = true;
        copy.user_id = 1;
      } else {
        copy[keys[pick % keys.length] as string] = bad;
      }
      return copy;
    }),
    fc.array(valid(schema), { minLength: 1, maxLength: 2 }),
  );
}

export const pathIds = (real: number[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...real.map(String)),
    fc.integer({ min: -1_000_000, max: 10_000_000_000 }).map(String),
    fc.constantFrom("abc", "0", "1e3", "1.5", "-1", "%00", "9".repeat(40), "null", "%F0%9F%9A%A2"),
  );

export function operations(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(byMethod)) {
      const op = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      const content = op.requestBody?.content ?? {};
      const json = content["application/json"]?.schema;
      const multipart = content["multipart/form-data"]?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: json ?? multipart,
        multipart: !json && !!multipart,
      });
    }
  }
  return ops;
}

/** Percent-encodes any string, lone surrogates included (as their WTF-8 bytes). */
export function encodeHostile(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** Dotted paths of the fields of a JSON schema, one level into arrays and nested objects. */
export function fieldPaths(
  schemaIn: JsonSchema | undefined,
  prefix: string[] = [],
  depth = 0,
): string[][] {
  if (!schemaIn || depth > 3) return [];
  const schema = merged(schemaIn);
  const alternatives = schema.anyOf ?? schema.oneOf;
  const objectLike = alternatives?.find((s) => merged(s).properties || merged(s).items) ?? schema;
  const shape = merged(objectLike);
  if (shape.properties) {
    return Object.entries(shape.properties).flatMap(([key, child]) => [
      [...prefix, key],
      ...fieldPaths(child, [...prefix, key], depth + 1),
    ]);
  }
  if (shape.items && prefix.length > 0) return fieldPaths(shape.items, [...prefix, "0"], depth + 1);
  return [];
}

/** A deep copy of `base` with the value at `path` replaced (containers created as needed). */
export function withField(base: unknown, path: string[], value: unknown): unknown {
  const root = structuredClone(base ?? {}) as Record<string, unknown>;
  let node: Record<string, unknown> = root;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== "object" || next === null) {
      node[key] = /^\d+$/.test(path[index + 1] ?? "") ? [] : {};
    }
    node = node[key] as Record<string, unknown>;
  });
  return root;
}

export let ctx: TestContext;
export let actors: Array<{ name: string; user: TestUser | null }>;
export let realIds: number[];

/** A checksum of every business table: a refused request must leave it unchanged. */
export async function checksum(): Promise<string> {
  const tables = [
    "users",
    "warehouses",
    "shipments",
    "shipment_packages",
    "quotations",
    "announcements",
    "sample_shipments",
    "chat_attachments",
    "chat_messages",
    "chat_reactions",
    "chat_read_cursors",
    "notifications",
    "agent_ratings",
    "agent_scorecards",
  ];
  const union = tables.map((t) => `SELECT '${t}:' || t::text AS x FROM ${t} t`).join(" UNION ALL ");
  const result = await ctx.app.database.db.execute(
    sql.raw(`SELECT md5(coalesce(string_agg(x, '|' ORDER BY x), '')) AS sum FROM (${union}) s`),
  );
  const rows = (result as unknown as { rows: Array<{ sum: string }> }).rows;
  return rows[0]?.sum ?? "";
}

/** The checksum once the consequences of earlier commits (notifications, emails) have landed. */
export async function settled(): Promise<string> {
  await ctx.app.events.settle();
  return checksum();
}
/** Boots one app per test file with the users and rows the fuzz calls act on, and closes it after. */
export function useFuzzApp(): void {
  beforeAll(async () => {
    // The overload guard has suites of its own; here a busy shared machine's event-loop lag must
    // not turn a hostile request's real answer into 503s for longer than the retries wait.
    ctx = await buildTestApp({ MAX_EVENT_LOOP_DELAY_MS: 0, MAX_DATABASE_QUEUE: 0 });
    retryLoadShedding(ctx.app);
    const seller = await createSeller(ctx.app);
    const agent = await createShipper(ctx.app);
    const admin = await createAdmin(ctx.app);
    const empty = await checksum();
    const shipment = await postShipment(ctx.app, seller);
    // The checksum must see writes, or the "refusals change nothing" check would prove nothing.
    expect(await checksum()).not.toBe(empty);
    const quotation = await placeBid(ctx.app, agent, shipment);
    // A shipment whose window has closed, so the comparison, award and re-confirmation routes are
    // fuzzed past their "bidding still open" refusal too.
    const closed = await postShipment(ctx.app, seller);
    const closedQuotation = await placeBid(ctx.app, agent, closed);
    await endBiddingWindow(ctx.app, closed);
    await closeDueBidding(ctx.app.database.db, ctx.app.events, new Date(), { shipmentId: closed });
    realIds = [shipment, quotation, seller.id, closed, closedQuotation];
    actors = [
      { name: "anonymous", user: null },
      { name: "seller", user: seller },
      { name: "agent", user: agent },
      { name: "admin", user: admin },
    ];
  }, 120_000);
  afterAll(async () => ctx?.close());
}
