import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.js";
import { quotations, shipmentPackages, shipments, users } from "../../db/schema/index.js";

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string | null;
}

/** What an order's PDFs print of the order, its parties and its accepted bid. */
export interface OrderRecord {
  id: number;
  sellerId: number;
  winnerAgentId: number | null;
  status: string;
  productName: string;
  bookingReference: string;
  readyDate: string;
  pickupAddress: string;
  /** Who hands the goods over at pickup, with their phone. */
  supplierContact: string;
  trackingNumber: string | null;
  trackingCarrier: string | null;
  finalAmount: string | null;
  completedAt: Date | null;
  /** Destinations not delivered when the order was completed, and the agent's reason. */
  completionUndelivered: Array<{ fc_code: string; milestone: string }> | null;
  completionReason: string | null;
  seller: Person;
  agent: Person | null;
  bid: {
    pickupAmount: string;
    fastAmount: string | null;
    normalAmount: string | null;
    totalAmount: string;
    acceptedService: "fast" | "normal" | null;
    /** When the seller accepted it (the quotation's last change). */
    acceptedAt: Date;
  } | null;
}

export interface PackageLine {
  deliveryLocation: string;
  cartons: number;
  chargeableWeight: string;
}

const sellers = alias(users, "sellers");
const agents = alias(users, "agents");

export async function orderRecord(
  db: DbOrTx,
  shipmentId: number,
): Promise<OrderRecord | undefined> {
  const [row] = await db
    .select({
      id: shipments.id,
      sellerId: shipments.sellerId,
      winnerAgentId: shipments.winnerAgentId,
      status: shipments.status,
      productName: shipments.productName,
      bookingReference: shipments.freightBookingReferenceNumber,
      readyDate: shipments.shipmentReadyDate,
      pickupAddress: shipments.pickupFullAddress,
      supplierContactName: shipments.supplierContactName,
      supplierContactPhone: shipments.supplierContactPhone,
      trackingNumber: shipments.trackingNumber,
      trackingCarrier: shipments.trackingCarrier,
      finalAmount: shipments.finalAmount,
      completedAt: shipments.completedAt,
      completionUndelivered: shipments.completionUndelivered,
      completionReason: shipments.completionReason,
      sellerFirstName: sellers.firstName,
      sellerLastName: sellers.lastName,
      sellerEmail: sellers.email,
      sellerCompany: sellers.companyName,
      agentFirstName: agents.firstName,
      agentLastName: agents.lastName,
      agentEmail: agents.email,
      agentCompany: agents.companyName,
      quotationId: quotations.id,
      pickupAmount: quotations.pickupAmount,
      fastAmount: quotations.fastAmount,
      normalAmount: quotations.normalAmount,
      totalAmount: quotations.totalAmount,
      acceptedService: quotations.acceptedService,
      acceptedAt: quotations.updatedAt,
    })
    .from(shipments)
    .innerJoin(sellers, eq(sellers.id, shipments.sellerId))
    .leftJoin(agents, eq(agents.id, shipments.winnerAgentId))
    .leftJoin(quotations, eq(quotations.id, shipments.winningQuotationId))
    .where(eq(shipments.id, shipmentId));
  if (!row) return undefined;
  const hasBid =
    row.quotationId !== null &&
    row.pickupAmount !== null &&
    row.totalAmount !== null &&
    row.acceptedAt !== null;
  return {
    id: row.id,
    sellerId: row.sellerId,
    winnerAgentId: row.winnerAgentId,
    status: row.status,
    productName: row.productName,
    bookingReference: row.bookingReference,
    readyDate: row.readyDate,
    pickupAddress: row.pickupAddress,
    supplierContact: [row.supplierContactName, row.supplierContactPhone]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(", "),
    trackingNumber: row.trackingNumber,
    trackingCarrier: row.trackingCarrier,
    finalAmount: row.finalAmount,
    completedAt: row.completedAt,
    completionUndelivered: row.completionUndelivered,
    completionReason: row.completionReason,
    seller: {
      firstName: row.sellerFirstName,
      lastName: row.sellerLastName,
      email: row.sellerEmail,
      companyName: row.sellerCompany,
    },
    agent:
      row.agentEmail === null
        ? null
        : {
            firstName: row.agentFirstName ?? "",
            lastName: row.agentLastName ?? "",
            email: row.agentEmail,
            companyName: row.agentCompany,
          },
    bid: hasBid
      ? {
          pickupAmount: row.pickupAmount!,
          fastAmount: row.fastAmount,
          normalAmount: row.normalAmount,
          totalAmount: row.totalAmount!,
          acceptedService: row.acceptedService,
          acceptedAt: row.acceptedAt!,
        }
      : null,
  };
}

export async function packageLines(db: DbOrTx, shipmentId: number): Promise<PackageLine[]> {
  return db
    .select({
      deliveryLocation: shipmentPackages.deliveryLocation,
      cartons: shipmentPackages.numberOfCartons,
      chargeableWeight: shipmentPackages.chargeableWeight,
    })
    .from(shipmentPackages)
    .where(eq(shipmentPackages.shipmentId, shipmentId))
    .orderBy(asc(shipmentPackages.position));
}

/** The language an account chose (null: none chosen). */
export async function userLocale(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.locale ?? null;
}
