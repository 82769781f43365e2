-- migrate:no-transaction
-- A trigram index of each package's destination (lower-cased, as list searches match it): a
-- search for a term that few packages hold finds them here instead of reading every package.
-- Built without blocking writes to the packages.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "shipment_packages_delivery_trgm_idx" ON "shipment_packages" USING gin (lower("delivery_location") gin_trgm_ops);
