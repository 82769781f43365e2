import { z } from "zod";
import { text, textMessages } from "./text.js";
import { SAMPLE_SHIPMENT_STATUSES, listQuerySchema } from "./common.js";

export const SAMPLE_PRODUCT_NAME_MAX = 50;
export const SAMPLE_QUANTITY_MAX_DIGITS = 5;
export const SAMPLE_ADDRESS_MAX = 100;

export const sampleMessages = {
  productNameRequired: "Product name is required",
  productNameMax: "Product name cannot exceed 50 characters",
  // Named as the form labels them (Amount of Samples, Delivery Address), so label and message agree.
  quantityRequired: "Amount of Samples is required",
  quantityDigits: "Amount of Samples must contain only digits",
  quantityMin: "Amount of Samples must be at least 1",
  quantityMax: "Amount of Samples cannot exceed 5 digits",
  addressRequired: "Delivery Address is required",
  addressMax: "Delivery Address cannot exceed 100 characters",
  statusInvalid: "Status must be Shipment Completed",
  created: "Sample Shipment created successfully",
  completed: "Sample shipment marked as completed",
  alreadyCompleted: "This sample shipment is already completed",
  notAuthorised: "You are not authorised to view this shipment",
  claimed: "Sample shipment claimed",
  claimedByAnother: "Another agent is handling this sample shipment",
} as const;

/** Quantity arrives as a number (JSON) or a digit string (forms); both mean the same count. */
const quantitySchema = z
  .union([text(), z.number()], {
    // Only a string that breaks the text rule fails both options while being a string.
    error: (issue) =>
      typeof issue.input === "string" ? textMessages.invalid : sampleMessages.quantityRequired,
  })
  .transform((value) => (typeof value === "number" ? String(value) : value.trim()))
  .pipe(
    text()
      .min(1, { error: sampleMessages.quantityRequired, abort: true })
      .regex(/^\d+$/, { error: sampleMessages.quantityDigits, abort: true })
      .max(SAMPLE_QUANTITY_MAX_DIGITS, { error: sampleMessages.quantityMax, abort: true })
      .refine((value) => Number(value) >= 1, { error: sampleMessages.quantityMin, abort: true }),
  )
  .transform(Number);

export const createSampleShipmentInputSchema = z.object({
  product_name: text({ error: sampleMessages.productNameRequired })
    .trim()
    .min(1, { error: sampleMessages.productNameRequired, abort: true })
    .max(SAMPLE_PRODUCT_NAME_MAX, sampleMessages.productNameMax),
  quantity: quantitySchema,
  address: text({ error: sampleMessages.addressRequired })
    .trim()
    .min(1, { error: sampleMessages.addressRequired, abort: true })
    .max(SAMPLE_ADDRESS_MAX, sampleMessages.addressMax),
});
/** What a form or client sends (quantity as text or number). */
export type CreateSampleShipmentInput = z.input<typeof createSampleShipmentInputSchema>;
export type CreateSampleShipmentData = z.output<typeof createSampleShipmentInputSchema>;

export const sampleStatusUpdateInputSchema = z.object({
  status: z.literal("Shipment Completed", { error: sampleMessages.statusInvalid }),
});

export const sampleShipmentListQuerySchema = listQuerySchema;
export type SampleShipmentListQuery = z.infer<typeof sampleShipmentListQuerySchema>;

/** Fields the list may be ordered by (`-` prefix for descending); anything else is ignored. */
export const sampleShipmentSellerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  image: z.string().nullable(),
});

/** The agent handling a sample, as the seller, admins and every agent see them. */
export const sampleClaimAgentSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string(),
});

/**
 * A claimed sample: the first agent who acts on it (claims it, writes in its chat or completes
 * it) handles it alone, and everyone who sees the sample is told who (`agent`; null only from
 * servers older than this field's naming).
 */
export const sampleClaimSchema = z.object({
  claimed_at: z.string(),
  is_mine: z.boolean(),
  agent: sampleClaimAgentSchema.nullable(),
});
export type SampleClaim = z.infer<typeof sampleClaimSchema>;

export const sampleShipmentSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  address: z.string(),
  status: z.enum(SAMPLE_SHIPMENT_STATUSES),
  created_at: z.string(),
  seller: sampleShipmentSellerSchema,
  message_count: z.number().int(),
  /** Agents and admins only: where the samples are delivered, the address the seller typed. */
  delivery_address: z.string().optional(),
  /**
   * Agents and admins only: the product's samples desk for this seller (the fixed text of
   * `SAMPLE_ADDRESS_TEMPLATE` with the seller id), shown labelled as such; not where they go.
   */
  samples_desk_address: z.string().optional(),
  /** Null while no agent handles it yet; always sent by the server. */
  claim: sampleClaimSchema.nullable().optional(),
});
export type SampleShipment = z.infer<typeof sampleShipmentSchema>;
