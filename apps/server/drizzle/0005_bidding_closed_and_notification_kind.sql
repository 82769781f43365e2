ALTER TABLE "shipments" ADD COLUMN "bidding_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
-- Windows that ended before this release count as judged: their sellers are not told again now.
UPDATE "shipments" SET "bidding_closed_at" = "bidding_ends_at" WHERE "bidding_ends_at" <= now();--> statement-breakpoint
CREATE INDEX "shipments_unjudged_pending_idx" ON "shipments" USING btree ("bidding_ends_at") WHERE "shipments"."status" = 'Shipment Pending' and "shipments"."bidding_closed_at" is null;
