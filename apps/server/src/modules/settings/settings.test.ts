import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicSettingsSchema, successEnvelopeSchema } from "@fba/contract";
import { buildTestApp, type TestContext } from "../../test/app.js";

const envelope = successEnvelopeSchema(publicSettingsSchema);

describe("GET /api/settings/", () => {
  let configured: TestContext;
  let defaults: TestContext;
  beforeAll(async () => {
    [configured, defaults] = await Promise.all([
      buildTestApp({ BID_WINDOW_HOURS: 48 }),
      buildTestApp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([configured?.close(), defaults?.close()]);
  });

  it("tells anyone, signed in or not, the configured bid window", async () => {
    const res = await configured.app.inject({ method: "GET", url: "/api/settings/" });
    expect(res.statusCode).toBe(200);
    expect(envelope.parse(res.json()).data).toEqual({ bid_window_hours: 48 });
  });

  it("says 72 hours when the window is not configured", async () => {
    const res = await defaults.app.inject({ method: "GET", url: "/api/settings/" });
    expect(envelope.parse(res.json()).data).toEqual({ bid_window_hours: 72 });
  });
});
