import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { mappedByPosition, preparedOnce } from "../../db/prepared.js";
import { shipments } from "../../db/schema/index.js";

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
function selectComparisonShipment(db: DbOrTx) {
  return db
    .select({
      id: shipments.id,
      sellerId: shipments.sellerId,
      status: shipments.status,
      biddingEndsAt: shipments.biddingEndsAt,
      winningQuotationId: shipments.winningQuotationId,
      awardReason: shipments.awardReason,
      awardReasonText: shipments.awardReasonText,
      // Qualified by hand: in a one-table select the builder writes columns unqualified, and a bare
      // "id" inside the subquery would be the package's own.
      chargeableWeight: sql<
        string | null
      >`(select sum(p.chargeable_weight) from shipment_packages p where p.shipment_id = "shipments"."id")`,
    })
    .from(shipments);
}

export async function readComparisonShipment(
  db: DbOrTx,
  id: number,
): Promise<ComparisonShipment | undefined> {
  // Built once and prepared: a hot read that only binds its id.
  const prepared = preparedOnce(db, "comparison-shipment", () =>
    mappedByPosition(
      selectComparisonShipment(db)
        .where(eq(shipments.id, sql.placeholder("id")))
        .limit(1)
        .prepare("comparison_shipment"),
    ),
  );
  const [row] = prepared
    ? await prepared.execute({ id })
    : await selectComparisonShipment(db).where(eq(shipments.id, id)).limit(1);
  if (!row) return undefined;
  const { chargeableWeight, ...rest } = row;
  return {
    ...rest,
    chargeableWeightKg: chargeableWeight == null ? null : Number(chargeableWeight),
  };
}
