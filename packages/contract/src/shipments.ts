import { z } from "zod";
import { text } from "./text.js";
import { isLettersDigitsSpaces, isReference } from "./values/letters.js";
import {
  ACTIVE_SHIPMENT_STATUSES,
  COMPLIANCE_OPTIONS,
  MAX_WAREHOUSE_GROUPS,
  SHIPMENT_STATUSES,
  isoDateSchema,
  listQuerySchema,
} from "./common.js";
import { emailSchema, firstNameSchema, lastNameSchema, requiredString } from "./auth.js";
import { quotationOrEmptySchema } from "./quotations.js";
import {
  ORDER_DOCUMENT_TYPES,
  deliveryProofSchema,
  fbaShipmentIdSchema,
  legsAttentionSchema,
} from "./legs.js";
import {
  TRACKING_CARRIERS,
  compactTrackingNumber,
  trackingCarrierSchema,
  trackingMessages,
} from "./carriers.js";

/** The longest detailed product description: room for materials, sizes, variants and uses. */
export const DESCRIPTION_MAX = 2000;

/** The booking form's messages; the server and the web form share them. */
export const shipmentMessages = {
  referenceRequired: "Freight booking reference number is required",
  referencePattern: "Freight booking reference number can only contain letters, numbers and spaces",
  referenceMin: "Freight booking reference number must be at least 2 characters",
  referenceMax: "Freight booking reference number cannot exceed 50 characters",
  dateRequired: "Shipment Date is required",
  dateInvalid: "Invalid date",
  datePast: "Shipment Date cannot be in the past",
  supplierNameRequired: "Supplier contact name is required",
  supplierNamePattern: "Supplier contact name can only contain letters, numbers and spaces",
  supplierNameMin: "Supplier contact name must be at least 2 characters",
  supplierNameMax: "Supplier contact name cannot exceed 50 characters",
  supplierPhoneRequired: "Supplier contact phone is required",
  supplierPhoneDigits: "Supplier contact phone must contain only digits",
  supplierPhoneMax: "Supplier contact phone cannot exceed 15 digits",
  productNameRequired: "Product name is required",
  productNamePattern: "Product name can only contain letters, numbers and spaces",
  productNameMin: "Product name must be at least 2 characters",
  productNameMax: "Product name cannot exceed 50 characters",
  asinRequired: "Amazon standard identification number is required",
  asinMax: "Amazon standard identification number cannot exceed 50 characters",
  pickupRequired: "Pickup Address is required",
  pickupMax: "Pickup Address cannot exceed 255 characters",
  streetMax: "Street address cannot exceed 100 characters",
  zipInvalid: "Zip code must be 5 digits, optionally followed by a dash and 4 digits",
  textMax: "Cannot exceed 100 characters",
  latitudeInvalid: "Latitude must be between -90 and 90",
  longitudeInvalid: "Longitude must be between -180 and 180",
  packagesRequired: "At least one package is required",
  packagesMax: `No more than ${MAX_WAREHOUSE_GROUPS} warehouse and package groups can be added`,
  lengthRequired: "Carton dimensions length is required",
  widthRequired: "Carton dimensions width is required",
  heightRequired: "Carton dimensions height is required",
  weightRequired: "Weight per carton is required",
  costRequired: "Total cost of goods is required",
  cartonsRequired: "Total number of cartons is required",
  mustBeNumber: "Must be a number",
  mustBePositive: "Must be greater than 0",
  cartonsWhole: "Total number of cartons must be a whole number",
  dimensionMax: "Carton dimension cannot exceed 1000 cm",
  weightMax: "Weight per carton cannot exceed 10000 kg",
  costMax: "Total cost of goods cannot exceed 1000000000",
  costDecimals: "Total cost of goods can have at most 2 decimals (cents)",
  cartonsMax: "Total number of cartons cannot exceed 100000",
  deliveryRequired: "Delivery Address is required",
  deliveryMin: "Delivery Address must be at least 2 characters",
  deliveryMax: "Delivery Address cannot exceed 50 characters",
  descriptionRequired: "Detailed product description is required",
  descriptionMin: "Detailed product description must be at least 2 characters",
  descriptionMax: "Detailed product description cannot exceed 2000 characters",
  complianceRequired: "At least one shipment contain must be checked.",
  complianceInvalid: "Unknown compliance option",
  notesMin: "Additional notes must be at least 2 characters",
  notesMax: "Additional notes cannot exceed 50 characters",
  required: "Required",
  statusInvalid: "Status must be Quotation Accepted, Shipment Completed or Shipment Cancelled",
  trackingMax: "Tracking number cannot exceed 40 digits",
  finalAmountMax: "Final amount cannot exceed 1000000000",
  finalAmountDecimals: "Final amount can have at most 2 decimals (cents)",
  notAuthorisedToView: "You are not authorised to view this shipment",
  cannotViewNow: "You cannot view this shipment right now.",
  created: "Shipment created successfully",
  infoUpdated: "Shipment details updated successfully",
  statusUpdated: "Shipment status updated successfully",
  reopened: "Bidding reopened successfully",
  cancelled: "Shipment cancelled successfully",
  winnerSet: "Winning quotation approved successfully",
} as const;

/** Letters of any script, digits and spaces (`accepts` widens it, e.g. for references). */
const alnumText = (
  required: string,
  pattern: string,
  min: string,
  max: string,
  accepts: (value: string) => boolean = isLettersDigitsSpaces,
) =>
  requiredString(required)
    .min(2, { error: min, abort: true })
    .max(50, { error: max, abort: true })
    .refine(accepts, pattern);

/** Absent, null and blank are "not given"; numeric strings become numbers, anything else NaN. */
function toNumberInput(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (trimmed === "") return undefined;
    return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  }
  return value;
}

/** Digits after the decimal point as the number prints ("12.5" has 1). */
function decimalPlaces(value: number): number {
  const match = /\.(\d+)$/.exec(String(value));
  return match?.[1]?.length ?? 0;
}

/**
 * A required positive number with the field's own "required" message and an upper bound; money
 * (`cents`) has at most 2 decimals, counts (`integer`) none: more is refused, never rounded.
 */
export const requiredPositiveNumber = (
  required: string,
  max: number,
  maxMessage: string,
  options: { integer?: boolean; integerMessage?: string; centsMessage?: string } = {},
) => {
  let schema = z
    .number({
      error: (issue) => (issue.input === undefined ? required : shipmentMessages.mustBeNumber),
    })
    .positive(shipmentMessages.mustBePositive)
    .max(max, maxMessage);
  if (options.integer) schema = schema.int(options.integerMessage ?? shipmentMessages.mustBeNumber);
  if (options.centsMessage) {
    schema = schema.refine((value) => decimalPlaces(value) <= 2, options.centsMessage);
  }
  return z.preprocess(toNumberInput, schema);
};

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    text().trim().max(max, message).nullish(),
  );

const optionalCoordinate = (limit: number, message: string) =>
  z.preprocess(
    toNumberInput,
    z.number({ error: message }).min(-limit, message).max(limit, message).nullish(),
  );

/**
 * "Not in the past", judged loosely by one day: the browser picks "today" in the user's zone,
 * which can be a day behind UTC.
 */
function isNotInPast(value: string, now = new Date()): boolean {
  const earliest = new Date(now.getTime() - 24 * 3600 * 1000).toISOString().slice(0, 10);
  return value >= earliest;
}

export const shipmentReadyDateSchema = text({ error: shipmentMessages.dateRequired })
  .trim()
  .min(1, { error: shipmentMessages.dateRequired, abort: true })
  .pipe(isoDateSchema)
  .refine((value) => isNotInPast(value), shipmentMessages.datePast);

export const pickupLocationInputSchema = z.object({
  full_address: requiredString(shipmentMessages.pickupRequired).max(
    255,
    shipmentMessages.pickupMax,
  ),
  street_address: optionalText(100, shipmentMessages.streetMax),
  city: optionalText(100, shipmentMessages.textMax),
  state: optionalText(100, shipmentMessages.textMax),
  country: optionalText(100, shipmentMessages.textMax),
  zip_code: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    text()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, shipmentMessages.zipInvalid)
      .nullish(),
  ),
  latitude: optionalCoordinate(90, shipmentMessages.latitudeInvalid),
  longitude: optionalCoordinate(180, shipmentMessages.longitudeInvalid),
  place_id: optionalText(255, "Place id cannot exceed 255 characters"),
});

export const packageInputSchema = z.object({
  carton_dimensions_length: requiredPositiveNumber(
    shipmentMessages.lengthRequired,
    1000,
    shipmentMessages.dimensionMax,
  ),
  carton_dimensions_width: requiredPositiveNumber(
    shipmentMessages.widthRequired,
    1000,
    shipmentMessages.dimensionMax,
  ),
  carton_dimensions_height: requiredPositiveNumber(
    shipmentMessages.heightRequired,
    1000,
    shipmentMessages.dimensionMax,
  ),
  weight_per_carton_kg: requiredPositiveNumber(
    shipmentMessages.weightRequired,
    10_000,
    shipmentMessages.weightMax,
  ),
  total_cost_of_goods: requiredPositiveNumber(
    shipmentMessages.costRequired,
    1_000_000_000,
    shipmentMessages.costMax,
    { centsMessage: shipmentMessages.costDecimals },
  ),
  number_of_cartons: requiredPositiveNumber(
    shipmentMessages.cartonsRequired,
    100_000,
    shipmentMessages.cartonsMax,
    { integer: true, integerMessage: shipmentMessages.cartonsWhole },
  ),
  delivery_location: requiredString(shipmentMessages.deliveryRequired)
    .min(2, { error: shipmentMessages.deliveryMin, abort: true })
    .max(50, shipmentMessages.deliveryMax),
  /** Optional: the seller's FBA shipment ID for this destination, copied to its leg on acceptance. */
  fba_shipment_id: fbaShipmentIdSchema,
});
export type PackageInput = z.input<typeof packageInputSchema>;

export const complianceInputSchema = z.object({
  detailed_product_description: requiredString(shipmentMessages.descriptionRequired)
    .min(2, { error: shipmentMessages.descriptionMin, abort: true })
    .max(DESCRIPTION_MAX, shipmentMessages.descriptionMax),
  compliance: z
    .array(z.enum(COMPLIANCE_OPTIONS, { error: shipmentMessages.complianceInvalid }), {
      error: shipmentMessages.complianceRequired,
    })
    .min(1, shipmentMessages.complianceRequired)
    .max(COMPLIANCE_OPTIONS.length, shipmentMessages.complianceInvalid)
    .transform((values) => [...new Set(values)]),
  additional_notes: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    text()
      .trim()
      .min(2, { error: shipmentMessages.notesMin, abort: true })
      .max(50, shipmentMessages.notesMax)
      .nullish(),
  ),
});

export const contactInformationInputSchema = z.object({
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  email: emailSchema,
});

export const createShipmentInputSchema = z.object({
  freight_booking_reference_number: alnumText(
    shipmentMessages.referenceRequired,
    shipmentMessages.referencePattern,
    shipmentMessages.referenceMin,
    shipmentMessages.referenceMax,
    // Real PO and booking numbers: "PO-2026-1201", "BK/55.1".
    isReference,
  ),
  shipment_ready_date: shipmentReadyDateSchema,
  supplier_contact_name: alnumText(
    shipmentMessages.supplierNameRequired,
    shipmentMessages.supplierNamePattern,
    shipmentMessages.supplierNameMin,
    shipmentMessages.supplierNameMax,
  ),
  supplier_contact_phone: z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    requiredString(shipmentMessages.supplierPhoneRequired)
      // Phone controls add separators; only the digits count.
      .transform((value) => value.replace(/[\s()\-.]/g, ""))
      .pipe(
        text()
          .regex(/^\+?\d+$/, { error: shipmentMessages.supplierPhoneDigits, abort: true })
          .refine(
            (value) => value.replace("+", "").length <= 15,
            shipmentMessages.supplierPhoneMax,
          ),
      ),
  ),
  product_name: alnumText(
    shipmentMessages.productNameRequired,
    shipmentMessages.productNamePattern,
    shipmentMessages.productNameMin,
    shipmentMessages.productNameMax,
  ),
  main_competitor_asin: requiredString(shipmentMessages.asinRequired).max(
    50,
    shipmentMessages.asinMax,
  ),
  pickup_location: z.object(pickupLocationInputSchema.shape, {
    error: shipmentMessages.pickupRequired,
  }),
  packages: z
    .array(packageInputSchema, { error: shipmentMessages.packagesRequired })
    .min(1, shipmentMessages.packagesRequired)
    .max(MAX_WAREHOUSE_GROUPS, shipmentMessages.packagesMax),
  compliance: z.object(complianceInputSchema.shape, {
    error: shipmentMessages.complianceRequired,
  }),
  contact_information: z.object(contactInformationInputSchema.shape, {
    error: "Contact information is required",
  }),
});
export type CreateShipmentInput = z.input<typeof createShipmentInputSchema>;
export type CreateShipmentData = z.output<typeof createShipmentInputSchema>;

/**
 * Numeric text as typed in a form: required, digits (an optional decimal part for money). With
 * `centsMessage`, "12.345" is refused with it: a number, just not one in cents.
 */
const numericText = (pattern: RegExp, max: number, maxMessage: string, centsMessage?: string) =>
  z.preprocess(
    (value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value),
    text({ error: shipmentMessages.required })
      .trim()
      .min(1, { error: shipmentMessages.required, abort: true })
      .max(max, { error: maxMessage, abort: true })
      .refine((value) => !centsMessage || !/^\d+\.\d{3,}$/.test(value), {
        error: centsMessage,
        abort: true,
      })
      .regex(pattern, shipmentMessages.mustBeNumber),
  );

/**
 * A tracking number as typed: a parcel, container, bill-of-lading or air waybill number. Letters,
 * digits, spaces and dashes with at least one digit; stored upper case without spaces and dashes.
 */
export const trackingNumberInputSchema = z.preprocess(
  (value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value),
  text({ error: shipmentMessages.required })
    .trim()
    .min(1, { error: shipmentMessages.required, abort: true })
    .max(80, { error: shipmentMessages.trackingMax, abort: true })
    .regex(/^[A-Za-z0-9 -]+$/, { error: trackingMessages.characters, abort: true })
    .regex(/\d/, shipmentMessages.mustBeNumber)
    .transform(compactTrackingNumber)
    // 40 characters once the spaces and dashes between groups are gone.
    .pipe(text().max(40, shipmentMessages.trackingMax)),
);

/** The Add Info dialog: final amount, tracking number and, when unsure, its carrier. */
export const addShipmentInfoInputSchema = z.object({
  final_amount: numericText(
    /^\d{1,10}(\.\d{1,2})?$/,
    13,
    shipmentMessages.finalAmountMax,
    shipmentMessages.finalAmountDecimals,
  ).refine((value) => Number(value) <= 1_000_000_000, shipmentMessages.finalAmountMax),
  tracking_number: trackingNumberInputSchema,
  /** Optional: the agent's pick when the number's carrier is not certain. */
  tracking_carrier: trackingCarrierSchema,
});
export type AddShipmentInfoInput = z.input<typeof addShipmentInfoInputSchema>;

export const AGENT_STATUS_CHOICES = [
  "Quotation Accepted",
  "Shipment Completed",
  "Shipment Cancelled",
] as const;
export type AgentStatusChoice = (typeof AGENT_STATUS_CHOICES)[number];

/** Completing an order whose destinations are not all delivered (our web app's completion). */
export const completionTexts = {
  reasonRequired: (destinations: string) =>
    `Say why the order is complete while these destinations are not delivered: ${destinations}`,
  reasonMax: "Reason cannot exceed 500 characters",
  /** To the seller and every admin. */
  undelivered: (shipmentId: number, product: string, destinations: string, reason: string | null) =>
    `Shipment #${shipmentId} (${product}) was completed with destinations not delivered: ${destinations}. ${
      reason ? `Reason: ${reason}` : "No reason was given."
    }`,
  undeliveredSubject: (shipmentId: number) =>
    `Shipment #${shipmentId} completed with destinations not delivered`,
} as const;

/** "ONT8 (Booked), LAX9 (Departed origin)": the destinations not delivered, with their milestone. */
export const undeliveredList = (
  destinations: ReadonlyArray<{ fc_code: string; milestone: string }>,
) => destinations.map((d) => `${d.fc_code} (${d.milestone})`).join(", ");

export const shipmentStatusUpdateInputSchema = z.object({
  status: z.enum(AGENT_STATUS_CHOICES, { error: shipmentMessages.statusInvalid }),
  /**
   * Added to the spec's call by our web app when it completes an order: why it is complete while
   * some destinations are not delivered (null when it saw them all delivered). Sent, it is
   * required whenever a destination is not delivered; the spec's call without it works as before.
   */
  undelivered_reason: text().trim().max(500, completionTexts.reasonMax).nullable().optional(),
});
export type ShipmentStatusUpdateInput = z.infer<typeof shipmentStatusUpdateInputSchema>;

export const cancelShipmentInputSchema = z.object({
  cancel_reason: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    text().trim().max(500, "Cancel reason cannot exceed 500 characters").optional(),
  ),
});
export type CancelShipmentInput = z.input<typeof cancelShipmentInputSchema>;
/** The cancel call may come without a body. */
export const cancelShipmentBodySchema = z.preprocess(
  (value) => value ?? {},
  cancelShipmentInputSchema,
);

/** Lists of shipments: the common list query (shipment lists only add the date filter). */
export const shipmentListQuerySchema = listQuerySchema;
export const adminShipmentListQuerySchema = listQuerySchema.extend({
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(SHIPMENT_STATUSES).optional().catch(undefined),
  ),
});

/** Fields a list may be ordered by; anything else is ignored. */
export const SHIPMENT_ORDERING_FIELDS = [
  "id",
  "created_at",
  "updated_at",
  "shipment_ready_date",
  "product_name",
  "status",
  "bidding_ends_at",
  "final_amount",
  "quotation_count",
] as const;

// ---------------------------------------------------------------------------------------------
// Pure rules shared by server and web.

export interface PackageMeasures {
  carton_dimensions_length: number;
  carton_dimensions_width: number;
  carton_dimensions_height: number;
  weight_per_carton_kg: number;
  number_of_cartons: number;
}

/** Volumetric divisor for air freight, cm^3 per kg. */
export const VOLUMETRIC_DIVISOR = 6000;

// eslint-disable-next-line no-restricted-syntax -- a weight in kg, not money
const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** Per carton the larger of actual and volumetric weight, times cartons; kg, 2 decimals. */
export function chargeableWeight(pkg: PackageMeasures): number {
  const volumetric =
    (pkg.carton_dimensions_length * pkg.carton_dimensions_width * pkg.carton_dimensions_height) /
    VOLUMETRIC_DIVISOR;
  return round2(Math.max(pkg.weight_per_carton_kg, volumetric) * pkg.number_of_cartons);
}

export interface ShipmentTotals {
  number_of_cartons: number;
  chargeable_weight: number;
  total_cost_of_goods: number;
}

export function shipmentTotals(
  packages: Array<PackageMeasures & { total_cost_of_goods: number }>,
): ShipmentTotals {
  let cartons = 0;
  let weight = 0;
  let cost = 0;
  for (const pkg of packages) {
    cartons += pkg.number_of_cartons;
    weight += chargeableWeight(pkg);
    cost += pkg.total_cost_of_goods;
  }
  return {
    number_of_cartons: cartons,
    chargeable_weight: round2(weight),
    total_cost_of_goods: round2(cost),
  };
}

// ---------------------------------------------------------------------------------------------
// Response DTOs.

export const pickupLocationSchema = z.object({
  id: z.number().int(),
  full_address: z.string(),
  street_address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zip_code: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  place_id: z.string().nullable(),
});
export type PickupLocation = z.infer<typeof pickupLocationSchema>;

export const packageSchema = z.object({
  id: z.number().int(),
  carton_dimensions_length: z.number(),
  carton_dimensions_width: z.number(),
  carton_dimensions_height: z.number(),
  weight_per_carton_kg: z.number(),
  total_cost_of_goods: z.number(),
  number_of_cartons: z.number().int(),
  delivery_location: z.string(),
  chargeable_weight: z.number(),
  tracking_number: z.string().nullable(),
  tracking_link: z.string().nullable(),
  /** The seller's FBA shipment ID given at booking; shown to the seller, admins and the winner. */
  fba_shipment_id: z.string().nullable(),
});
export type ShipmentPackage = z.infer<typeof packageSchema>;

export const shipmentSellerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  profile: z.object({ phone: z.string().nullable() }),
});

export const shipmentStatusSchema = z.enum(SHIPMENT_STATUSES);

const shipmentCoreShape = {
  id: z.number().int(),
  status: shipmentStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  bidding_ends_at: z.string(),
  is_bidding_open: z.boolean(),
  freight_booking_reference_number: z.string(),
  shipment_ready_date: z.string(),
  supplier_contact_name: z.string(),
  supplier_contact_phone: z.string(),
  product_name: z.string(),
  main_competitor_asin: z.string(),
  pickup_location: pickupLocationSchema,
  user: shipmentSellerSchema,
  quotation: quotationOrEmptySchema,
  tracking_number: z.string().nullable(),
  tracking_link: z.string().nullable(),
  /** The carrier of the tracking number (detected, or picked by the agent); null when unknown. */
  tracking_carrier: z.enum(TRACKING_CARRIERS).nullable(),
  final_amount: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  message_count: z.number().int(),
  quotation_count: z.number().int(),
  /**
   * The documents the agent needs before pickup that are not uploaded yet: the commercial
   * invoice, packing list and FBA box labels, and a safety data sheet for batteries, hazardous
   * materials, creams, liquids and powders (requiredDocuments). Empty on a lost bid's row.
   */
  documents_missing: z.array(z.enum(ORDER_DOCUMENT_TYPES)),
  /** How the order's legs were delivered (with proof, at the booked FC); null before the award. */
  delivery: deliveryProofSchema.nullable(),
};

export const QUOTATION_OUTCOMES = ["pending", "won", "lost"] as const;
export type QuotationOutcome = (typeof QUOTATION_OUTCOMES)[number];

export const shipmentDetailSchema = z.object({
  ...shipmentCoreShape,
  /**
   * For an agent who bid: how the bid ended. A lost bid's shipment is shown as it was bid on,
   * without the order's outcome or the seller's contacts (as its quotation-history row).
   */
  outcome: z.enum(QUOTATION_OUTCOMES).optional(),
  packages: z.array(packageSchema),
  compliance: z.object({
    detailed_product_description: z.string(),
    compliance: z.array(z.string()),
    additional_notes: z.string().nullable(),
  }),
  contact_information: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type ShipmentDetail = z.infer<typeof shipmentDetailSchema>;

/**
 * A row of every shipment list: the detail without packages, compliance and contact, plus how
 * many of an order's legs need attention (the seller's, the winning agent's and the admin's
 * order lists; null elsewhere and for orders not in progress).
 */
export const shipmentListRowSchema = z.object({
  ...shipmentCoreShape,
  legs_attention: legsAttentionSchema.nullable(),
});
export type ShipmentListRow = z.infer<typeof shipmentListRowSchema>;

/** A row of the agent's quotation history: the shipment plus how the agent's bid ended. */
export const quotationHistoryRowSchema = shipmentListRowSchema.extend({
  outcome: z.enum(QUOTATION_OUTCOMES),
});
export type QuotationHistoryRow = z.infer<typeof quotationHistoryRowSchema>;

export const sellerDashboardSchema = z.object({
  active_shipments: z.number().int(),
  sample_shipments: z.number().int(),
  completed_shipments: z.number().int(),
});
export type SellerDashboard = z.infer<typeof sellerDashboardSchema>;

export const adminSetWinnerInputSchema = z.object({
  quotation_id: z.coerce
    .number({ error: "Quotation is required" })
    .int("Quotation is required")
    .positive("Quotation is required")
    .max(2_147_483_647, "Quotation is required"),
});
export type AdminSetWinnerInput = z.input<typeof adminSetWinnerInputSchema>;

/**
 * The seller's active list also takes (additive to the spec's query): `status`, one of the active
 * statuses, and `with=destinations`, which adds each row's destination FCs.
 */
export const sellerActiveListQuerySchema = listQuerySchema.extend({
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(ACTIVE_SHIPMENT_STATUSES).optional().catch(undefined),
  ),
  with: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["destinations"]).optional().catch(undefined),
  ),
});
export type SellerActiveListQuery = z.infer<typeof sellerActiveListQuerySchema>;

/** A seller's active-list row; `destinations` (delivery locations in booking order) on request. */
export const sellerActiveListRowSchema = shipmentListRowSchema.extend({
  destinations: z.array(z.string()).optional(),
});
export type SellerActiveListRow = z.infer<typeof sellerActiveListRowSchema>;
