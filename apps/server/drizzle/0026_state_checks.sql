-- migrate:no-transaction
-- The values each state column may hold, and the winning quotation's foreign key, added NOT VALID:
-- each ALTER holds its table's lock only to record the constraint (no row is read; new writes are
-- checked from then on), and commits on its own, so no lock waits for the next table's. Each is
-- dropped first if there, so a rerun after a failure midway starts over cleanly.
-- 0027 validates the rows already there without blocking writes.
ALTER TABLE "shipments" DROP CONSTRAINT IF EXISTS "shipments_winning_quotation_id_quotations_id_fk";
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_winning_quotation_id_quotations_id_fk" FOREIGN KEY ("winning_quotation_id") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "shipments" DROP CONSTRAINT IF EXISTS "shipments_status_check";
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('Shipment Pending', 'Quotation Received', 'Quotation Approved', 'Quotation Accepted', 'Shipment Completed', 'Shipment Cancelled')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "sample_shipments" DROP CONSTRAINT IF EXISTS "sample_shipments_status_check";
--> statement-breakpoint
ALTER TABLE "sample_shipments" ADD CONSTRAINT "sample_shipments_status_check" CHECK ("sample_shipments"."status" in ('Quotation Received', 'Shipment Completed')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "leg_events" DROP CONSTRAINT IF EXISTS "leg_events_milestone_check";
--> statement-breakpoint
ALTER TABLE "leg_events" ADD CONSTRAINT "leg_events_milestone_check" CHECK ("leg_events"."milestone" in ('booked', 'picked_up', 'departed_origin', 'arrived_destination', 'customs_cleared', 'out_for_delivery', 'delivered')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "order_documents" DROP CONSTRAINT IF EXISTS "order_documents_type_check";
--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_type_check" CHECK ("order_documents"."type" in ('Commercial invoice', 'Packing list', 'FBA box labels', 'Bill of lading / Air waybill', 'Customs entry', 'Safety data sheet', 'Proof of delivery', 'Carrier invoice', 'Other')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "shipment_legs" DROP CONSTRAINT IF EXISTS "shipment_legs_milestone_check";
--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD CONSTRAINT "shipment_legs_milestone_check" CHECK ("shipment_legs"."milestone" in ('booked', 'picked_up', 'departed_origin', 'arrived_destination', 'customs_cleared', 'out_for_delivery', 'delivered')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "shipment_legs" DROP CONSTRAINT IF EXISTS "shipment_legs_different_fc_status_check";
--> statement-breakpoint
ALTER TABLE "shipment_legs" ADD CONSTRAINT "shipment_legs_different_fc_status_check" CHECK ("shipment_legs"."different_fc_status" is null or "shipment_legs"."different_fc_status" in ('accepted', 'resolved')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "charge_change_events" DROP CONSTRAINT IF EXISTS "charge_change_events_action_check";
--> statement-breakpoint
ALTER TABLE "charge_change_events" ADD CONSTRAINT "charge_change_events_action_check" CHECK ("charge_change_events"."action" in ('proposed', 'withdrawn', 'accepted', 'disputed', 'decided')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "charge_changes" DROP CONSTRAINT IF EXISTS "charge_changes_status_check";
--> statement-breakpoint
ALTER TABLE "charge_changes" ADD CONSTRAINT "charge_changes_status_check" CHECK ("charge_changes"."status" in ('pending', 'accepted', 'disputed', 'decided', 'withdrawn')) NOT VALID;
