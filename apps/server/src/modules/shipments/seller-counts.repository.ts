import { count, eq, Placeholder, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import { shipments } from "../../db/schema/index.js";
/** The seller dashboard's counts of their shipments. */

export async function countSellerShipments(
  db: DbOrTx,
  sellerId: number,
): Promise<{ active: number; completed: number }> {
  const build = (seller: number | Placeholder) =>
    db
      .select({ status: shipments.status, value: count() })
      .from(shipments)
      .where(eq(shipments.sellerId, seller))
      .groupBy(shipments.status);
  const prepared = preparedOnce(db, "seller-shipment-counts", () =>
    build(sql.placeholder("sellerId")).prepare("seller_shipment_counts"),
  );
  const rows = prepared ? await prepared.execute({ sellerId }) : await build(sellerId);
  let active = 0;
  let completed = 0;
  for (const row of rows) {
    if (row.status === "Shipment Completed") completed += Number(row.value);
    else if (row.status !== "Shipment Cancelled") active += Number(row.value);
  }
  return { active, completed };
}
