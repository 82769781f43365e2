-- migrate:no-transaction
-- Checks the rows already there against 0026's constraints. Each VALIDATE commits on its own and
-- takes a lock (SHARE UPDATE EXCLUSIVE; for the foreign key, ROW SHARE on quotations) that lets
-- reads and writes go on while the table is read; repeating one already valid does nothing.
ALTER TABLE "shipments" VALIDATE CONSTRAINT "shipments_winning_quotation_id_quotations_id_fk";
--> statement-breakpoint
ALTER TABLE "shipments" VALIDATE CONSTRAINT "shipments_status_check";
--> statement-breakpoint
ALTER TABLE "sample_shipments" VALIDATE CONSTRAINT "sample_shipments_status_check";
--> statement-breakpoint
ALTER TABLE "leg_events" VALIDATE CONSTRAINT "leg_events_milestone_check";
--> statement-breakpoint
ALTER TABLE "order_documents" VALIDATE CONSTRAINT "order_documents_type_check";
--> statement-breakpoint
ALTER TABLE "shipment_legs" VALIDATE CONSTRAINT "shipment_legs_milestone_check";
--> statement-breakpoint
ALTER TABLE "shipment_legs" VALIDATE CONSTRAINT "shipment_legs_different_fc_status_check";
--> statement-breakpoint
ALTER TABLE "charge_change_events" VALIDATE CONSTRAINT "charge_change_events_action_check";
--> statement-breakpoint
ALTER TABLE "charge_changes" VALIDATE CONSTRAINT "charge_changes_status_check";
