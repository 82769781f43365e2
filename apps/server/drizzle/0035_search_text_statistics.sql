-- migrate:no-transaction
-- A finer sample of the search texts for the planner. A search reads its matches in list order up
-- to the count's cap, and for each term the planner walks the list's index (a common term) or
-- looks it up by trigrams (a rare one), going by the share of the search texts it expects the
-- term in. That share it reads off the column's histogram: 101 texts by default, so a term in one
-- shipment of 800 ("0042" at 1,000,000 shipments) could look like one in 100, and the walk for
-- its 201 matches then read 155,000 index entries (25 ms warm, 400-700 ms cold) where the
-- trigrams found them in 2 ms. 1,000 texts see a term down to one in 1,000. The server also reads
-- the words nearly every shipment holds off this sample (modules/shipments/search-words.ts).
-- Online: SET STATISTICS takes a lock that neither reads nor writes wait for, and ANALYZE reads
-- a sample of the table (300,000 rows at this target) without blocking either.
ALTER TABLE "shipments" ALTER COLUMN "search_text" SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "shipments";
