import { type OrderDocumentType } from "./legs.js";

/** The documents' values the order page shows (no schemas: see ../documents.ts). */

/** The largest document accepted, in bytes. */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

/** The file types a document may be, decided by the file's bytes, never its name. */
export const DOCUMENT_MIME_TYPES = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/webp",
] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/** What a file input offers to pick. */
export const DOCUMENT_ACCEPT =
  ".pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp";

export const documentMessages = {
  typeRequired: "Choose the document type",
  fileRequired: "Choose a file to upload",
  fileType: "Only PDF, PNG, JPEG or WebP files can be uploaded",
  fileTooLarge: "A document can be at most 25 MB",
  legRequired: "Proof of delivery belongs to one leg: choose the leg",
  legUnknown: "That leg is not on this order",
  notFound: "Document not found",
  notAnOrder: "Documents can be added once the seller has accepted a bid",
  orderClosed: "This order is cancelled: its documents are read-only",
  uploaded: "Document uploaded",
  linkInvalid: "This link has expired or is invalid",
} as const;

/** What the agent needs from the seller before pickup, whatever the goods. */
export const PICKUP_DOCUMENTS: readonly OrderDocumentType[] = [
  "Commercial invoice",
  "Packing list",
  "FBA box labels",
];

/** Goods that also need a safety data sheet (the booking form's compliance choices). */
export const SDS_COMPLIANCE: readonly string[] = [
  "Batteries or Hazardous Materials",
  "Cream / Liquids / Powders",
];

export const SAFETY_DATA_SHEET: OrderDocumentType = "Safety data sheet";

/** The documents the agent will need before pickup for goods with these compliance choices. */
export function requiredDocuments(compliance: readonly string[]): OrderDocumentType[] {
  return compliance.some((choice) => SDS_COMPLIANCE.includes(choice))
    ? [...PICKUP_DOCUMENTS, SAFETY_DATA_SHEET]
    : [...PICKUP_DOCUMENTS];
}
