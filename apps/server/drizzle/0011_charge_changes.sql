CREATE TABLE "charge_change_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_change_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer NOT NULL,
	"old_amount" numeric(14, 2),
	"new_amount" numeric(14, 2),
	"reason" text,
	"note" text,
	"evidence_document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"status" text NOT NULL,
	"bid_total" numeric(14, 2) NOT NULL,
	"final_amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"evidence_document_id" integer,
	"dispute_reason" text,
	"disputed_at" timestamp with time zone,
	"decision_outcome" text,
	"decision_note" text,
	"agreed_amount" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_changes_shipment_id_unique" UNIQUE("shipment_id")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charge_change_events" ADD CONSTRAINT "charge_change_events_charge_change_id_charge_changes_id_fk" FOREIGN KEY ("charge_change_id") REFERENCES "public"."charge_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_change_events" ADD CONSTRAINT "charge_change_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_change_events" ADD CONSTRAINT "charge_change_events_evidence_document_id_order_documents_id_fk" FOREIGN KEY ("evidence_document_id") REFERENCES "public"."order_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_changes" ADD CONSTRAINT "charge_changes_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_changes" ADD CONSTRAINT "charge_changes_evidence_document_id_order_documents_id_fk" FOREIGN KEY ("evidence_document_id") REFERENCES "public"."order_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_change_events_change_idx" ON "charge_change_events" USING btree ("charge_change_id","id");--> statement-breakpoint
CREATE INDEX "charge_changes_status_idx" ON "charge_changes" USING btree ("status","disputed_at");--> statement-breakpoint
-- Orders completed before this column existed: their last change was the completion.
UPDATE "shipments" SET "completed_at" = "updated_at" WHERE "status" = 'Shipment Completed' AND "completed_at" IS NULL;
