import { z } from "zod";

export const PRODUCT_NAME = "FBA Freight";

export const GROUPS = ["Seller", "Shipper", "Admin"] as const;
export type Group = (typeof GROUPS)[number];
export const SELF_SERVICE_GROUPS = ["Seller", "Shipper"] as const;
export type SelfServiceGroup = (typeof SELF_SERVICE_GROUPS)[number];

export const SHIPMENT_STATUSES = [
  "Shipment Pending",
  "Quotation Received",
  "Quotation Approved",
  "Quotation Accepted",
  "Shipment Completed",
  "Shipment Cancelled",
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const SAMPLE_SHIPMENT_STATUSES = ["Shipment Pending", "Shipment Completed"] as const;
export type SampleShipmentStatus = (typeof SAMPLE_SHIPMENT_STATUSES)[number];

export const COMPLIANCE_OPTIONS = [
  "FDA Certified Product",
  "Wooden / Bamboo / Animal Product",
  "Batteries or Hazardous Materials",
  "Cream / Liquids / Powders",
  "No, my shipment does not contain any of the goods listed",
] as const;
export type ComplianceOption = (typeof COMPLIANCE_OPTIONS)[number];

export const SENDER_TYPES = ["Seller", "Shipper", "Admin"] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

export const NOTIFICATION_TYPES = ["Shipment", "Sample Shipment", "Announcement"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Business constants shared by server and web. */
export const BID_WINDOW_HOURS_DEFAULT = 72;
export const PAGE_SIZES = [50, 100, 150, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
export const OTP_LENGTH = 4;
export const OTP_RESEND_SECONDS = 120;
export const OTP_EXPIRY_MINUTES = 10;
export const OTP_MAX_TRIES = 5;
export const MAX_WAREHOUSE_GROUPS = 5;
export const NOTIFICATION_LIST_CAP = 100;
export const NOTIFICATION_PREVIEW_LENGTH = 100;
export const CHAT_RECONNECT_ATTEMPTS = 5;
export const CHAT_RECONNECT_DELAY_MS = 1000;
export const MOBILE_BREAKPOINT_PX = 768;
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;
export const PROFILE_IMAGE_MAX_BYTES = 50_000_000;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_REMEMBER_SECONDS = 30 * 24 * 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 24 * 3600;
export const TOAST_AUTO_CLOSE_MS = 2000;
export const DEFAULT_SUCCESS_MESSAGE = "Details updated successfully";

/** Browser local-storage keys. */
export const STORAGE_KEYS = {
  accessToken: "AUTH_TOKEN",
  refreshToken: "REFRESH_TOKEN",
  user: "USER_DETAILS",
  twoFa: "TWO_FA",
  otpResendAt: "OTP_RESEND_AT",
} as const;

/** Envelopes. */
export const paginationOptionSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  per_page: z.number().int(),
  count: z.number().int(),
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
export const isoDateSchema = z
  .string()
  .regex(DATE_RE, "Invalid date")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Invalid date");

/** Empty strings in query strings are dropped before validation. */
const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

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
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  ordering: z.preprocess(
    emptyToUndefined,
    z
      .string()
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
