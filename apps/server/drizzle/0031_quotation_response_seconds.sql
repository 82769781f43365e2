-- migrate:no-transaction
-- Each bid keeps how long after its shipment's posting it came (seconds), so an agent's scorecard
-- takes its median response time from one index of the agent's bids instead of reading every
-- bid's shipment (1,000-1,700 scattered rows per refresh at 1,000,000 shipments).
-- Online: the column is added without a default (no rewrite); from the trigger on, every insert
-- sets it, whichever release's instance writes; the bids already there are filled in batches of
-- 5,000 by id, each committed on its own; the index is built without blocking writes. Every step
-- can run again after a failure midway.
ALTER TABLE "quotations" ADD COLUMN IF NOT EXISTS "response_seconds" double precision;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "quotations_response_seconds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."response_seconds" := extract(epoch from NEW."created_at" - (
    SELECT s."created_at" FROM "shipments" s WHERE s."id" = NEW."shipment_id"));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "quotations_response_seconds" BEFORE INSERT ON "quotations"
  FOR EACH ROW EXECUTE FUNCTION "quotations_response_seconds"();
--> statement-breakpoint
DO $$
DECLARE
  after_id integer := 0;
  upto_id integer;
BEGIN
  LOOP
    SELECT max(b."id") INTO upto_id
      FROM (SELECT "id" FROM "quotations" WHERE "id" > after_id ORDER BY "id" LIMIT 5000) b;
    EXIT WHEN upto_id IS NULL;
    UPDATE "quotations" q
      SET "response_seconds" = extract(epoch from q."created_at" - s."created_at")
      FROM "shipments" s
      WHERE s."id" = q."shipment_id" AND q."id" > after_id AND q."id" <= upto_id
        AND q."response_seconds" IS NULL;
    after_id := upto_id;
    COMMIT;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "quotations_agent_response_idx" ON "quotations" USING btree ("agent_id","response_seconds");
