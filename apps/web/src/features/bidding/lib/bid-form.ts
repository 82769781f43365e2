import { z } from "zod";
import {
  createQuotationInputSchema,
  normalizeAmountInput,
  quotationTotal,
  type QuotationService,
  type QuoteInclusion,
  type ServiceType,
} from "@fba/contract";
import {
  QUOTE_INCLUSIONS,
  SERVICE_TYPES,
  type QuotationDetails,
} from "../../../entities/shipment/lib/quotation-details";

export const bidFormMessages = {
  serviceTypeRequired: "Choose the service type",
  transitRequired: "Enter the transit days",
  transitRange: "Transit days must be a whole number from 1 to 365",
  transitOrder: "The maximum transit days cannot be below the minimum",
  validUntilRequired: "Enter the date your quotation is valid until",
  validUntilBeforeWindow: (date: string) =>
    `The quotation must be valid at least until the bidding window ends (${date})`,
  noteMax: "Note cannot exceed 500 characters",
} as const;

/** The form's own messages, in the language shown (English by default). */
export interface BidFormMessages {
  serviceTypeRequired: string;
  transitRequired: string;
  transitRange: string;
  transitOrder: string;
  validUntilRequired: string;
  validUntilBeforeWindow: (date: string) => string;
  noteMax: string;
}

/** The bid form as typed: text fields stay text until sent. */
export interface BidFormValues {
  shipment: number;
  pickup_amount: string;
  fast_amount: string;
  normal_amount: string;
  fast_service_type: string;
  fast_transit_min_days: string;
  fast_transit_max_days: string;
  normal_service_type: string;
  normal_transit_min_days: string;
  normal_transit_max_days: string;
  inclusions: string[];
  valid_until: string;
  note: string;
}

/** What the quotation call receives: the spec's amounts plus the details, flat. */
export interface BidBody {
  shipment: number;
  pickup_amount: string;
  fast_amount: string | null;
  normal_amount: string | null;
  fast_service_type?: string;
  fast_transit_min_days?: number;
  fast_transit_max_days?: number;
  normal_service_type?: string;
  normal_transit_min_days?: number;
  normal_transit_max_days?: number;
  inclusions: string[];
  valid_until: string;
  note?: string;
}

export const BID_FORM_FIELDS = [
  "pickup_amount",
  "fast_amount",
  "normal_amount",
  "fast_service_type",
  "fast_transit_min_days",
  "fast_transit_max_days",
  "normal_service_type",
  "normal_transit_min_days",
  "normal_transit_max_days",
  "inclusions",
  "valid_until",
  "note",
] as const;

const blank = (value: string) => value.trim() === "";
const DAYS = /^\d{1,3}$/;
const days = (value: string) => (DAYS.test(value.trim()) ? Number(value) : NaN);
const validDays = (value: number) => Number.isInteger(value) && value >= 1 && value <= 365;

/**
 * The web form's rules: the spec's amounts (the contract's schema and messages), and, unlike the
 * API, every detail required: type and transit days for each offered service, a validity date
 * from the window's end date on, at most 500 characters of note.
 */
export function bidFormSchema(windowEnd: string, say: BidFormMessages = bidFormMessages) {
  return z
    .object({
      shipment: z.number(),
      pickup_amount: z.string(),
      fast_amount: z.string(),
      normal_amount: z.string(),
      fast_service_type: z.string(),
      fast_transit_min_days: z.string(),
      fast_transit_max_days: z.string(),
      normal_service_type: z.string(),
      normal_transit_min_days: z.string(),
      normal_transit_max_days: z.string(),
      inclusions: z.array(z.enum(QUOTE_INCLUSIONS)),
      valid_until: z.string(),
      note: z.string(),
    })
    .superRefine((value, ctx) => {
      // "$1,850.50" is checked as the "1850.50" it will be sent as.
      const amounts = createQuotationInputSchema.safeParse({
        shipment: value.shipment,
        pickup_amount: normalizeAmountInput(value.pickup_amount),
        fast_amount: normalizeAmountInput(value.fast_amount),
        normal_amount: normalizeAmountInput(value.normal_amount),
      });
      if (!amounts.success) {
        for (const issue of amounts.error.issues) {
          ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
        }
      }
      for (const mode of ["fast", "normal"] as const) {
        if (blank(value[`${mode}_amount`])) continue;
        if (!(SERVICE_TYPES as readonly string[]).includes(value[`${mode}_service_type`])) {
          ctx.addIssue({
            code: "custom",
            path: [`${mode}_service_type`],
            message: say.serviceTypeRequired,
          });
        }
        const min = value[`${mode}_transit_min_days`];
        const max = value[`${mode}_transit_max_days`];
        for (const [key, text] of [
          [`${mode}_transit_min_days`, min],
          [`${mode}_transit_max_days`, max],
        ] as const) {
          if (blank(text)) {
            ctx.addIssue({ code: "custom", path: [key], message: say.transitRequired });
          } else if (!validDays(days(text))) {
            ctx.addIssue({ code: "custom", path: [key], message: say.transitRange });
          }
        }
        if (validDays(days(min)) && validDays(days(max)) && days(min) > days(max)) {
          ctx.addIssue({
            code: "custom",
            path: [`${mode}_transit_max_days`],
            message: say.transitOrder,
          });
        }
      }
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value.valid_until)) {
        ctx.addIssue({
          code: "custom",
          path: ["valid_until"],
          message: say.validUntilRequired,
        });
      } else if (value.valid_until < windowEnd) {
        ctx.addIssue({
          code: "custom",
          path: ["valid_until"],
          message: say.validUntilBeforeWindow(windowEnd),
        });
      }
      if (value.note.length > 500) {
        ctx.addIssue({ code: "custom", path: ["note"], message: say.noteMax });
      }
    })
    .transform(toBidBody);
}

/**
 * The form's values as the quotation call takes them: amounts as typed ("$1,850.50") become what
 * is stored ("1850.50"); only offered services carry details.
 */
export function toBidBody(value: BidFormValues): BidBody {
  const body: BidBody = {
    shipment: value.shipment,
    pickup_amount: normalizeAmountInput(value.pickup_amount),
    fast_amount: blank(value.fast_amount) ? null : normalizeAmountInput(value.fast_amount),
    normal_amount: blank(value.normal_amount) ? null : normalizeAmountInput(value.normal_amount),
    inclusions: QUOTE_INCLUSIONS.filter((code) => value.inclusions.includes(code)),
    valid_until: value.valid_until,
  };
  if (body.fast_amount !== null) {
    body.fast_service_type = value.fast_service_type;
    body.fast_transit_min_days = Number(value.fast_transit_min_days);
    body.fast_transit_max_days = Number(value.fast_transit_max_days);
  }
  if (body.normal_amount !== null) {
    body.normal_service_type = value.normal_service_type;
    body.normal_transit_min_days = Number(value.normal_transit_min_days);
    body.normal_transit_max_days = Number(value.normal_transit_max_days);
  }
  const note = value.note.trim();
  if (note) body.note = note;
  return body;
}

/** The details of a bid about to be sent, as the seller will see them. */
export function detailsOf(body: BidBody): QuotationDetails {
  const service = (mode: QuotationService) =>
    body[`${mode}_amount`] === null
      ? null
      : {
          service_type: body[`${mode}_service_type`] as ServiceType,
          transit_min_days: body[`${mode}_transit_min_days`] ?? 0,
          transit_max_days: body[`${mode}_transit_max_days`] ?? 0,
        };
  return {
    fast: service("fast"),
    normal: service("normal"),
    inclusions: body.inclusions as QuoteInclusion[],
    valid_until: body.valid_until,
    note: body.note ?? null,
  };
}

const AMOUNT = /^\d{1,9}(?:\.\d{1,2})?$/;
const amountOrNull = (value: string | undefined) => {
  const text = normalizeAmountInput(value ?? "");
  return AMOUNT.test(text) && Number(text) > 0 ? Number(text) : null;
};

/**
 * The total as the spec defines it (pickup plus the cheaper offered service) while the agent
 * types; null until the pickup and at least one service are valid amounts.
 */
export function liveTotal(values: Partial<BidFormValues>): number | null {
  const pickup = amountOrNull(values.pickup_amount);
  const fast = amountOrNull(values.fast_amount);
  const normal = amountOrNull(values.normal_amount);
  if (pickup === null || (fast === null && normal === null)) return null;
  return quotationTotal({ pickup_amount: pickup, fast_amount: fast, normal_amount: normal });
}
