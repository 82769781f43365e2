import type { FastifyInstance } from "fastify";
import { sampleShipments } from "../db/schema/index.js";

/** Inserts a sample shipment straight into the database. */
export async function createSampleShipment(
  app: FastifyInstance,
  sellerId: number,
  overrides: Partial<{
    productName: string;
    quantity: number;
    address: string;
    status: "Quotation Received" | "Shipment Completed";
    createdAt: Date;
  }> = {},
): Promise<{ id: number }> {
  const [row] = await app.database.db
    .insert(sampleShipments)
    .values({
      sellerId,
      productName: overrides.productName ?? "Sample mug",
      quantity: overrides.quantity ?? 3,
      address: overrides.address ?? "12 Pier Road, Austin",
      status: overrides.status ?? "Quotation Received",
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning({ id: sampleShipments.id });
  if (!row) throw new Error("sample insert failed");
  return row;
}
