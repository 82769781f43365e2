ALTER TABLE "shipments" ADD COLUMN "completion_undelivered" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "completion_reason" text;--> statement-breakpoint
ALTER TABLE "agent_scorecards" ADD COLUMN "completed_undelivered" integer DEFAULT 0 NOT NULL;