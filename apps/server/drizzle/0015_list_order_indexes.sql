DROP INDEX "shipments_open_idx";--> statement-breakpoint
DROP INDEX "shipments_created_idx";--> statement-breakpoint
CREATE INDEX "shipments_open_product_idx" ON "shipments" USING btree ("product_name","id","bidding_ends_at") WHERE "shipments"."status" in ('Shipment Pending', 'Quotation Received');--> statement-breakpoint
CREATE INDEX "shipments_open_ready_date_idx" ON "shipments" USING btree ("shipment_ready_date","id","bidding_ends_at") WHERE "shipments"."status" in ('Shipment Pending', 'Quotation Received');--> statement-breakpoint
CREATE INDEX "shipments_product_idx" ON "shipments" USING btree ("product_name","id","status");--> statement-breakpoint
CREATE INDEX "shipments_ready_date_idx" ON "shipments" USING btree ("shipment_ready_date","id","status");--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("bidding_ends_at","id") WHERE "shipments"."status" in ('Shipment Pending', 'Quotation Received');--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at","id","status");