DROP INDEX "shipments_search_trgm_idx";--> statement-breakpoint
DROP INDEX "shipments_open_idx";--> statement-breakpoint
DROP INDEX "shipments_created_idx";--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(product_name || ' ' || freight_booking_reference_number || ' ' || pickup_full_address)) STORED;--> statement-breakpoint
CREATE INDEX "shipments_search_text_trgm_idx" ON "shipments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("bidding_ends_at","id","search_text") WHERE "shipments"."status" in ('Shipment Pending', 'Quotation Received');--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at","id","status","search_text");