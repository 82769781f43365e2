/**
 * Constants and enums with no runtime dependency, so the web app's first screen can import them
 * without pulling the schema library into its initial bundle.
 */
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

/** Statuses that count as "active" on the seller's lists and dashboard. */
export const ACTIVE_SHIPMENT_STATUSES = [
  "Shipment Pending",
  "Quotation Received",
  "Quotation Approved",
  "Quotation Accepted",
] as const satisfies readonly ShipmentStatus[];

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

export const NOTIFICATION_TYPES = ["Shipment", "Sample Shipment", "Announcement"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Business constants shared by server and web. */
export const BID_WINDOW_HOURS_DEFAULT = 72;

/** A bid window in its largest whole unit: [72, "hour"], [90, "minute"], [36, "second"]. */
function bidWindowParts(hours: number): [number, "hour" | "minute" | "second"] {
  const seconds = Math.max(1, Math.round(hours * 3600));
  if (seconds % 3600 === 0) return [seconds / 3600, "hour"];
  if (seconds % 60 === 0) return [seconds / 60, "minute"];
  return [seconds, "second"];
}

/**
 * The bid window as the texts say it, "72 hours" by default (the spec's words), else the
 * configured window in its largest whole unit ("1 hour", "90 minutes", "36 seconds").
 */
export function bidWindowDuration(hours: number): string {
  const [count, unit] = bidWindowParts(hours);
  return `${count.toLocaleString("en-US")} ${unit}${count === 1 ? "" : "s"}`;
}

/** The bid window before a noun: "a 72-hour bidding window". */
export function bidWindowAdjective(hours: number): string {
  const [count, unit] = bidWindowParts(hours);
  return `${count.toLocaleString("en-US")}-${unit}`;
}
export const PAGE_SIZES = [50, 100, 150, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/**
 * Shipment lists count matching rows exactly up to this many; past it they report this number
 * with `count_is_capped: true` (see paginationOptionSchema), so a broad search or a long list
 * never pays for counting every match.
 */
export const LIST_COUNT_CAP = 1000;
/**
 * A search counts its matches up to this many (then `count_is_capped`, as past LIST_COUNT_CAP):
 * counting a word one shipment in 30 holds up to 1,000 read 30,000 rows of a list at any size
 * past that, where 200 read 6,000. Past a page or two of matches people refine the search.
 */
export const SEARCH_COUNT_CAP = 200;
export const OTP_LENGTH = 4;
export const OTP_RESEND_SECONDS = 120;
export const OTP_EXPIRY_MINUTES = 10;
export const OTP_MAX_TRIES = 5;
export const MAX_WAREHOUSE_GROUPS = 5;
export const NOTIFICATION_LIST_CAP = 100;
export const NOTIFICATION_PREVIEW_LENGTH = 100;
export const CHAT_RECONNECT_ATTEMPTS = 5;
export const CHAT_RECONNECT_DELAY_MS = 1000;
/**
 * A client back from a reconnect reads what it missed after a random wait of up to this long, so
 * the thousand clients a server restart sends back at once do not all read in the same instant.
 */
export const RECONNECT_BACKFILL_SPREAD_MS = 1000;
/**
 * Frames a socket may send at once before the server's per-connection rate limit drops them; the
 * web client queues no more than this while it reconnects.
 */
export const SOCKET_FRAME_BURST = 20;
/**
 * Chat actions (messages, replies, edits, deletes, reactions) one user may send at once across
 * all of their sockets and the server's instances, then the steady rate per second after that.
 */
export const CHAT_ACTION_BURST = 20;
export const CHAT_ACTIONS_PER_SECOND = 2;
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

/**
 * The cookie holding a copy of the access token in the browser, for the server's first paint of
 * an order page (the page's HTML with the order in it); the API never reads it.
 */
export const VIEW_COOKIE = "fba_view";
/** The first paint's element in the page's HTML, and the API answers it was rendered from. */
export const FIRST_PAINT_ID = "first-paint";
export const FIRST_PAINT_ANSWERS_ID = "first-paint-answers";

/** WebSocket paths (token = the access JWT, passed as ?token=). */
export const wsPaths = {
  groupChat: (shipmentId: number) => `/ws/group-chat/${shipmentId}/`,
  sampleChat: (sampleId: number) => `/ws/sample-shipment-chat/${sampleId}/`,
  notifications: (userId: number) => `/ws/notifications/${userId}/`,
  announcements: () => `/ws/announcement/`,
} as const;

/** Close codes the server uses; 1008/1009 are the standard policy and size codes. */
export const WS_CLOSE_CODES = {
  policyViolation: 1008,
  messageTooBig: 1009,
  unauthorized: 4401,
  forbidden: 4403,
  notFound: 4404,
} as const;

/** A leg with no event this many days after pickup reads "no update for N days". */
export const STALE_LEG_DAYS = 5;

/**
 * How a chat notification's text starts, in each language the server writes notifications in
 * (the recipient's stored locale): "New message from NAME: TEXT", "【新消息】NAME：TEXT".
 */
export const CHAT_NOTIFICATION_PREFIXES = ["New message from", "【新消息】"] as const;

/** Image subtypes the chat previews inline; everything else shows as a file card. */
export const CHAT_PREVIEW_IMAGE_TYPES = [
  "jpeg",
  "jpg",
  "gif",
  "png",
  "webp",
  "bmp",
  "svg+xml",
] as const;

// Dates and times as the product shows them (MM/DD/YYYY, "11/21/2026 3:05 PM"), schema-free.
export * from "./values/dates.js";
