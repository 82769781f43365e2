import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../test/app.js";
import { createSeller, type TestUser } from "../test/factories.js";
import { insertShipment, TestSocket } from "../test/realtime-factories.js";

describe("draining requests before a shutdown", () => {
  let ctx: TestContext;
  let base: string;
  let seller: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    base = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    seller = await createSeller(ctx.app);
  });
  afterAll(async () => ctx.close());

  it("lets a request under way finish and turns new ones away, with the port and sockets open", async () => {
    const { id } = await insertShipment(ctx.app, { sellerId: seller.id });
    const socket = await TestSocket.connect(base, `/ws/group-chat/${id}/`, { token: seller.token });

    // A request under way: its headers have arrived, its body is still coming.
    const body = JSON.stringify({ title: "Notice", message: "Warehouses close early" });
    const slow = httpRequest(`${base}/api/v1/announcement`, {
      method: "POST",
      headers: {
        ...seller.auth,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      slow.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      slow.on("error", reject);
    });
    // The server's hooks run as its request event is emitted: the request counts as under way
    // once that event has passed.
    const underWay = new Promise<void>((resolve) =>
      ctx.app.server.once("request", () => setImmediate(resolve)),
    );
    slow.write(body.slice(0, 10));
    await underWay;

    let drained = false;
    const draining = ctx.app.drainRequests(10_000).then(() => (drained = true));

    // New requests get the contract's 503 with Retry-After; the port still answers.
    const late = await fetch(`${base}/api/health/ready`);
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBe("5");
    expect(((await late.json()) as { status_code: number }).status_code).toBe(503);
    expect(drained).toBe(false);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);

    slow.end(body.slice(10));
    expect(await answered).toBe(201);
    await draining;
    expect(drained).toBe(true);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.close();
  });
});
