-- migrate:no-transaction
-- A search for a destination FC reads the list's own index instead of each row's packages.
-- Each shipment keeps its packages' delivery locations (lower-cased, one per line, in package
-- order) in `destinations`, kept by a trigger on shipment_packages whichever writer changes them;
-- the list indexes carry it beside the search text, so a search for a common FC ("ONT8", an
-- eighth of all packages) checks each entry of the list's index where it looked up each row's
-- packages (1,330 lookups and 4,600 buffers for the open list's first 201 matches at 1,000,000
-- shipments), and a rare one is found by the trigrams of `destinations`.
-- Online: the column is added without a default (no rewrite); from the triggers on, every change
-- to a shipment's packages sets it; the shipments already there are filled in batches of 1,000
-- by id, each committed on its own (a batch holds its rows' locks for a moment only); the indexes
-- are built without blocking writes, then the ones they replace are dropped without blocking
-- reads. Every step can run again after a failure midway. Until the fill has passed a shipment, a
-- search finds it by its other fields only.
ALTER TABLE "shipments" ADD COLUMN IF NOT EXISTS "destinations" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "shipments_destinations_refresh"(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE "shipments" s SET "destinations" = d."value"
    FROM (SELECT c."id", (SELECT string_agg(lower(p."delivery_location"), E'\n' ORDER BY p."position")
                            FROM "shipment_packages" p WHERE p."shipment_id" = c."id") AS "value"
            FROM unnest(ids) AS c("id")) d
    WHERE s."id" = d."id" AND s."destinations" IS DISTINCT FROM d."value"
$$;
--> statement-breakpoint
-- A trigger with transition tables handles one kind of change, so there are three, each reading
-- the rows its statement changed: a shipment's packages written together update it once.
CREATE OR REPLACE FUNCTION "shipments_destinations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "shipments_destinations_refresh"(ARRAY(
      SELECT "shipment_id" FROM "changed_rows" UNION SELECT "shipment_id" FROM "changed_before"));
  ELSE
    PERFORM "shipments_destinations_refresh"(ARRAY(SELECT DISTINCT "shipment_id" FROM "changed_rows"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "shipments_destinations_inserted" AFTER INSERT ON "shipment_packages"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shipments_destinations"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "shipments_destinations_updated" AFTER UPDATE ON "shipment_packages"
  REFERENCING OLD TABLE AS "changed_before" NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "shipments_destinations"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "shipments_destinations_deleted" AFTER DELETE ON "shipment_packages"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shipments_destinations"();
--> statement-breakpoint
DO $$
DECLARE
  after_id integer := 0;
  upto_id integer;
BEGIN
  LOOP
    SELECT max(b."id") INTO upto_id
      FROM (SELECT "id" FROM "shipments" WHERE "id" > after_id ORDER BY "id" LIMIT 1000) b;
    EXIT WHEN upto_id IS NULL;
    UPDATE "shipments" s
      SET "destinations" = d."value"
      FROM (SELECT p."shipment_id",
                   string_agg(lower(p."delivery_location"), E'\n' ORDER BY p."position") AS "value"
              FROM "shipment_packages" p
              WHERE p."shipment_id" > after_id AND p."shipment_id" <= upto_id
              GROUP BY p."shipment_id") d
      WHERE s."id" = d."shipment_id" AND s."id" > after_id AND s."id" <= upto_id
        AND s."destinations" IS NULL;
    after_id := upto_id;
    COMMIT;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "shipments_open_list_idx" ON "shipments" USING btree ("bidding_ends_at","id","search_text","destinations") WHERE "shipments"."status" in ('Shipment Pending', 'Quotation Received');
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "shipments_created_list_idx" ON "shipments" USING btree ("created_at","id","status","search_text","destinations");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "shipments_seller_list_idx" ON "shipments" USING btree ("seller_id","created_at","id","status","search_text","destinations");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "shipments_destinations_trgm_idx" ON "shipments" USING gin ("destinations" gin_trgm_ops) WITH (gin_pending_list_limit=256);
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "shipments_open_idx";
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "shipments_created_idx";
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "shipments_seller_search_idx";
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "shipment_packages_destination_trgm_idx";
--> statement-breakpoint
ANALYZE "shipments";
