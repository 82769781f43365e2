-- migrate:no-transaction
-- A reader's unread messages counted in the index alone. Each list row's unread count reads the
-- reader's cursor first and walks the chat's (chat, id) entries above it; with the sender in the
-- index, the walk checks who sent each message without visiting the table. On a seller's page of
-- 50 with 40 messages a chat, that was 1,100 table pages a page. These indexes replace the
-- (chat, id) ones, which they begin with: chat pages and their cursors read them as before.
-- Each index is built without blocking writes; the old one is dropped without blocking reads.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "chat_messages_shipment_sender_idx" ON "chat_messages" USING btree ("shipment_id","id","sender_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "chat_messages_sample_sender_idx" ON "chat_messages" USING btree ("sample_shipment_id","id","sender_id");
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "chat_messages_shipment_idx";
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "chat_messages_sample_idx";
