// The database refuses a state no code writes: every state column has a CHECK of its values, and
// a shipment's winning quotation must exist. On PGlite, or on PostgreSQL with TEST_DATABASE_URL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/app.js";
import type { Database } from "./client.js";
import { STORED_STATES } from "./schema/states.js";

type Row = Record<string, unknown>;

describe("state constraints", () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  const ids: Record<string, number> = {};

  const run = async (text: string): Promise<Row[]> =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
  /** The error code of a statement run in a transaction that is then rolled back. */
  const refusal = async (text: string): Promise<string | undefined> => {
    let code: string | undefined;
    await database.db
      .transaction(async (tx) => {
        try {
          await tx.execute(sql.raw(text));
        } catch (error) {
          const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
          code = cause.code ?? cause.cause?.code;
        }
        tx.rollback();
      })
      .catch(() => undefined);
    return code;
  };
  const id = async (text: string) => Number((await run(text))[0]!.id);

  beforeAll(async () => {
    opened = await openTestDatabase();
    database = opened.database;
    ids.user = await id(
      `insert into users (email, first_name, last_name, password_hash, "group")
       values ('state.checks@example.com', 'S', 'C', 'x', 'Seller') returning id`,
    );
    ids.shipment = await id(
      `insert into shipments (seller_id, freight_booking_reference_number, shipment_ready_date,
         supplier_contact_name, supplier_contact_phone, product_name, main_competitor_asin,
         pickup_full_address, compliance, detailed_product_description, bidding_ends_at)
       values (${ids.user}, 'REF', '2026-12-01', 'S', '+15555550100', 'P', 'B000', 'Addr', '[]', 'D', now())
       returning id`,
    );
    ids.quotation = await id(
      `insert into quotations (shipment_id, agent_id, pickup_amount, total_amount)
       values (${ids.shipment}, ${ids.user}, 1, 1) returning id`,
    );
    ids.sample = await id(
      `insert into sample_shipments (seller_id, product_name, quantity, address)
       values (${ids.user}, 'P', 1, 'Addr') returning id`,
    );
    ids.leg = await id(
      `insert into shipment_legs (shipment_id, position, fc_code, cartons)
       values (${ids.shipment}, 0, 'ONT8', 1) returning id`,
    );
    ids.event = await id(
      `insert into leg_events (leg_id, milestone, occurred_at, recorded_by)
       values (${ids.leg}, 'booked', now(), ${ids.user}) returning id`,
    );
    ids.document = await id(
      `insert into order_documents (shipment_id, type, storage_key, file_name, mime_type, size_bytes, uploaded_by)
       values (${ids.shipment}, 'Other', 'k', 'f.pdf', 'application/pdf', 1, ${ids.user}) returning id`,
    );
    ids.change = await id(
      `insert into charge_changes (shipment_id, status, bid_total, final_amount, reason)
       values (${ids.shipment}, 'pending', 1, 2, 'not_given') returning id`,
    );
    ids.changeEvent = await id(
      `insert into charge_change_events (charge_change_id, action, actor_id)
       values (${ids.change}, 'proposed', ${ids.user}) returning id`,
    );
  });
  afterAll(async () => {
    await opened?.drop();
  });

  const columns: Array<[table: string, column: string, key: string, values: readonly string[]]> = [
    ["shipments", "status", "shipment", STORED_STATES.shipmentStatus],
    ["sample_shipments", "status", "sample", STORED_STATES.sampleStatus],
    ["charge_changes", "status", "change", STORED_STATES.chargeChangeStatus],
    ["charge_change_events", "action", "changeEvent", STORED_STATES.chargeChangeAction],
    ["shipment_legs", "milestone", "leg", STORED_STATES.milestone],
    ["leg_events", "milestone", "event", STORED_STATES.milestone],
    ["order_documents", "type", "document", STORED_STATES.documentType],
    ["shipment_legs", "different_fc_status", "leg", STORED_STATES.differentFcDecision],
  ];

  it.each(columns)("%s.%s refuses a value outside its states", async (table, column, key) => {
    expect(
      await refusal(`update "${table}" set "${column}" = 'Bogus' where id = ${ids[key]}`),
    ).toBe("23514");
  });

  it.each(columns)("%s.%s takes each of its states", async (table, column, key, values) => {
    for (const value of values) {
      const literal = value.replaceAll("'", "''");
      await run(`update "${table}" set "${column}" = '${literal}' where id = ${ids[key]}`);
    }
  });

  it("refuses a new shipment in a status no code writes", async () => {
    expect(
      await refusal(
        `insert into shipments (seller_id, status, freight_booking_reference_number, shipment_ready_date,
           supplier_contact_name, supplier_contact_phone, product_name, main_competitor_asin,
           pickup_full_address, compliance, detailed_product_description, bidding_ends_at)
         values (${ids.user}, 'Shipment Shipped', 'REF', '2026-12-01', 'S', '+15555550100', 'P', 'B000', 'Addr', '[]', 'D', now())`,
      ),
    ).toBe("23514");
  });

  it("refuses a winning quotation that does not exist, and keeps the one that wins", async () => {
    expect(
      await refusal(
        `update shipments set winning_quotation_id = 2147483000 where id = ${ids.shipment}`,
      ),
    ).toBe("23503");
    await run(
      `update shipments set winning_quotation_id = ${ids.quotation} where id = ${ids.shipment}`,
    );
    expect(await refusal(`delete from quotations where id = ${ids.quotation}`)).toBe("23503");
  });

  it("validated every constraint when migrating", async () => {
    const rows = await run(
      `select conname, convalidated from pg_constraint
        where conname in ('shipments_winning_quotation_id_quotations_id_fk', 'shipments_status_check',
          'sample_shipments_status_check', 'charge_changes_status_check', 'charge_change_events_action_check',
          'shipment_legs_milestone_check', 'shipment_legs_different_fc_status_check',
          'leg_events_milestone_check', 'order_documents_type_check')
        order by conname`,
    );
    expect(rows).toHaveLength(9);
    expect(rows.every((row) => row.convalidated === true)).toBe(true);
  });

  it("still deletes a shipment with its winning quotation (the cascade)", async () => {
    await run(
      `update shipments set winning_quotation_id = ${ids.quotation} where id = ${ids.shipment}`,
    );
    await run(`delete from shipments where id = ${ids.shipment}`);
    expect(await run(`select id from quotations where id = ${ids.quotation}`)).toEqual([]);
  });
});
