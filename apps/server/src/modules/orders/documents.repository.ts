import { and, asc, desc, eq } from "drizzle-orm";
import { PROOF_OF_DELIVERY } from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";
import { orderDocuments, shipmentLegs, users } from "../../db/schema/index.js";

export type DocumentInsert = typeof orderDocuments.$inferInsert;

export interface DocumentRow {
  id: number;
  shipmentId: number;
  legId: number | null;
  type: string;
  storageKey: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  createdAt: Date;
  uploadedBy: { id: number; firstName: string; lastName: string };
}

const documentColumns = {
  id: orderDocuments.id,
  shipmentId: orderDocuments.shipmentId,
  legId: orderDocuments.legId,
  type: orderDocuments.type,
  storageKey: orderDocuments.storageKey,
  fileName: orderDocuments.fileName,
  mimeType: orderDocuments.mimeType,
  sizeBytes: orderDocuments.sizeBytes,
  createdAt: orderDocuments.createdAt,
  uploaderId: orderDocuments.uploadedBy,
  uploaderFirstName: users.firstName,
  uploaderLastName: users.lastName,
};

type SelectedDocument = Omit<DocumentRow, "uploadedBy"> & {
  uploaderId: number;
  uploaderFirstName: string;
  uploaderLastName: string;
};

function toRow({
  uploaderId,
  uploaderFirstName,
  uploaderLastName,
  ...row
}: SelectedDocument): DocumentRow {
  return {
    ...row,
    uploadedBy: { id: uploaderId, firstName: uploaderFirstName, lastName: uploaderLastName },
  };
}

/** Every document of an order, every version, oldest first. */
export async function documentsOf(db: DbOrTx, shipmentId: number): Promise<DocumentRow[]> {
  const rows = await db
    .select(documentColumns)
    .from(orderDocuments)
    .innerJoin(users, eq(users.id, orderDocuments.uploadedBy))
    .where(eq(orderDocuments.shipmentId, shipmentId))
    .orderBy(asc(orderDocuments.id));
  return rows.map(toRow);
}

export async function findDocument(db: DbOrTx, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select(documentColumns)
    .from(orderDocuments)
    .innerJoin(users, eq(users.id, orderDocuments.uploadedBy))
    .where(eq(orderDocuments.id, id));
  return row ? toRow(row) : undefined;
}

export async function insertDocument(db: DbOrTx, values: DocumentInsert): Promise<number> {
  const [row] = await db.insert(orderDocuments).values(values).returning({ id: orderDocuments.id });
  return row!.id;
}

/** True when the leg belongs to the order. */
export async function isLegOf(db: DbOrTx, shipmentId: number, legId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shipmentLegs.id })
    .from(shipmentLegs)
    .where(and(eq(shipmentLegs.id, legId), eq(shipmentLegs.shipmentId, shipmentId)));
  return row !== undefined;
}

/** The leg's newest proof of delivery: what Delivered attaches when no document is named. */
export async function latestProofOfDelivery(
  db: DbOrTx,
  legId: number,
): Promise<{ id: number; legId: number | null; type: string } | undefined> {
  const [row] = await db
    .select({ id: orderDocuments.id, legId: orderDocuments.legId, type: orderDocuments.type })
    .from(orderDocuments)
    .where(and(eq(orderDocuments.legId, legId), eq(orderDocuments.type, PROOF_OF_DELIVERY)))
    .orderBy(desc(orderDocuments.id))
    .limit(1);
  return row;
}
