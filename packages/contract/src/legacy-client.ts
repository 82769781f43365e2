import { z } from "zod";
import { emailSchema } from "./auth.js";
import { idSchema, listQuerySchema } from "./common.js";
import { legMessages, MILESTONES } from "./legs.js";
import { requiredId } from "./quotations.js";
import {
  shipmentDetailSchema,
  shipmentSellerSchema,
  trackingNumberInputSchema,
} from "./shipments.js";
import { text } from "./text.js";

/**
 * The existing web client's later screens (API-CONTRACT section 7), served as thin views of the
 * product's own order model: a warehouse row is a leg of an accepted order (one per Amazon
 * destination), its status the leg's milestone, its POD the leg's proof-of-delivery document and
 * its invoice lines the agent's charges for that leg.
 */

export const WAREHOUSE_ROW_STATUSES = [
  "Warehouse Pending",
  "Warehouse Picked Up",
  "Warehouse Completed",
] as const;
export type WarehouseRowStatus = (typeof WAREHOUSE_ROW_STATUSES)[number];

export const legacyClientMessages = {
  rowsCount: "Send between 1 and 10 warehouse rows",
  warehouseCodeRequired: "Warehouse code is required",
  warehouseNotOnOrder: "This order has no destination with that warehouse code",
  warehouseRepeated: "Each warehouse can be sent once",
  amountFormat: "Enter a number with at most 2 decimals",
  statusInvalid: "Status must be Warehouse Pending, Warehouse Picked Up or Warehouse Completed",
  statusBackwards:
    "A warehouse cannot go back to an earlier status: ask an admin to correct its milestone",
  rowNotFound: "Warehouse not found",
  onlyAgent: "Only the winning agent or an admin can change a warehouse",
  podRequired: "Choose a proof of delivery file",
  noPod: "This warehouse has no proof of delivery",
  podBacksDelivery:
    "This proof of delivery backs the warehouse's completion: ask an admin to correct the milestone first",
  trackingRequired: "Tracking number is required",
  packageNotFound: "Package not found",
  onlyAgentPackages: "Only the winning agent or an admin can set a package's tracking number",
  invoiceNotAnOrder: "An invoice exists once the seller has accepted a bid",
  onlyAgentInvoices: "Only the winning agent or an admin can issue the invoice",
  firstNameRequired: "Name is required",
  addressRequired: "Full address is required",
  fieldMax: "Cannot exceed 200 characters",
  warehousesSaved: "Warehouses saved successfully",
  statusUpdated: "Warehouse status updated successfully",
  podUploaded: "Proof of delivery uploaded successfully",
  podRemoved: "Proof of delivery removed successfully",
  trackingSaved: "Tracking number saved successfully",
  packageTrackingSaved: "Package tracking number saved successfully",
  invoiceCreated: "Invoice created successfully",
} as const;

const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** A weight or an amount in dollars as sent: a number or its text; blank or null is "not given". */
const optionalAmount = z.preprocess(
  (value) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value === "number") return Number.isFinite(value) ? String(value) : "invalid";
    if (typeof value === "string") return value.trim() === "" ? undefined : value.trim();
    return value;
  },
  text({ error: legacyClientMessages.amountFormat })
    .regex(AMOUNT_PATTERN, legacyClientMessages.amountFormat)
    .optional(),
);

/** W2: one destination's invoice lines. */
export const warehouseRowInputSchema = z.object({
  shipment: requiredId("Shipment is required"),
  warehouse_code: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
    text({ error: legacyClientMessages.warehouseCodeRequired })
      .min(1, legacyClientMessages.warehouseCodeRequired)
      .max(40, legacyClientMessages.warehouseCodeRequired),
  ),
  chargeable_weight: optionalAmount,
  extra_fee: optionalAmount,
  unit_price: optionalAmount,
  pick_up_fee: optionalAmount,
  discount: optionalAmount,
});
export type WarehouseRowInput = z.output<typeof warehouseRowInputSchema>;

/** W2's body is a JSON array of 1 to 10 rows. */
export const warehouseRowsInputSchema = z
  .array(warehouseRowInputSchema, { error: legacyClientMessages.rowsCount })
  .min(1, legacyClientMessages.rowsCount)
  .max(10, legacyClientMessages.rowsCount);

/** W3: `{id, status}` (the id repeats the path's). */
export const warehouseStatusInputSchema = z.object({
  id: idSchema.optional(),
  status: z.enum(WAREHOUSE_ROW_STATUSES, { error: legacyClientMessages.statusInvalid }),
});

/** W6: `{id, tracking_number}`, the leg's tracking number. */
export const warehouseTrackingInputSchema = z.object({
  id: idSchema.optional(),
  tracking_number: z.preprocess(
    (value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value),
    text({ error: legacyClientMessages.trackingRequired })
      .trim()
      .min(1, legacyClientMessages.trackingRequired)
      .max(40, legMessages.trackingMax),
  ),
});

/** P1: `{id, tracking_number}` for one package (carton group), checked like the order's. */
export const packageTrackingInputSchema = z.object({
  id: idSchema.optional(),
  tracking_number: trackingNumberInputSchema,
});

/** `warehouses/?shipment_id=`: the order's rows instead of the FC list. */
export const warehouseQueryShipmentSchema = z.preprocess(
  (value) => (value === "" ? undefined : value),
  idSchema.optional(),
);

/**
 * A warehouse row: one leg. Amounts are text with 2 decimals, "" until given; the chargeable
 * weight falls back to the weight booked to that FC. `pod_document` is a signed link (an hour)
 * whose last path segment is the file's name, or null.
 */
export const warehouseRowSchema = z.object({
  id: z.number().int(),
  shipment: z.number().int(),
  warehouse_code: z.string(),
  chargeable_weight: z.string(),
  extra_fee: z.string(),
  unit_price: z.string(),
  pick_up_fee: z.string(),
  discount: z.string(),
  status: z.enum(WAREHOUSE_ROW_STATUSES),
  tracking_number: z.string().nullable(),
  pod_document: z.string().nullable(),
  /** Additive: the leg's milestone and the proof of delivery's document id. */
  milestone: z.enum(MILESTONES),
  pod_document_id: z.number().int().nullable(),
});
export type WarehouseRow = z.infer<typeof warehouseRowSchema>;

/** P1's answer: the package as the shipment shows it. */
export const packageTrackingSchema = z.object({
  id: z.number().int(),
  shipment: z.number().int(),
  tracking_number: z.string().nullable(),
  tracking_link: z.string().nullable(),
});

const optionalField = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  text().trim().max(200, legacyClientMessages.fieldMax).nullish(),
);

/**
 * I2: whom the invoice bills, as the agent confirmed it. `user_id` and `pickup_location_id` are
 * accepted and ignored: an order's invoice always bills its seller.
 */
export const createInvoiceInputSchema = z.object({
  shipment: requiredId("Shipment is required"),
  user_id: z.unknown().optional(),
  pickup_location_id: z.unknown().optional(),
  pickup_location: z.object(
    {
      street_address: optionalField,
      city: optionalField,
      state: optionalField,
      country: optionalField,
      zip_code: optionalField,
      full_address: text({ error: legacyClientMessages.addressRequired })
        .trim()
        .min(1, legacyClientMessages.addressRequired)
        .max(500, legacyClientMessages.addressRequired),
    },
    { error: legacyClientMessages.addressRequired },
  ),
  user: z.object(
    {
      email: emailSchema,
      first_name: text({ error: legacyClientMessages.firstNameRequired })
        .trim()
        .min(1, legacyClientMessages.firstNameRequired)
        .max(100, legacyClientMessages.firstNameRequired),
      profile: z
        .object({ phone: optionalField, company_name: optionalField })
        .optional()
        .default({}),
    },
    { error: legacyClientMessages.firstNameRequired },
  ),
});
export type CreateInvoiceInput = z.output<typeof createInvoiceInputSchema>;

export const invoiceQuerySchema = listQuerySchema.pick({ page: true, per_page: true }).extend({
  shipment_id: requiredId("Shipment is required"),
});

export const invoiceLineSchema = z.object({
  warehouse_code: z.string(),
  chargeable_weight: z.string(),
  unit_price: z.string(),
  extra_fee: z.string(),
  pick_up_fee: z.string(),
  discount: z.string(),
  /** Weight × price per kg + extra fee + pick-up fee − discount (missing values count as 0). */
  amount: z.string(),
});

/** The customer invoice: whom it bills (as issued) and, additively, its lines and total. */
export const invoiceSchema = z.object({
  id: z.number().int(),
  shipment: z.object({ id: z.number().int() }),
  user: z.object({
    first_name: z.string(),
    email: z.string(),
    profile: z.object({ company_name: z.string().nullable(), phone: z.string().nullable() }),
  }),
  pickup_location: z.object({
    street_address: z.string().nullable(),
    full_address: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    zip_code: z.string().nullable(),
  }),
  lines: z.array(invoiceLineSchema),
  total: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** S17: the shipment at the top level of `data`, its seller with the profile's company name. */
export const sellerShipmentDetailSchema = shipmentDetailSchema.extend({
  user: shipmentSellerSchema.extend({
    profile: z.object({ phone: z.string().nullable(), company_name: z.string().nullable() }),
  }),
});
export type SellerShipmentDetail = z.infer<typeof sellerShipmentDetailSchema>;
