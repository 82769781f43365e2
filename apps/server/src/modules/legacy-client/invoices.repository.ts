import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { orderInvoices } from "../../db/schema/index.js";

export type InvoiceRow = typeof orderInvoices.$inferSelect;
export type InvoiceValues = Omit<
  typeof orderInvoices.$inferInsert,
  "id" | "shipmentId" | "issuedBy" | "createdAt" | "updatedAt"
>;

export async function findInvoice(db: DbOrTx, shipmentId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(orderInvoices)
    .where(eq(orderInvoices.shipmentId, shipmentId));
  return row;
}

/** One invoice per order: issuing it again replaces whom it bills. */
export async function upsertInvoice(
  db: DbOrTx,
  shipmentId: number,
  issuedBy: number,
  values: InvoiceValues,
): Promise<void> {
  await db
    .insert(orderInvoices)
    .values({ shipmentId, issuedBy, ...values })
    .onConflictDoUpdate({
      target: orderInvoices.shipmentId,
      set: { ...values, issuedBy, updatedAt: sql`now()` },
    });
}
