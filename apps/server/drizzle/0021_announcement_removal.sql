ALTER TABLE "announcements" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "removed_by" integer;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;