import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { shipmentPackages, shipments } from "../../db/schema/index.js";

/** What the comparison needs of a shipment: its state, award and chargeable weight, in one read. */
export interface ComparisonShipment {
  id: number;
  sellerId: number;
  status: string;
  biddingEndsAt: Date;
  winningQuotationId: number | null;
  awardReason: string | null;
  awardReasonText: string | null;
  /** The sum of its package rows' chargeable weight (kg); null without packages. */
  chargeableWeightKg: number | null;
}

/**
 * The comparison's shipment read: one row by primary key, with the packages' chargeable weight
 * summed through their (shipment_id, position) index.
 */
export async function readComparisonShipment(
  db: DbOrTx,
  id: number,
): Promise<ComparisonShipment | undefined> {
  const [row] = await db
    .select({
      id: shipments.id,
      sellerId: shipments.sellerId,
      status: shipments.status,
      biddingEndsAt: shipments.biddingEndsAt,
      winningQuotationId: shipments.winningQuotationId,
      awardReason: shipments.awardReason,
      awardReasonText: shipments.awardReasonText,
      chargeableWeight: sql<
        string | null
      >`(select sum(${shipmentPackages.chargeableWeight}) from ${shipmentPackages} where ${shipmentPackages.shipmentId} = ${shipments.id})`,
    })
    .from(shipments)
    .where(eq(shipments.id, id))
    .limit(1);
  if (!row) return undefined;
  const { chargeableWeight, ...rest } = row;
  return {
    ...rest,
    chargeableWeightKg: chargeableWeight == null ? null : Number(chargeableWeight),
  };
}
