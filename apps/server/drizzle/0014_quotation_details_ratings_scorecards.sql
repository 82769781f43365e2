CREATE TABLE "agent_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"overall" smallint NOT NULL,
	"communication" smallint NOT NULL,
	"care_of_cargo" smallint NOT NULL,
	"punctuality" smallint NOT NULL,
	"as_described" smallint NOT NULL,
	"comment" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_ratings_shipment_id_unique" UNIQUE("shipment_id"),
	CONSTRAINT "agent_ratings_scores" CHECK ("agent_ratings"."overall" between 1 and 5 and "agent_ratings"."communication" between 1 and 5 and "agent_ratings"."care_of_cargo" between 1 and 5 and "agent_ratings"."punctuality" between 1 and 5 and "agent_ratings"."as_described" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "agent_scorecards" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"bids" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"completed_orders" integer DEFAULT 0 NOT NULL,
	"cancelled_orders" integer DEFAULT 0 NOT NULL,
	"on_time_delivered" integer DEFAULT 0 NOT NULL,
	"on_time_measured" integer DEFAULT 0 NOT NULL,
	"booked_fc_delivered" integer DEFAULT 0 NOT NULL,
	"booked_fc_measured" integer DEFAULT 0 NOT NULL,
	"pod_delivered" integer DEFAULT 0 NOT NULL,
	"pod_measured" integer DEFAULT 0 NOT NULL,
	"variance_avg_pct" numeric(8, 2),
	"variance_worst_pct" numeric(8, 2),
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_overall" numeric(3, 2),
	"rating_communication" numeric(3, 2),
	"rating_care_of_cargo" numeric(3, 2),
	"rating_punctuality" numeric(3, 2),
	"rating_as_described" numeric(3, 2),
	"median_response_seconds" integer,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "fast_service_type" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "fast_transit_min_days" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "fast_transit_max_days" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "normal_service_type" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "normal_transit_min_days" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "normal_transit_max_days" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "inclusions" jsonb;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "reconfirm_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "award_reason" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "award_reason_text" text;--> statement-breakpoint
ALTER TABLE "agent_ratings" ADD CONSTRAINT "agent_ratings_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_ratings" ADD CONSTRAINT "agent_ratings_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_ratings" ADD CONSTRAINT "agent_ratings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_scorecards" ADD CONSTRAINT "agent_scorecards_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_ratings_agent_idx" ON "agent_ratings" USING btree ("agent_id","created_at");--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_fast_transit_range" CHECK ("quotations"."fast_transit_min_days" is null or "quotations"."fast_transit_max_days" >= "quotations"."fast_transit_min_days");--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_normal_transit_range" CHECK ("quotations"."normal_transit_min_days" is null or "quotations"."normal_transit_max_days" >= "quotations"."normal_transit_min_days");