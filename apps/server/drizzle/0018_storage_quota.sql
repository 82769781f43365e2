ALTER TABLE "users" ADD COLUMN "image_size_bytes" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "storage_used_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every stored file's bytes, charged to whoever uploaded it: documents (those taken off their leg
-- keep their file) and chat attachments. Avatars stored before sizes were kept count from their
-- next replacement.
UPDATE "users" SET "storage_used_bytes" = "files"."bytes"
FROM (
	SELECT "owner", sum("bytes")::bigint AS "bytes" FROM (
		SELECT "uploaded_by" AS "owner", "size_bytes" AS "bytes" FROM "order_documents"
		UNION ALL
		SELECT "uploader_id", "size_bytes" FROM "chat_attachments"
	) AS "all_files"
	GROUP BY "owner"
) AS "files"
WHERE "users"."id" = "files"."owner";
