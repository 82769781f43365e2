ALTER TABLE "shipment_legs" ADD COLUMN "different_fc_code" text;--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD COLUMN "different_fc_status" text;--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD COLUMN "different_fc_note" text;--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD COLUMN "different_fc_by" integer;--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD COLUMN "different_fc_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD CONSTRAINT "shipment_legs_different_fc_by_users_id_fk" FOREIGN KEY ("different_fc_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;