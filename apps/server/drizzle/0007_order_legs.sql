CREATE TABLE "leg_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"leg_id" integer NOT NULL,
	"milestone" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"location" text,
	"note" text,
	"mode" text,
	"vessel_or_flight" text,
	"appointment_id" text,
	"delivered_fc_code" text,
	"document_id" integer,
	"supersedes_id" integer,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"leg_id" integer,
	"type" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"position" integer NOT NULL,
	"fc_code" text NOT NULL,
	"cartons" integer NOT NULL,
	"fba_shipment_id" text,
	"amazon_reference_id" text,
	"appointment_id" text,
	"appointment_at" timestamp with time zone,
	"eta" date,
	"tracking_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leg_events" ADD CONSTRAINT "leg_events_leg_id_shipment_legs_id_fk" FOREIGN KEY ("leg_id") REFERENCES "public"."shipment_legs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leg_events" ADD CONSTRAINT "leg_events_document_id_order_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."order_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leg_events" ADD CONSTRAINT "leg_events_supersedes_id_leg_events_id_fk" FOREIGN KEY ("supersedes_id") REFERENCES "public"."leg_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leg_events" ADD CONSTRAINT "leg_events_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_leg_id_shipment_legs_id_fk" FOREIGN KEY ("leg_id") REFERENCES "public"."shipment_legs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD CONSTRAINT "shipment_legs_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leg_events_leg_idx" ON "leg_events" USING btree ("leg_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "leg_events_supersedes_idx" ON "leg_events" USING btree ("supersedes_id");--> statement-breakpoint
CREATE INDEX "order_documents_shipment_idx" ON "order_documents" USING btree ("shipment_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_legs_shipment_fc_idx" ON "shipment_legs" USING btree ("shipment_id","fc_code");