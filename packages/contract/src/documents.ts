import { z } from "zod";
import { idSchema } from "./common.js";
import { ORDER_DOCUMENT_TYPES, PROOF_OF_DELIVERY } from "./legs.js";
import { text } from "./text.js";
import { DOCUMENT_MIME_TYPES, documentMessages } from "./values/documents.js";
export * from "./values/documents.js";

/**
 * An order's typed documents (commercial invoice, packing list, proof of delivery, ...) and the
 * proof that each leg reached the FC it was booked for. Everything here adds to the spec's order.
 */

/** What the order's other parties are told when a document is added. */
export const documentNotificationTexts = {
  uploaded: (shipmentId: number, product: string, type: string, fcCode: string | null) =>
    `${type} added to shipment #${shipmentId} (${product})${fcCode ? ` for ${fcCode}` : ""}`,
  subject: (shipmentId: number, type: string) => `${type} added to shipment #${shipmentId}`,
} as const;

/** The multipart fields of an upload (the file itself is the `file` part). */
export const uploadDocumentFieldsSchema = z
  .object({
    type: z.enum(ORDER_DOCUMENT_TYPES, { error: documentMessages.typeRequired }),
    leg_id: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      idSchema.optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.type === PROOF_OF_DELIVERY && value.leg_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["leg_id"], message: documentMessages.legRequired });
    }
  });
export type UploadDocumentFields = z.infer<typeof uploadDocumentFieldsSchema>;

export const documentDownloadQuerySchema = z.object({
  expires: z.coerce.number().int().optional().catch(undefined),
  signature: text().max(200).optional(),
});

const documentPersonSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
});

export const orderDocumentSchema = z.object({
  id: z.number(),
  shipment: z.number(),
  /** The leg it belongs to (proof of delivery always has one). */
  leg: z.number().nullable(),
  type: z.enum(ORDER_DOCUMENT_TYPES),
  /** 1 for the first upload of this type (on this leg), counting up; older versions stay listed. */
  version: z.number().int(),
  /** True for the newest version of its type (on its leg). */
  latest: z.boolean(),
  /** The uploader's file name, with the extension of the type it really is. */
  file_name: z.string(),
  mime_type: z.enum(DOCUMENT_MIME_TYPES),
  size_bytes: z.number().int(),
  uploaded_by: documentPersonSchema,
  created_at: z.string(),
  /**
   * When it was taken off its leg (the existing client's "delete" of a warehouse's proof of
   * delivery); it stays listed, and no longer backs a Delivered milestone. Null (or absent) while
   * it is on its leg.
   */
  removed_at: z.string().nullable().optional(),
  /** A signed link that works for an hour; list the documents again for a fresh one. */
  download_url: z.string(),
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;
