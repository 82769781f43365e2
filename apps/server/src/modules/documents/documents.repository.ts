import { and, asc, eq, inArray, isNull, lt } from "drizzle-orm";
import { PROOF_OF_DELIVERY } from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";
import { orderDocuments, shipmentLegs, uploadIntents, users } from "../../db/schema/index.js";

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
  /** When it was taken off its leg (it stays listed, for the history). */
  removedAt: Date | null;
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
  removedAt: orderDocuments.removedAt,
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

/** Notes an upload about to write its file under `key`. */
export async function recordUploadIntent(db: DbOrTx, key: string): Promise<void> {
  await db.insert(uploadIntents).values({ storageKey: key });
}

export async function clearUploadIntent(db: DbOrTx, key: string): Promise<void> {
  await db.delete(uploadIntents).where(eq(uploadIntents.storageKey, key));
}

/** Takes up to `limit` intents older than `before`: their uploads died before keeping the file. */
export async function takeStaleUploadIntents(
  db: DbOrTx,
  before: Date,
  limit: number,
): Promise<string[]> {
  const stale = db
    .select({ key: uploadIntents.storageKey })
    .from(uploadIntents)
    .where(lt(uploadIntents.createdAt, before))
    .limit(limit);
  const rows = await db
    .delete(uploadIntents)
    .where(inArray(uploadIntents.storageKey, stale))
    .returning({ key: uploadIntents.storageKey });
  return rows.map((row) => row.key);
}

/** True when the leg belongs to the order. */
export async function isLegOf(db: DbOrTx, shipmentId: number, legId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shipmentLegs.id })
    .from(shipmentLegs)
    .where(and(eq(shipmentLegs.id, legId), eq(shipmentLegs.shipmentId, shipmentId)));
  return row !== undefined;
}

/** Each leg's newest proof of delivery not taken off it, by leg. */
export async function proofsOfDelivery(
  db: DbOrTx,
  legIds: number[],
): Promise<Map<number, DocumentRow>> {
  if (legIds.length === 0) return new Map();
  const rows = await db
    .select(documentColumns)
    .from(orderDocuments)
    .innerJoin(users, eq(users.id, orderDocuments.uploadedBy))
    .where(
      and(
        inArray(orderDocuments.legId, legIds),
        eq(orderDocuments.type, PROOF_OF_DELIVERY),
        isNull(orderDocuments.removedAt),
      ),
    )
    .orderBy(asc(orderDocuments.id));
  // Oldest first: the newest of each leg is set last.
  return new Map(rows.map(toRow).map((row) => [row.legId!, row]));
}

/** Takes a document off its leg: the row and the file stay, marked with who and when. */
export async function markDocumentRemoved(
  db: DbOrTx,
  documentId: number,
  by: number,
  at: Date,
): Promise<void> {
  await db
    .update(orderDocuments)
    .set({ removedAt: at, removedBy: by })
    .where(and(eq(orderDocuments.id, documentId), isNull(orderDocuments.removedAt)));
}
