import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, servicesOf, type TestContext } from "../../test/app.js";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The platform cap's alert to admins goes through the outbox like every other notification. */
describe("the announcement cap's event", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A web instance: events stay in the outbox as their transactions left them.
    ctx = await buildTestApp({ ROLE: "web" });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await ctx.close();
  });

  const capEvents = async () =>
    rowsOf<{ max: number }>(
      await ctx.app.database.db.execute(sql`
        select (payload->>'max')::int as max from domain_events
        where name = 'announcement.cap_reached'`),
    );

  it("is written in a transaction before it is emitted, exactly once", async () => {
    const bus = servicesOf(ctx.app).events;
    // What the bus hears, in order: an event only emitted would be written to the outbox after
    // the emit, outside any transaction (a crash in between loses it).
    const heard: string[] = [];
    const record = bus.record.bind(bus);
    const emit = bus.emit.bind(bus);
    vi.spyOn(bus, "record").mockImplementation((async (...args: Parameters<typeof record>) => {
      if (args[1] === "announcement.cap_reached") heard.push("recorded");
      return record(...args);
    }) as typeof record);
    vi.spyOn(bus, "emit").mockImplementation(((...args: Parameters<typeof emit>) => {
      if (args[0] === "announcement.cap_reached") heard.push("emitted");
      emit(...args);
    }) as typeof emit);

    await servicesOf(ctx.app).announcements.capReached(7);
    await bus.settle();
    expect(heard).toEqual(["recorded", "emitted"]);
    expect(await capEvents()).toEqual([{ max: 7 }]);
  });
});
