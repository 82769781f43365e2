import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { errorBodySchema } from "@fba/contract";
import { buildTestApp, type TestContext } from "../app.js";
import { retryLoadShedding } from "./shed-retry.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../factories.js";
import { placeBid, postShipment } from "../shipment-factories.js";

/** Fixed so that any failure replays exactly; change only on purpose. */
const SEED = 20_260_522;
/** Requests per operation: small, so the whole fuzz stays within a couple of minutes on PGlite. */
const RUNS_PER_OPERATION = 12;

type JsonSchema = {
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
interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  multipart: boolean;
}

/** Values that break naive handlers: wrong types, extremes, odd text. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
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

function merged(schema: JsonSchema): JsonSchema {
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
function valid(schemaIn: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
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
function mutated(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
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

const pathIds = (real: number[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...real.map(String)),
    fc.integer({ min: -1_000_000, max: 10_000_000_000 }).map(String),
    fc.constantFrom("abc", "0", "1e3", "1.5", "-1", "%00", "9".repeat(40), "null", "%F0%9F%9A%A2"),
  );

function operations(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
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

describe("schema fuzz from the OpenAPI document", () => {
  let ctx: TestContext;
  let actors: Array<{ name: string; user: TestUser | null }>;
  let realIds: number[];

  /** A checksum of every business table: a refused request must leave it unchanged. */
  async function checksum(): Promise<string> {
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
    ];
    const union = tables
      .map((t) => `SELECT '${t}:' || t::text AS x FROM ${t} t`)
      .join(" UNION ALL ");
    const result = await ctx.app.database.db.execute(
      sql.raw(`SELECT md5(coalesce(string_agg(x, '|' ORDER BY x), '')) AS sum FROM (${union}) s`),
    );
    const rows = (result as unknown as { rows: Array<{ sum: string }> }).rows;
    return rows[0]?.sum ?? "";
  }

  /** The checksum once background work after a commit has stopped changing it. */
  async function settled(): Promise<string> {
    let previous = await checksum();
    let stableReads = 0;
    for (let attempt = 0; attempt < 30 && stableReads < 2; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const current = await checksum();
      stableReads = current === previous ? stableReads + 1 : 0;
      previous = current;
    }
    return previous;
  }

  beforeAll(async () => {
    ctx = await buildTestApp();
    retryLoadShedding(ctx.app);
    const seller = await createSeller(ctx.app);
    const agent = await createShipper(ctx.app);
    const admin = await createAdmin(ctx.app);
    const empty = await checksum();
    const shipment = await postShipment(ctx.app, seller);
    // The checksum must see writes, or the "refusals change nothing" check would prove nothing.
    expect(await checksum()).not.toBe(empty);
    const quotation = await placeBid(ctx.app, agent, shipment);
    realIds = [shipment, quotation, seller.id];
    actors = [
      { name: "anonymous", user: null },
      { name: "seller", user: seller },
      { name: "agent", user: agent },
      { name: "admin", user: admin },
    ];
  }, 120_000);
  afterAll(async () => ctx?.close());

  it("never answers 5xx, always with a contract envelope, and refusals change nothing", async () => {
    const doc = (await ctx.app.inject({ url: "/api/docs/openapi.json" })).json();
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let sent = 0;
    let refused = 0;
    // The fixtures' own notifications may still be on their way.
    let settleNext = true;

    for (const [index, op] of ops.entries()) {
      const pathParams = op.parameters.filter((p) => p.in === "path");
      const queryParams = op.parameters.filter((p) => p.in === "query");
      const requestArb = fc.record({
        actor: fc.nat({ max: actors.length - 1 }),
        ids: fc.array(pathIds(realIds), {
          minLength: pathParams.length,
          maxLength: pathParams.length,
        }),
        query: fc.oneof(
          valid({
            type: "object",
            properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema ?? {}])),
          }),
          fc.dictionary(
            fc.constantFrom(...queryParams.map((p) => p.name), "extra", "__proto__"),
            hostile.map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))),
            { maxKeys: 3 },
          ),
        ),
        body: op.body
          ? fc.oneof(valid(op.body), mutated(op.body), mutated(op.body))
          : fc.constant(undefined),
      });
      const samples = fc.sample(requestArb, { seed: SEED + index, numRuns: RUNS_PER_OPERATION });

      for (const sample of samples) {
        const actor = actors[sample.actor] as (typeof actors)[number];
        let url = op.path;
        pathParams.forEach((p, i) => {
          url = url.replace(
            `{${p.name}}`,
            encodeURIComponent(sample.ids[i] ?? "1").replace(/%25/g, "%"),
          );
        });
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(
          (sample.query ?? {}) as Record<string, unknown>,
        )) {
          search.append(key, typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
        }
        if ([...search.keys()].length > 0) url += `?${search.toString()}`;
        const headers: Record<string, string> = actor.user ? { ...actor.user.auth } : {};
        let payload: string | undefined;
        if (sample.body !== undefined && op.method !== "GET") {
          payload = JSON.stringify(sample.body);
          headers["content-type"] = "application/json";
        }

        // Effects of the previous success (notifications fan out after the commit) must land
        // before the "nothing changed" baseline is taken.
        const before = settleNext ? await settled() : await checksum();
        settleNext = false;
        const response = await ctx.app.inject({
          method: op.method as "GET",
          url,
          headers,
          payload,
        });
        sent += 1;
        if (response.statusCode < 400) settleNext = true;
        const where = `${op.method} ${url} as ${actor.name} body=${(payload ?? "").slice(0, 200)}`;
        if (response.statusCode >= 500) {
          failures.push(`${response.statusCode} for ${where}: ${response.body.slice(0, 300)}`);
          continue;
        }
        const type = String(response.headers["content-type"] ?? "");
        if (!type.includes("application/json")) {
          if (response.statusCode >= 400) failures.push(`non-JSON refusal for ${where}`);
          continue;
        }
        const body = response.json() as Record<string, unknown>;
        if (response.statusCode >= 400) {
          refused += 1;
          const parsed = errorBodySchema.strict().safeParse(body);
          if (!parsed.success || parsed.data.status_code !== response.statusCode) {
            failures.push(`bad error body for ${where}: ${response.body.slice(0, 300)}`);
          }
          const after = await checksum();
          if (after !== before) failures.push(`refused request changed the database: ${where}`);
        } else if (
          body.status !== "success" ||
          body.status_code !== response.statusCode ||
          typeof body.message !== "string" ||
          !("data" in body)
        ) {
          failures.push(`bad success envelope for ${where}: ${response.body.slice(0, 300)}`);
        }
      }
    }
    console.info(`schema fuzz: ${ops.length} operations, ${sent} requests, ${refused} refused`);
    expect(failures).toEqual([]);
    expect(sent).toBe(ops.length * RUNS_PER_OPERATION);
    expect(refused).toBeGreaterThan(sent / 2);
  }, 240_000);
});
