import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "@fba/contract";
import { buildTestApp, servicesOf, type TestContext } from "../app.js";
import { retryLoadShedding } from "./shed-retry.js";
import { multipartBody } from "../profile-factories.js";
import { ACTORS, SECRET_PRODUCT, buildWorld, headersFor } from "./fixtures.js";
import { collectRoutes } from "./route-table.js";
import { SOCKET_ROUTES, type MatrixWorld, type RouteCase } from "./access-matrix-kit.js";
import { ACCOUNT_AND_ORDER_ROUTES } from "./access-matrix-order-routes.js";
import { MARKET_AND_ADMIN_ROUTES } from "./access-matrix-market-routes.js";
import type { FastifyInstance } from "fastify";

/**
 * The expectation for every route the server serves, in the order they are called. A route
 * missing from this table fails the suite, so nobody can add an endpoint without deciding who
 * may call it. Sockets and the outcomes an agent sees are in access-matrix-*.test.ts.
 */
const CASES: Record<string, RouteCase> = {
  ...ACCOUNT_AND_ORDER_ROUTES,
  ...MARKET_AND_ADMIN_ROUTES,
};

const RECORD = process.env.ACCESS_MATRIX_RECORD === "1";

async function buildMatrixWorld(app: FastifyInstance): Promise<MatrixWorld> {
  const world = await buildWorld(app);
  const { expires, signature } = servicesOf(app).documentSigner.sign(world.document);
  const signedDocumentPath = `/api/documents/${world.document}/${expires}/${signature}/invoice.pdf`;
  return { ...world, signedDocumentPath };
}

describe("access-control matrix", () => {
  let ctx: TestContext;
  let world: MatrixWorld;
  let routes: string[];

  beforeAll(async () => {
    ctx = await buildTestApp();
    retryLoadShedding(ctx.app);
    world = await buildMatrixWorld(ctx.app);
    routes = collectRoutes(ctx.app);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it("has an expectation for every route the server serves", () => {
    const known = new Set([...Object.keys(CASES), ...SOCKET_ROUTES]);
    const missing = routes.filter((route) => !known.has(route));
    expect(missing, `routes without an access-matrix entry: ${missing.join(", ")}`).toEqual([]);
    const stale = [...known].filter((route) => !routes.includes(route));
    expect(stale, `matrix entries for routes that no longer exist: ${stale.join(", ")}`).toEqual(
      [],
    );
    expect(routes.length).toBeGreaterThan(50);
  });
  it("answers every route and actor as the table says, leaking nothing on refusal", async () => {
    const mismatches: string[] = [];
    const recorded: string[] = [];
    let cases = 0;
    for (const [route, spec] of Object.entries(CASES)) {
      const [method] = route.split(" ") as [string];
      const row: string[] = [];
      for (const actor of spec.order ?? ACTORS) {
        const url = spec.path(world, actor);
        const body = spec.body?.(world, actor);
        let payload: string | Buffer | undefined;
        let headers: Record<string, string> = { ...headersFor(world, actor) };
        if (spec.multipart) {
          const fields = Object.fromEntries(
            Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
          );
          const encoded = multipartBody(fields);
          payload = encoded.payload;
          headers = { ...headers, ...encoded.headers };
        } else if (body !== undefined) {
          payload = JSON.stringify(body);
          headers["content-type"] = "application/json";
        }
        const response = await ctx.app.inject({
          method: method as "GET",
          url,
          headers,
          payload,
        });
        cases += 1;
        row.push(`${actor}:${response.statusCode}`);
        const expected = spec.expect[actor];
        if (response.statusCode !== expected) {
          mismatches.push(
            `${route} as ${actor}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
          continue;
        }
        if (response.statusCode >= 400) {
          const parsed = errorBodySchema.strict().safeParse(response.json());
          if (!parsed.success) mismatches.push(`${route} as ${actor}: not the error envelope`);
          const refusal = spec.refusal?.[actor];
          if (refusal && parsed.data?.errors[0]?.message !== refusal) {
            mismatches.push(`${route} as ${actor}: refusal text is not "${refusal}"`);
          }
          const leaked = [SECRET_PRODUCT, world.users.seller.email, "Hidden Road"].filter((s) =>
            response.body.includes(s),
          );
          if (leaked.length > 0) mismatches.push(`${route} as ${actor}: refusal leaks ${leaked}`);
          for (const error of parsed.data?.errors ?? []) {
            if (Object.keys(error).some((key) => key !== "field" && key !== "message")) {
              mismatches.push(`${route} as ${actor}: error item carries extra keys`);
            }
          }
        }
      }
      recorded.push(`${route} -> ${row.join(" ")}`);
    }
    if (RECORD) console.log(recorded.join("\n"));
    expect(mismatches).toEqual([]);
    expect(cases).toBe(Object.keys(CASES).length * ACTORS.length);
  }, 120_000);
});
