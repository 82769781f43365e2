import { z } from "zod";
import { text } from "./text.js";
import { emptyObjectSchema, listQuerySchema } from "./common.js";
import {
  checkQuotationDetails,
  quotationDetailsInputShape,
  quotationDetailsSchema,
} from "./quotation-details.js";
import { QUOTATION_SERVICES, type QuotationService } from "./values/quotations.js";
export * from "./values/quotations.js";

export const quotationMessages = {
  amountRequired: "Amount is required",
  amountDigits: "Amount must contain digits only",
  amountMax: "Amount cannot exceed 9 digits",
  amountDecimals: "Amount can have at most 2 decimals (cents)",
  amountPositive: "Amount must be greater than 0",
  fastOrNormalRequired: "Enter a fast or a normal amount",
  shipmentRequired: "Shipment is required",
  cancelReasonRequired: "Cancel reason is required",
  cancelReasonMax: "Cancel reason cannot exceed 500 characters",
  actionInvalid:
    "Send shipment_status Quotation Accepted or Shipment Cancelled, or is_accepted false",
  serviceInvalid: "Service must be fast or normal",
  serviceOnlyOnAccept: "A service can be chosen only when accepting the quotation",
  serviceNotOffered: (service: QuotationService) =>
    `This quotation does not offer the ${service} service`,
  created: "Quotation submitted successfully",
  accepted: "Quotation accepted successfully",
  declined: "Quotation declined successfully",
  cancelled: "Winning bid cancelled successfully",
  alreadyBid: "You have already submitted a quotation for this shipment",
  nextBidTaken: "The next lowest bid is now your estimate",
  noNextBid: "There is no other bid to take: decline the estimate or keep it",
  biddingClosed: "Bidding for this shipment has closed",
} as const;

/** An id that may arrive as a number or a numeric string, with its own "required" message. */
export const requiredId = (required: string) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === "") return undefined;
      if (typeof value === "string") return /^\d{1,10}$/.test(value.trim()) ? Number(value) : NaN;
      return value;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? required : "Must be a number") })
      .int("Must be a number")
      .positive("Must be a number")
      .max(2_147_483_647, "Must be a number"),
  );

/** Dollars with optional cents: "1850", "1850.5", "1850.50". */
const AMOUNT_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/**
 * Amounts are typed as dollars with at most 2 decimals (cents); numbers are accepted too. Blank
 * and null mean "not offered".
 */
function toAmountText(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  // String(1850.5) is "1850.5"; a number with more decimals is refused like the same text.
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "invalid";
  if (typeof value === "string") return value.trim() === "" ? undefined : value.trim();
  return value;
}

const amountText = text({ error: quotationMessages.amountDigits })
  .regex(AMOUNT_PATTERN, { error: quotationMessages.amountDigits, abort: true })
  .refine((value) => (AMOUNT_PATTERN.exec(value)?.[2]?.length ?? 0) <= 2, {
    error: quotationMessages.amountDecimals,
    abort: true,
  })
  .refine((value) => (AMOUNT_PATTERN.exec(value)?.[1]?.length ?? 0) <= 9, {
    error: quotationMessages.amountMax,
    abort: true,
  })
  // A bid of nothing would win every lowest-total contest.
  .refine((value) => Number(value) > 0, quotationMessages.amountPositive);

export const createQuotationInputSchema = z
  .object({
    pickup_amount: z.preprocess(
      toAmountText,
      text({ error: quotationMessages.amountRequired }).pipe(amountText),
    ),
    fast_amount: z.preprocess(toAmountText, amountText.optional()),
    normal_amount: z.preprocess(toAmountText, amountText.optional()),
    shipment: requiredId(quotationMessages.shipmentRequired),
    // The quotation's details (quotation-details.ts): optional, complete once any is sent.
    ...quotationDetailsInputShape,
  })
  .superRefine((value, ctx) => {
    checkQuotationDetails(value, ctx);
    if (value.fast_amount === undefined && value.normal_amount === undefined) {
      for (const path of ["fast_amount", "normal_amount"]) {
        ctx.addIssue({
          code: "custom",
          path: [path],
          message: quotationMessages.fastOrNormalRequired,
        });
      }
    }
  });
export type CreateQuotationInput = z.input<typeof createQuotationInputSchema>;
export type CreateQuotationData = z.output<typeof createQuotationInputSchema>;

/** What every sealed value shows: one length whatever it hides (a length would tell digits). */
export const SEALED_MASK = "****";

/**
 * A sealed value: the fixed mask, so the seller sees that a value exists and nothing of its size.
 * An empty value (a service not offered) stays empty: the existing client reads its `.length`.
 */
export function maskValue(value: string): string {
  return value === "" ? "" : SEALED_MASK;
}

const booleanLike = z.preprocess(
  (value) => (value === "false" ? false : value === "true" ? true : value),
  z.boolean(),
);

/**
 * The seller's decision on the winning quotation. Three payloads arrive on one PATCH:
 * accept `{shipment_status: "Quotation Accepted"}`, decline `{shipment_status: "Shipment
 * Cancelled", is_accepted: false, cancel_reason}`, cancel the winning bid `{is_accepted: false,
 * cancel_reason}`. Other keys (`user_id`) are dropped. An acceptance may name the service bought
 * (`accepted_service: "fast" | "normal"`); without it the service of the spec's total is bought.
 * The API takes a decline or cancellation without a reason (the existing client declines so);
 * a blank or absent reason is stored as none given (null). Our web app still asks for one.
 */
export const updateQuotationInputSchema = z
  .object({
    shipment_status: z
      .enum(["Quotation Accepted", "Shipment Cancelled"], {
        error: quotationMessages.actionInvalid,
      })
      .optional(),
    is_accepted: booleanLike.optional(),
    cancel_reason: z.preprocess(
      (value) => (value === null ? undefined : value),
      text().max(500, quotationMessages.cancelReasonMax).optional(),
    ),
    accepted_service: z.preprocess(
      (value) => (value === null || value === "" ? undefined : value),
      z.enum(QUOTATION_SERVICES, { error: quotationMessages.serviceInvalid }).optional(),
    ),
  })
  .superRefine((value, ctx) => {
    const isAccept = value.shipment_status === "Quotation Accepted";
    const isRefusal =
      value.shipment_status === "Shipment Cancelled" ||
      (value.shipment_status === undefined && value.is_accepted === false);
    if (!isAccept && !isRefusal) {
      ctx.addIssue({ code: "custom", path: [], message: quotationMessages.actionInvalid });
      return;
    }
    if (isRefusal && value.accepted_service !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["accepted_service"],
        message: quotationMessages.serviceOnlyOnAccept,
      });
    }
  })
  .transform((value): QuotationDecision => {
    if (value.shipment_status === "Quotation Accepted") {
      return value.accepted_service === undefined
        ? { action: "accept" }
        : { action: "accept", service: value.accepted_service };
    }
    const reason = value.cancel_reason?.trim() || null;
    return value.shipment_status === "Shipment Cancelled"
      ? { action: "decline", reason }
      : { action: "cancel", reason };
  });
export type UpdateQuotationInput = z.input<typeof updateQuotationInputSchema>;

/**
 * Beside the spec's decline (which cancels the shipment): the seller declines the winning
 * estimate, telling its agent why, and the next lowest bid becomes the estimate to review.
 */
export const takeNextBidInputSchema = z.object({
  reason: text({ error: quotationMessages.cancelReasonRequired })
    .trim()
    .min(1, quotationMessages.cancelReasonRequired)
    .max(500, quotationMessages.cancelReasonMax),
});
export type TakeNextBidInput = z.input<typeof takeNextBidInputSchema>;

export type QuotationDecision =
  | { action: "accept"; service?: QuotationService }
  | { action: "decline"; reason: string | null }
  | { action: "cancel"; reason: string | null };

export const quotationListQuerySchema = listQuerySchema
  .pick({ page: true, per_page: true })
  .extend({
    shipment_id: requiredId(quotationMessages.shipmentRequired),
  });

export const quotationUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

/**
 * Money is "1250.00"; a sealed bid shows asterisks of the same length instead. `fast_amount` and
 * `normal_amount` are "" for a service the bid does not offer (never null: the existing client
 * reads their length). `accepted_service`
 * is the service the seller chose on accepting; null when none was named (the acceptance buys the
 * service of `total_amount`) or not accepted.
 */
export const quotationSchema = z.object({
  id: z.number().int(),
  shipment: z.number().int(),
  pickup_amount: z.string(),
  fast_amount: z.string(),
  normal_amount: z.string(),
  total_amount: z.string(),
  is_accepted: z.boolean().nullable(),
  cancel_reason: z.string().nullable(),
  accepted_service: z.enum(QUOTATION_SERVICES).nullable(),
  is_winner: z.boolean(),
  is_masked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  user: quotationUserSchema,
  /** Service types, transit days, inclusions, validity, note; null when not given or sealed. */
  details: quotationDetailsSchema.nullable(),
  /** The validity date has passed (only a quotation with details can expire). */
  is_expired: z.boolean(),
  /** When the seller asked the agent to re-confirm this expired quotation; null otherwise. */
  reconfirm_requested_at: z.string().nullable(),
});
export type Quotation = z.infer<typeof quotationSchema>;

/** `{}` when there is no quotation to show (never null). */
export const quotationOrEmptySchema = z.union([quotationSchema, emptyObjectSchema]);
export type QuotationOrEmpty = Quotation | Record<string, never>;
