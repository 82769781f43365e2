ALTER TABLE "users" ADD COLUMN "milestone_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_packages" ADD COLUMN "fba_shipment_id" text;--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD COLUMN "milestone" text DEFAULT 'booked' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD COLUMN "last_event_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Legs booked before this release: their latest milestone (corrections applied) and its time.
UPDATE "shipment_legs" AS l
SET "milestone" = latest."milestone", "last_event_at" = latest."occurred_at"
FROM (
  SELECT DISTINCT ON (e."leg_id") e."leg_id", e."milestone", e."occurred_at"
  FROM "leg_events" AS e
  WHERE NOT EXISTS (SELECT 1 FROM "leg_events" AS c WHERE c."supersedes_id" = e."id")
  ORDER BY e."leg_id",
    array_position(ARRAY['booked', 'picked_up', 'departed_origin', 'arrived_destination',
      'customs_cleared', 'out_for_delivery', 'delivered']::text[], e."milestone") DESC
) AS latest
WHERE l."id" = latest."leg_id";
