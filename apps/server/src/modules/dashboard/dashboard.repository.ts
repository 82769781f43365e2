import { count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { sampleShipments } from "../../db/schema/index.js";
import { countSellerShipments } from "../shipments/shipments.repository.js";

export async function sellerCounts(
  db: DbOrTx,
  sellerId: number,
): Promise<{ active: number; completed: number; samples: number }> {
  const [shipmentCounts, samples] = await Promise.all([
    countSellerShipments(db, sellerId),
    db
      .select({ value: count() })
      .from(sampleShipments)
      .where(eq(sampleShipments.sellerId, sellerId)),
  ]);
  return { ...shipmentCounts, samples: Number(samples[0]?.value ?? 0) };
}
