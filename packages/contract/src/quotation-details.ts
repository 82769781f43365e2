import { z } from "zod";
import { text } from "./text.js";
import {
  QUOTE_INCLUSIONS,
  SERVICE_TYPES,
  type QuoteInclusion,
  type ServiceType,
} from "./values/quotations.js";

/**
 * What a quotation states besides the spec's three amounts, so bids can be compared like for
 * like: per offered service its type and transit time, what the price includes, until when it
 * holds, and a note. All optional on the wire (old clients send only the amounts); once any of
 * them is sent, the set must be complete.
 *
 * The comparison, award and re-confirm schemas, which embed the quotation row, are in
 * quotation-comparison.ts.
 */

export const TRANSIT_DAYS_MIN = 1;
export const TRANSIT_DAYS_MAX = 365;
export const QUOTATION_NOTE_MAX = 500;

/** The quotation's flat detail keys on the spec's quotation call. */
export const QUOTATION_DETAIL_KEYS = [
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

export const quotationDetailMessages = {
  serviceTypeRequired:
    "Choose the service type (air express, air, sea express, sea, rail or truck)",
  serviceTypeInvalid:
    "Service type must be one of air_express, air, sea_express, sea, rail or truck",
  transitRequired: "Enter the transit time in days",
  transitInvalid: `Transit time must be a whole number of days from ${TRANSIT_DAYS_MIN} to ${TRANSIT_DAYS_MAX}`,
  transitRange: "The longest transit time cannot be shorter than the shortest",
  serviceNotOffered: (service: "fast" | "normal") =>
    `Details for the ${service} service can be given only with a ${service} amount`,
  inclusionsInvalid:
    "Inclusions must be a list of pickup_origin, export_customs, main_freight, import_customs, fc_delivery, palletising and fba_labelling",
  inclusionsDuplicate: "Each inclusion can be listed once",
  validUntilRequired: "Enter the date until which the quotation holds",
  validUntilInvalid: "Enter the validity date as YYYY-MM-DD",
  validUntilBeforeWindow: (windowEnd: string) =>
    `The quotation must hold at least until bidding closes (${windowEnd})`,
  validUntilPast: "The new validity date cannot be in the past",
  noteMax: `Note cannot exceed ${QUOTATION_NOTE_MAX} characters`,
  expired: "This quotation has expired: ask the agent to re-confirm it first",
} as const;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const serviceTypeSchema = z.preprocess(
  blankToUndefined,
  z.enum(SERVICE_TYPES, { error: quotationDetailMessages.serviceTypeInvalid }).optional(),
);

/** Whole days 1-365; numeric strings (from forms) are accepted too. */
const transitDaysSchema = z.preprocess(
  (value) => {
    const blank = blankToUndefined(value);
    if (typeof blank === "string") return /^\s*\d{1,4}\s*$/.test(blank) ? Number(blank) : NaN;
    return blank;
  },
  z
    .number({ error: quotationDetailMessages.transitInvalid })
    .int(quotationDetailMessages.transitInvalid)
    .min(TRANSIT_DAYS_MIN, quotationDetailMessages.transitInvalid)
    .max(TRANSIT_DAYS_MAX, quotationDetailMessages.transitInvalid)
    .optional(),
);

/** True for a real calendar date "YYYY-MM-DD" (no 30 February). */
function isCalendarDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(value);
}

/** A "YYYY-MM-DD" date; the quotation holds through the end of that day (UTC). */
export const validUntilSchema = text({ error: quotationDetailMessages.validUntilInvalid })
  .trim()
  .refine(isCalendarDate, { error: quotationDetailMessages.validUntilInvalid });

const inclusionsSchema = z.preprocess(
  (value) => (value === null ? undefined : value),
  z
    .array(z.enum(QUOTE_INCLUSIONS, { error: quotationDetailMessages.inclusionsInvalid }), {
      error: quotationDetailMessages.inclusionsInvalid,
    })
    .refine((list) => !Array.isArray(list) || new Set(list).size === list.length, {
      error: quotationDetailMessages.inclusionsDuplicate,
    })
    .optional(),
);

/** The detail keys the spec's quotation call takes beside its amounts (all optional). */
export const quotationDetailsInputShape = {
  fast_service_type: serviceTypeSchema,
  fast_transit_min_days: transitDaysSchema,
  fast_transit_max_days: transitDaysSchema,
  normal_service_type: serviceTypeSchema,
  normal_transit_min_days: transitDaysSchema,
  normal_transit_max_days: transitDaysSchema,
  inclusions: inclusionsSchema,
  valid_until: z.preprocess(blankToUndefined, validUntilSchema.optional()),
  note: z.preprocess(
    blankToUndefined,
    text().trim().max(QUOTATION_NOTE_MAX, quotationDetailMessages.noteMax).optional(),
  ),
};

export interface QuotationDetailsInput {
  fast_amount?: string | undefined;
  normal_amount?: string | undefined;
  fast_service_type?: ServiceType | undefined;
  fast_transit_min_days?: number | undefined;
  fast_transit_max_days?: number | undefined;
  normal_service_type?: ServiceType | undefined;
  normal_transit_min_days?: number | undefined;
  normal_transit_max_days?: number | undefined;
  inclusions?: QuoteInclusion[] | undefined;
  valid_until?: string | undefined;
  note?: string | undefined;
}

/** True when any detail key was sent: the details are then "given" and must be complete. */
export function hasQuotationDetails(input: QuotationDetailsInput): boolean {
  return QUOTATION_DETAIL_KEYS.some((key) => input[key] !== undefined);
}

type IssueSink = { addIssue: (issue: { code: "custom"; path: string[]; message: string }) => void };

/**
 * The rules between detail keys (a refinement of the quotation call): once any is sent, each
 * offered service needs its type and transit range (min <= max), a service not offered takes no
 * details, and a validity date is required. That the date is on or after the bidding window's
 * end is checked by the server, which knows the window.
 */
export function checkQuotationDetails(input: QuotationDetailsInput, ctx: IssueSink): void {
  if (!hasQuotationDetails(input)) return;
  const fail = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  for (const service of ["fast", "normal"] as const) {
    const offered = (service === "fast" ? input.fast_amount : input.normal_amount) !== undefined;
    const type = input[`${service}_service_type`];
    const min = input[`${service}_transit_min_days`];
    const max = input[`${service}_transit_max_days`];
    if (!offered) {
      const sent = (
        [
          [`${service}_service_type`, type],
          [`${service}_transit_min_days`, min],
          [`${service}_transit_max_days`, max],
        ] as const
      ).find(([, value]) => value !== undefined);
      if (sent) fail(sent[0], quotationDetailMessages.serviceNotOffered(service));
      continue;
    }
    if (type === undefined)
      fail(`${service}_service_type`, quotationDetailMessages.serviceTypeRequired);
    if (min === undefined)
      fail(`${service}_transit_min_days`, quotationDetailMessages.transitRequired);
    if (max === undefined)
      fail(`${service}_transit_max_days`, quotationDetailMessages.transitRequired);
    if (min !== undefined && max !== undefined && min > max) {
      fail(`${service}_transit_max_days`, quotationDetailMessages.transitRange);
    }
  }
  if (input.valid_until === undefined)
    fail("valid_until", quotationDetailMessages.validUntilRequired);
}

// ---------------------------------------------------------------------------------------------
// Responses.

export const quotationServiceDetailsSchema = z.object({
  service_type: z.enum(SERVICE_TYPES),
  transit_min_days: z.number().int(),
  transit_max_days: z.number().int(),
});
export type QuotationServiceDetails = z.infer<typeof quotationServiceDetailsSchema>;

/**
 * A quotation's details as returned on every quotation row (`details`); null when the bid was
 * sent without them or while its amounts are sealed.
 */
export const quotationDetailsSchema = z.object({
  fast: quotationServiceDetailsSchema.nullable(),
  normal: quotationServiceDetailsSchema.nullable(),
  inclusions: z.array(z.enum(QUOTE_INCLUSIONS)),
  /** "YYYY-MM-DD": the quotation holds through the end of that day (UTC). */
  valid_until: z.string(),
  note: z.string().nullable(),
});
export type QuotationDetails = z.infer<typeof quotationDetailsSchema>;

// ---------------------------------------------------------------------------------------------
// Pure rules shared by server and web.

/** The instant a quotation valid until `date` ("YYYY-MM-DD") stops holding: the next midnight UTC. */
export function validityEnd(date: string): Date {
  const start = new Date(`${date}T00:00:00Z`);
  return new Date(start.getTime() + 24 * 60 * 60 * 1000);
}

/** True when a quotation valid until `date` has lapsed at `now`; never for one without a date. */
export function isQuotationExpired(
  date: string | null | undefined,
  now: Date = new Date(),
): boolean {
  return typeof date === "string" && now.getTime() >= validityEnd(date).getTime();
}

/** "6-9 days", or "6 days" when both ends agree. */
export function formatTransit(details: QuotationServiceDetails): string {
  const { transit_min_days: min, transit_max_days: max } = details;
  if (min === max) return `${min} ${min === 1 ? "day" : "days"}`;
  return `${min}-${max} days`;
}
