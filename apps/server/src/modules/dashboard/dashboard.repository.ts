import { count, eq, sql, type Placeholder } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import { sampleShipments } from "../../db/schema/index.js";
import { countSellerShipments } from "../shipments/shipments.repository.js";

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
