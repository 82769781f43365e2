-- Samples handled before claims existed: the agent who completed one handles it; otherwise the
-- first agent who wrote in its chat does.
UPDATE "sample_shipments" AS s
SET "claimed_by_id" = s."completed_by_id", "claimed_at" = s."completed_at"
FROM "users" AS u
WHERE u."id" = s."completed_by_id" AND u."group" = 'Shipper' AND s."claimed_by_id" IS NULL;--> statement-breakpoint
UPDATE "sample_shipments" AS s
SET "claimed_by_id" = first_post."sender_id", "claimed_at" = first_post."created_at"
FROM (
  SELECT DISTINCT ON (m."sample_shipment_id") m."sample_shipment_id", m."sender_id", m."created_at"
  FROM "chat_messages" AS m
  WHERE m."sample_shipment_id" IS NOT NULL AND m."sender_type" = 'Shipper'
  ORDER BY m."sample_shipment_id", m."id"
) AS first_post
WHERE s."id" = first_post."sample_shipment_id" AND s."claimed_by_id" IS NULL;
