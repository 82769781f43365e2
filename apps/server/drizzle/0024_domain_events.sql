CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"done_subscribers" text[] DEFAULT '{}'::text[] NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "event_id" bigint;--> statement-breakpoint
CREATE INDEX "domain_events_pending_idx" ON "domain_events" USING btree ("next_attempt_at","id") WHERE "domain_events"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "domain_events_parked_idx" ON "domain_events" USING btree ("id") WHERE "domain_events"."status" = 'parked';--> statement-breakpoint
CREATE INDEX "domain_events_done_idx" ON "domain_events" USING btree ("done_at") WHERE "domain_events"."status" = 'done';--> statement-breakpoint
CREATE UNIQUE INDEX "domain_events_dedupe_key" ON "domain_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_user_idx" ON "notifications" USING btree ("event_id","user_id");