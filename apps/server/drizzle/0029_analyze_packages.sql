-- migrate:no-transaction
-- Statistics of lower(delivery_location), which PostgreSQL gathers for an expression only once it
-- is indexed (0028): without them the planner guesses how many packages a search term matches,
-- and read every package's row for a term that none holds. ANALYZE reads a sample of the table
-- and blocks neither reads nor writes.
ANALYZE "shipment_packages";
