import { count, eq, sql, type Placeholder } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import { sampleShipments, shipments } from "../../db/schema/index.js";
import { countSellerShipments } from "../shipments/index.js";

export async function sellerCounts(
  db: DbOrTx,
  sellerId: number,
): Promise<{ active: number; completed: number; samples: number }> {
  const build = (seller: number | Placeholder) =>
    db.select({ value: count() }).from(sampleShipments).where(eq(sampleShipments.sellerId, seller));
  const prepared = preparedOnce(db, "seller-sample-count", () =>
    build(sql.placeholder("sellerId")).prepare("seller_sample_count"),
  );
  const [shipmentCounts, samples] = await Promise.all([
    countSellerShipments(db, sellerId),
    prepared ? prepared.execute({ sellerId }) : build(sellerId),
  ]);
  return { ...shipmentCounts, samples: Number(samples[0]?.value ?? 0) };
}

/**
 * The same three counts over the whole platform (an admin's view of the seller dashboard): one
 * grouped count of shipments by status and one count of sample shipments, as the admin's own
 * dashboard reads them.
 */
export async function platformCounts(
  db: DbOrTx,
): Promise<{ active: number; completed: number; samples: number }> {
  const [byStatus, samples] = await Promise.all([
    db
      .select({ status: shipments.status, value: count() })
      .from(shipments)
      .groupBy(shipments.status),
    db.select({ value: count() }).from(sampleShipments),
  ]);
  let active = 0;
  let completed = 0;
  for (const row of byStatus) {
    if (row.status === "Shipment Completed") completed += Number(row.value);
    else if (row.status !== "Shipment Cancelled") active += Number(row.value);
  }
  return { active, completed, samples: Number(samples[0]?.value ?? 0) };
}
