import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./constants.js";
import { stripDisallowedText, text } from "./text.js";

export * from "./constants.js";
export * from "./text.js";

/**
 * Envelopes.
 *
 * A list's paging. `count` is the number of matching rows and `pages` is
 * `max(1, ceil(count / per_page))`, both always numbers. Shipment lists count exactly up to
 * LIST_COUNT_CAP (a search up to SEARCH_COUNT_CAP): past it `count` is the cap, `pages` is
 * `cap / per_page` (rounded up) and `count_is_capped` is true, so a client says "Page 1 of many"
 * rather than a made-up total; the page that ends a list always has its exact count. They also
 * say whether rows follow this page
 * (`has_more`), exact whether or not the count is capped, and pages past `pages` can still be
 * asked for. Other lists leave both keys out (their counts are exact).
 */
export const paginationOptionSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  per_page: z.number().int(),
  count: z.number().int(),
  count_is_capped: z.boolean().optional(),
  has_more: z.boolean().optional(),
});
export type PaginationOption = z.infer<typeof paginationOptionSchema>;

export const successEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.literal("success"),
    status_code: z.number().int(),
    message: z.string(),
    data,
  });

export const flatListEnvelopeSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    status: z.literal("success"),
    status_code: z.number().int(),
    message: z.string(),
    data: z.array(item),
    pagination_option: paginationOptionSchema,
  });

export const nestedListEnvelopeSchema = <T extends z.ZodType>(item: T) =>
  successEnvelopeSchema(
    z.object({ data: z.array(item), pagination_option: paginationOptionSchema }),
  );

export interface SuccessEnvelope<T> {
  status: "success";
  status_code: number;
  message: string;
  data: T;
}
export interface FlatList<T> extends SuccessEnvelope<T[]> {
  pagination_option: PaginationOption;
}
export type NestedList<T> = SuccessEnvelope<{ data: T[]; pagination_option: PaginationOption }>;

export const fieldErrorSchema = z.object({ field: z.string().optional(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;
export const errorBodySchema = z.object({
  status: z.literal("error"),
  status_code: z.number().int(),
  message: z.string(),
  errors: z.array(fieldErrorSchema),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const isoDateSchema = text()
  .regex(DATE_RE, "Invalid date")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Invalid date");

/** Empty strings in query strings are dropped before validation. */
const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** Search terms lose what the text rule refuses (rather than failing the list); blank is absent. */
const toSearchTerm = (value: unknown) =>
  emptyToUndefined(typeof value === "string" ? stripDisallowedText(value).trim() : value);

function clampPageSize(value: unknown): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 1) return DEFAULT_PAGE_SIZE;
  return Math.min(Math.floor(n), MAX_PAGE_SIZE);
}

function toPage(value: unknown): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(Math.floor(n), 1_000_000);
}

/** Common list query: malformed paging and ordering fall back to defaults, never an error. */
export const listQuerySchema = z.object({
  page: z.preprocess(emptyToUndefined, z.unknown()).transform(toPage),
  per_page: z.preprocess(emptyToUndefined, z.unknown()).transform(clampPageSize),
  search: z.preprocess(toSearchTerm, text().trim().max(100).optional()),
  ordering: z.preprocess(
    emptyToUndefined,
    text()
      .optional()
      .catch(undefined)
      .transform((value) => (value && /^-?[a-z_]{1,40}$/.test(value) ? value : undefined)),
  ),
  shipment_ready_date: z.preprocess(emptyToUndefined, isoDateSchema.optional()),
  handlePagination: z.unknown().optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Ids arrive as numbers or numeric strings. */
export const idSchema = z.coerce
  .number({ error: "Must be a number" })
  .int("Must be a number")
  .positive("Must be a number")
  .max(2_147_483_647, "Must be a number");
export const idParamsSchema = z.object({ id: idSchema });

/** Money: decimal string with 2 places on the wire. */
export const moneySchema = z.string().regex(/^\d+\.\d{2}$/);

/** An object with no fields, for `{}` answers. */
export const emptyObjectSchema = z.object({}).strict();
