import type { DocumentMimeType, OrderDocument, OrderDocumentType } from "@fba/contract";
import type { DocumentRow } from "./documents.repository.js";

/** The name a document is shown and downloaded under: its name plus its real type's extension. */
export function downloadName(row: Pick<DocumentRow, "fileName" | "storageKey">): string {
  return `${row.fileName}.${row.storageKey.split(".").pop() ?? "bin"}`;
}

/**
 * An order's documents, newest first. Uploads of the same type (on the same leg) are versions of
 * one document: numbered from 1 in upload order, the newest marked latest.
 */
export function presentDocuments(
  rows: DocumentRow[],
  urlFor: (id: number) => string,
): OrderDocument[] {
  const counts = new Map<string, number>();
  const versions = rows.map((row) => {
    const key = `${row.type}|${row.legId ?? ""}`;
    const version = (counts.get(key) ?? 0) + 1;
    counts.set(key, version);
    return { row, key, version };
  });
  return versions
    .map(({ row, key, version }) => ({
      id: row.id,
      shipment: row.shipmentId,
      leg: row.legId,
      type: row.type as OrderDocumentType,
      version,
      latest: counts.get(key) === version,
      file_name: downloadName(row),
      mime_type: row.mimeType as DocumentMimeType,
      size_bytes: row.sizeBytes,
      uploaded_by: {
        id: row.uploadedBy.id,
        first_name: row.uploadedBy.firstName,
        last_name: row.uploadedBy.lastName,
      },
      created_at: row.createdAt.toISOString(),
      removed_at: row.removedAt?.toISOString() ?? null,
      download_url: urlFor(row.id),
    }))
    .reverse();
}
