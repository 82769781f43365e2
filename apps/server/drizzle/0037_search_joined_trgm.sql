-- migrate:no-transaction
-- A term of several words looked up by trigrams that cross its words. PostgreSQL takes a text's
-- trigrams word by word, so "mug 12" looked up in the search text's index found every text
-- holding the word "mug" and a word beginning "12", and each was read from the table and checked:
-- at 1,000,000 shipments 6,905 rows for the 336 holding the term (25 ms warm). In the search
-- text without its spaces, "mug12" has trigrams across the words, and the lookup finds the 336
-- (0.7 ms); each row is still checked for the term as typed.
-- Built without blocking writes (20 s at 1,000,000 shipments); ANALYZE then reads a sample of the
-- indexed expression, which the planner weighs the lookup by, without blocking reads or writes.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "shipments_search_joined_trgm_idx" ON "shipments" USING gin (replace("search_text", ' ', '') gin_trgm_ops) WITH (gin_pending_list_limit=256);
--> statement-breakpoint
ANALYZE "shipments";
