-- migrate:no-transaction
-- Searches that read their own list's entries rather than the whole table's trigrams.
-- - A trigram index of the shipments in the open list's statuses: an agent's search of the open
--   list reads only their posting lists. At 1,000,000 shipments, "mug 12" in the open list went
--   from 17 ms to 5.6 ms and "FBR 0012345" from 11 ms to 4 ms.
-- - A seller's index carries the search text: a seller's search checks their own entries in the
--   index (237 for the bench's busiest seller) instead of intersecting them with the whole
--   table's trigrams: "mug 12" in a seller's list went from 7.8 ms to 0.6 ms. It replaces the
--   seller's index without it (the same columns before it), which is dropped once the new one
--   is built.
-- Each index is built without blocking writes; the old one is dropped without blocking reads.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "shipments_open_search_trgm_idx" ON "shipments" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=256) WHERE "shipments"."status" in ('Shipment Pending', 'Quotation Received');
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "shipments_seller_search_idx" ON "shipments" USING btree ("seller_id","created_at","id","status","search_text");
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "shipments_seller_created_idx";
