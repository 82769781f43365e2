-- migrate:no-transaction
-- The trigram indexes again, with a pending list of at most 256 kB (PostgreSQL's default is 4 MB):
-- rows written since the list's last merge wait in it, and every search through the index reads
-- all of them. Each new index is built beside the old one without blocking writes, then the old
-- one is dropped without blocking reads: searches have an index throughout.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "shipments_search_trgm_idx" ON "shipments" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=256);
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "shipments_search_text_trgm_idx";
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "shipment_packages_destination_trgm_idx" ON "shipment_packages" USING gin (lower("delivery_location") gin_trgm_ops) WITH (gin_pending_list_limit=256);
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "shipment_packages_delivery_trgm_idx";
