CREATE TABLE "average_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"fc_code" text NOT NULL,
	"slow_cost" numeric(14, 2) NOT NULL,
	"fast_cost" numeric(14, 2) NOT NULL,
	"air_cost" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"issued_by" integer NOT NULL,
	"first_name" text NOT NULL,
	"email" text NOT NULL,
	"company_name" text,
	"phone" text,
	"street_address" text,
	"city" text,
	"state" text,
	"country" text,
	"zip_code" text,
	"full_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_invoices_shipment_id_unique" UNIQUE("shipment_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "removed_by" integer;--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD COLUMN "chargeable_weight" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD COLUMN "unit_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD COLUMN "extra_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD COLUMN "pick_up_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD COLUMN "discount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "average_costs" ADD CONSTRAINT "average_costs_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "average_costs_agent_fc_idx" ON "average_costs" USING btree ("agent_id","fc_code");--> statement-breakpoint
CREATE INDEX "average_costs_fc_idx" ON "average_costs" USING btree ("fc_code");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Notifications written before actors were kept: a chat notification was caused by its message's
-- sender, an announcement's by its author; the others stay without a person.
UPDATE "notifications" AS n SET "actor_id" = m."sender_id"
FROM "chat_messages" AS m
WHERE m."id" = n."chat_message_id" AND n."actor_id" IS NULL;--> statement-breakpoint
UPDATE "notifications" AS n SET "actor_id" = a."sender_id"
FROM "announcements" AS a
WHERE a."id" = n."announcement_id" AND n."actor_id" IS NULL;
