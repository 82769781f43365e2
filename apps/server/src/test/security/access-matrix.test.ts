import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "@fba/contract";
import { buildTestApp, servicesOf, type TestContext } from "../app.js";
import { retryLoadShedding } from "./shed-retry.js";
import { multipartBody } from "../profile-factories.js";
import { TestSocket } from "../realtime-factories.js";
import {
  ACTORS,
  SECRET_PRODUCT,
  buildWorld,
  headersFor,
  type Actor,
  type World,
} from "./fixtures.js";
import { collectRoutes } from "./route-table.js";
import { endBiddingWindow, placeBid, postShipment } from "../shipment-factories.js";
import { closeDueBidding } from "../../modules/shipments/index.js";

type Expectation = Record<Actor, number>;

interface RouteCase {
  path: (w: World, actor: Actor) => string;
  body?: (w: World, actor: Actor) => unknown;
  multipart?: boolean;
  expect: Expectation;
  /** The refusal text errors[0].message must carry, where the spec fixes one. */
  refusal?: Partial<Record<Actor, string>>;
  /** Actors in the order they call; state-changing successes go last. */
  order?: readonly Actor[];
}

/** Shorthand: one status for everyone signed in, refined per actor. */
const all = (signedIn: number, overrides: Partial<Expectation> = {}): Expectation => ({
  anonymous: 401,
  otherSeller: signedIn,
  otherAgent: signedIn,
  loser: signedIn,
  seller: signedIn,
  winner: signedIn,
  admin: signedIn,
  ...overrides,
});
const sellersOnly = (ok: number, o: Partial<Expectation> = {}) =>
  all(403, { seller: ok, otherSeller: ok, ...o });
const agentsOnly = (ok: number, o: Partial<Expectation> = {}) =>
  all(403, { winner: ok, loser: ok, otherAgent: ok, ...o });
const adminOnly = (ok: number) => all(403, { admin: ok });
/** Public routes: nobody is refused for who they are; an empty body is bad input. */
const publicRoute = (status: number) => all(status, { anonymous: status });

const NOT_AUTHORISED = "You are not authorised to view this shipment";
const NOT_NOW = "You cannot view this shipment right now.";
const CLAIMED_BY_ANOTHER = "Another agent is handling this sample shipment";

const fixed = (path: string) => () => path;

/**
 * The expectation for every route the server serves. A route missing from this table fails the
 * suite, so nobody can add an endpoint without deciding who may call it.
 */
const CASES: Record<string, RouteCase> = {
  // Auth: public entry points refuse an empty body for everyone alike.
  "POST /api/auth/register": {
    path: fixed("/api/auth/register/"),
    body: () => ({}),
    expect: publicRoute(400),
  },
  "POST /api/auth/login": {
    path: fixed("/api/auth/login/"),
    body: () => ({}),
    expect: publicRoute(400),
  },
  "POST /api/auth/refresh-token": {
    path: fixed("/api/auth/refresh-token/"),
    body: () => ({}),
    expect: publicRoute(400),
  },
  "POST /api/auth/logout": {
    path: fixed("/api/auth/logout/"),
    body: () => ({}),
    expect: publicRoute(400),
  },
  "POST /api/auth/password-init": {
    path: fixed("/api/auth/password-init/"),
    body: () => ({}),
    expect: publicRoute(400),
  },
  "POST /api/auth/send-otp": {
    path: fixed("/api/auth/send-otp/"),
    body: () => ({}),
    expect: publicRoute(400),
  },
  "POST /api/auth/verify-otp": {
    path: fixed("/api/auth/verify-otp/"),
    body: () => ({}),
    expect: publicRoute(400),
  },
  "POST /api/auth/password-reset": {
    path: fixed("/api/auth/password-reset/"),
    body: () => ({}),
    expect: publicRoute(400),
  },
  "GET /api/auth/v1/me": { path: fixed("/api/auth/v1/me/"), expect: all(200) },
  "GET /api/auth/me": { path: fixed("/api/auth/me"), expect: all(200) },
  "POST /api/auth/change-password": {
    path: fixed("/api/auth/change-password/"),
    body: () => ({ old_password: "Wrong-old-1!", new_password: "N3w!Password" }),
    expect: all(400),
  },
  "PATCH /api/auth/v1/update-profile": {
    path: fixed("/api/auth/v1/update-profile/"),
    body: () => ({ first_name: "Renamed", id: 1, groups: "Admin", email: "x@example.com" }),
    multipart: true,
    expect: all(200),
  },
  "PATCH /api/auth/update-profile": {
    path: fixed("/api/auth/update-profile/"),
    body: () => ({ last_name: "Renamed", groups: "Admin" }),
    expect: all(200),
  },
  // Avatars are served by their versioned URL to whoever holds it; a user without one is 404.
  "GET /api/users/:id/avatar": {
    path: (w) => `/api/users/${w.users.seller.id}/avatar/`,
    expect: publicRoute(404),
  },

  // Shipments.
  "POST /api/shipments": {
    path: fixed("/api/shipments/"),
    body: () => ({}),
    expect: sellersOnly(400),
  },
  "GET /api/shipments/:id": {
    path: (w) => `/api/shipments/${w.accepted}/`,
    // The losing bidder gets the read-only view of a lost bid (checked field by field below).
    expect: all(200, { otherSeller: 400, otherAgent: 400 }),
    refusal: { otherSeller: NOT_AUTHORISED, otherAgent: NOT_NOW },
  },
  "PATCH /api/shipments/:id": {
    path: (w) => `/api/shipments/${w.accepted}/`,
    body: () => ({ tracking_number: "123456789", final_amount: "1250" }),
    expect: all(403, { winner: 200, admin: 200 }),
  },
  "PATCH /api/shipment-status-update/:id": {
    path: (w) => `/api/shipment-status-update/${w.accepted}/`,
    body: () => ({ status: "Quotation Accepted" }),
    expect: all(403, { winner: 200, admin: 200 }),
  },
  // After the award: the order's parties read legs; each side edits its own fields of a leg.
  "GET /api/shipments/:id/legs": {
    path: (w) => `/api/shipments/${w.accepted}/legs/`,
    expect: all(200, { otherSeller: 400, otherAgent: 400, loser: 400 }),
    refusal: { otherSeller: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED, loser: NOT_AUTHORISED },
  },
  "PATCH /api/shipments/:id/legs/:leg_id": {
    path: (w) => `/api/shipments/${w.accepted}/legs/${w.acceptedLeg}/`,
    body: (_w, actor) =>
      actor === "seller" ? { fba_shipment_id: "FBA1234ABCD9" } : { eta: "2030-01-01" },
    expect: all(200, { otherSeller: 400, otherAgent: 400, loser: 400 }),
    refusal: { otherSeller: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED, loser: NOT_AUTHORISED },
  },
  "POST /api/shipments/:id/legs/:leg_id/events": {
    path: (w) => `/api/shipments/${w.accepted}/legs/${w.acceptedLeg}/events/`,
    body: (_w, actor) => ({
      milestone: actor === "admin" ? "departed_origin" : "picked_up",
      mode: "air",
      occurred_at: new Date().toISOString(),
    }),
    expect: all(403, { winner: 201, admin: 201, loser: 400, otherAgent: 400 }),
    refusal: { loser: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED },
    order: ["anonymous", "otherSeller", "seller", "loser", "otherAgent", "winner", "admin"],
  },
  // The order's parties read and add its documents, and delivery to a different FC is settled by
  // the seller (accepting it) or an admin (resolving it); the fixture's leg is not delivered yet.
  "GET /api/shipments/:id/documents": {
    path: (w) => `/api/shipments/${w.accepted}/documents/`,
    expect: all(200, { otherSeller: 400, otherAgent: 400, loser: 400 }),
    refusal: { otherSeller: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED, loser: NOT_AUTHORISED },
  },
  "POST /api/shipments/:id/documents": {
    path: (w) => `/api/shipments/${w.accepted}/documents/`,
    body: () => ({ type: "Packing list" }),
    multipart: true,
    // Parties are told the file is missing; everyone else is refused before the body is read.
    expect: all(400),
    refusal: {
      otherSeller: NOT_AUTHORISED,
      otherAgent: NOT_AUTHORISED,
      loser: NOT_AUTHORISED,
      seller: "Choose a file to upload",
      winner: "Choose a file to upload",
      admin: "Choose a file to upload",
    },
  },
  "GET /api/documents/:id/download": {
    path: (w) => `/api/documents/${w.document}/download`,
    expect: all(200, { otherSeller: 400, otherAgent: 400, loser: 400 }),
    refusal: { otherSeller: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED, loser: NOT_AUTHORISED },
  },
  "POST /api/shipments/:id/legs/:leg_id/different-fc/accept": {
    path: (w) => `/api/shipments/${w.accepted}/legs/${w.acceptedLeg}/different-fc/accept`,
    expect: all(403, { seller: 409, otherSeller: 400, otherAgent: 400, loser: 400 }),
    refusal: { otherSeller: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED, loser: NOT_AUTHORISED },
  },
  "POST /api/shipments/:id/legs/:leg_id/different-fc/resolve": {
    path: (w) => `/api/shipments/${w.accepted}/legs/${w.acceptedLeg}/different-fc/resolve`,
    body: () => ({ note: "Amazon moved the appointment" }),
    expect: adminOnly(409),
  },
  // A final amount above the bid: the parties read it, the seller answers, an admin decides.
  "GET /api/shipments/:id/charge-change": {
    path: (w) => `/api/shipments/${w.disputed}/charge-change/`,
    expect: all(200, { otherSeller: 400, otherAgent: 400, loser: 400 }),
    refusal: { otherSeller: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED, loser: NOT_AUTHORISED },
  },
  "POST /api/shipments/:id/charge-change/accept": {
    path: (w) => `/api/shipments/${w.chargedToAccept}/charge-change/accept`,
    expect: all(403, { otherSeller: 400, seller: 200 }),
    refusal: { otherSeller: NOT_AUTHORISED },
  },
  "POST /api/shipments/:id/charge-change/dispute": {
    path: (w) => `/api/shipments/${w.chargedToDispute}/charge-change/dispute`,
    body: () => ({ reason: "The cartons were never re-measured" }),
    expect: all(403, { otherSeller: 400, seller: 200 }),
    refusal: { otherSeller: NOT_AUTHORISED },
  },
  "POST /api/shipments/:id/charge-change/decide": {
    path: (w) => `/api/shipments/${w.disputed}/charge-change/decide`,
    body: () => ({ outcome: "bid_total", note: "Keep the bid: no pallet work was shown" }),
    expect: adminOnly(200),
  },
  "GET /api/admin/disputes": { path: fixed("/api/admin/disputes/"), expect: adminOnly(200) },
  "GET /api/admin/disputes/export.csv": {
    path: fixed("/api/admin/disputes/export.csv"),
    expect: adminOnly(200),
  },
  // An agent's record: sellers, admins and the agent itself; other agents are refused.
  "GET /api/agents/:id": {
    path: (w) => `/api/agents/${w.users.winner.id}/`,
    expect: all(200, { loser: 403, otherAgent: 403 }),
  },
  "GET /api/agents/:id/scorecard": {
    path: (w) => `/api/agents/${w.users.winner.id}/scorecard/`,
    expect: all(200, { loser: 403, otherAgent: 403 }),
  },
  "GET /api/agents/:id/ratings": {
    path: (w) => `/api/agents/${w.users.winner.id}/ratings/`,
    expect: all(200, { loser: 403, otherAgent: 403 }),
  },
  // A completed order's rating: its seller rates once, its agent answers once.
  "POST /api/shipments/:id/rating": {
    path: (w) => `/api/shipments/${w.disputed}/rating/`,
    body: () => ({
      overall: 4,
      communication: 4,
      care_of_cargo: 5,
      punctuality: 3,
      as_described: 4,
      comment: "Fine",
    }),
    expect: all(403, { seller: 201 }),
    order: ["anonymous", "otherSeller", "otherAgent", "loser", "winner", "admin", "seller"],
  },
  "POST /api/shipments/:id/rating/reply": {
    path: (w) => `/api/shipments/${w.disputed}/rating/reply/`,
    body: () => ({ reply: "Thank you" }),
    expect: all(403, { winner: 200 }),
    order: ["anonymous", "otherSeller", "otherAgent", "loser", "seller", "admin", "winner"],
  },
  "GET /api/shipments/:id/rating": {
    path: (w) => `/api/shipments/${w.disputed}/rating/`,
    expect: all(200, { otherSeller: 403, otherAgent: 403, loser: 403 }),
  },
  // Dashboards' figures: each role its own.
  "GET /api/analytics/seller": { path: fixed("/api/analytics/seller/"), expect: sellersOnly(200) },
  "GET /api/analytics/agent": { path: fixed("/api/analytics/agent/"), expect: agentsOnly(200) },
  "GET /api/analytics/admin": { path: fixed("/api/analytics/admin/"), expect: adminOnly(200) },
  // The order's PDFs: for its parties once accepted (the statement once completed).
  "GET /api/shipments/:id/confirmation.pdf": {
    path: (w) => `/api/shipments/${w.accepted}/confirmation.pdf`,
    expect: all(200, { otherSeller: 400, otherAgent: 400, loser: 400 }),
    refusal: { otherSeller: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED, loser: NOT_AUTHORISED },
  },
  "GET /api/shipments/:id/statement.pdf": {
    path: (w) => `/api/shipments/${w.disputed}/statement.pdf`,
    expect: all(200, { otherSeller: 400, otherAgent: 400, loser: 400 }),
    refusal: { otherSeller: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED, loser: NOT_AUTHORISED },
  },
  "POST /api/shipments/:id/reopen": {
    path: (w) => `/api/shipments/${w.noBidsToReopen}/reopen/`,
    expect: all(403, { seller: 200 }),
  },
  "POST /api/shipments/:id/cancel": {
    path: (w) => `/api/shipments/${w.noBidsToCancel}/cancel/`,
    expect: all(403, { seller: 200 }),
  },
  "POST /api/admin/shipments/:id/winner": {
    path: (w) => `/api/admin/shipments/${w.approved}/winner/`,
    body: (w) => ({ quotation_id: w.approvedLosingQuotation }),
    expect: adminOnly(200),
  },
  "GET /api/shipper/shipments": { path: fixed("/api/shipper/shipments/"), expect: agentsOnly(200) },
  "GET /api/shipper/orders/export.csv": {
    path: fixed("/api/shipper/orders/export.csv"),
    expect: agentsOnly(200),
  },
  "GET /api/shipper/recent-orders": {
    path: fixed("/api/shipper/recent-orders/"),
    expect: agentsOnly(200),
  },
  "GET /api/shipper/awaiting-decision": {
    path: fixed("/api/shipper/awaiting-decision/"),
    expect: agentsOnly(200),
  },
  "GET /api/shipper/past-orders": {
    path: fixed("/api/shipper/past-orders/"),
    expect: agentsOnly(200),
  },
  "GET /api/shipper/quotation-history": {
    path: fixed("/api/shipper/quotation-history?page=1"),
    expect: agentsOnly(200),
  },
  "GET /api/seller/shipments": { path: fixed("/api/seller/shipments/"), expect: sellersOnly(200) },
  "GET /api/seller/shipments/export.csv": {
    path: fixed("/api/seller/shipments/export.csv"),
    expect: sellersOnly(200),
  },
  "GET /api/seller/pending-shipments": {
    path: fixed("/api/seller/pending-shipments/"),
    expect: sellersOnly(200),
  },
  // The seller dashboard's reads: an admin sent there by the existing client sees every seller's.
  "GET /api/seller/recent-orders": {
    path: fixed("/api/seller/recent-orders/"),
    expect: sellersOnly(200, { admin: 200 }),
  },
  "GET /api/seller/past-orders": {
    path: fixed("/api/seller/past-orders/"),
    expect: sellersOnly(200),
  },
  "GET /api/seller/cancelled-shipments": {
    path: fixed("/api/seller/cancelled-shipments/"),
    expect: sellersOnly(200),
  },
  "GET /api/seller/seller-dashboard": {
    path: fixed("/api/seller/seller-dashboard/"),
    expect: sellersOnly(200, { admin: 200 }),
  },
  "GET /api/admin/shipments": { path: fixed("/api/admin/shipments/"), expect: adminOnly(200) },

  // Quotations.
  "POST /api/shipper/quotation": {
    path: fixed("/api/shipper/quotation/"),
    body: (w) => ({ shipment: w.open, pickup_amount: "50", fast_amount: "400", normal_amount: "" }),
    expect: agentsOnly(201, { winner: 409, loser: 409 }),
  },
  "PATCH /api/quotations/:id": {
    path: (w) => `/api/quotations/${w.approvedToAcceptQuotation}/`,
    body: () => ({ shipment_status: "Quotation Accepted" }),
    // Another seller gets the shipment's own refusal, not a role error.
    expect: all(403, { seller: 200 }),
  },
  // The seller's comparison of bids once bidding closes, the pick of a bid with a reason, and
  // re-confirming an expired quote (the approved shipment's bids have not expired: a state refusal).
  "GET /api/shipments/:id/comparison": {
    path: (w) => `/api/shipments/${w.approved}/comparison/`,
    expect: all(403, { seller: 200, admin: 200 }),
  },
  "POST /api/shipments/:id/award": {
    path: (w) => `/api/shipments/${w.approvedToAward}/award/`,
    body: (w) => ({ quotation_id: w.approvedToAwardLosingQuotation, reason: "better_record" }),
    expect: all(403, { seller: 200 }),
  },
  "POST /api/shipments/:id/next-bid": {
    path: (w) => `/api/shipments/${w.approvedToPassOver}/next-bid/`,
    body: () => ({ reason: "Pickup date does not work for us" }),
    expect: all(403, { seller: 200 }),
  },
  "POST /api/quotations/:id/reconfirm-request": {
    path: (w) => `/api/quotations/${w.approvedLosingQuotation}/reconfirm-request/`,
    expect: all(403, { seller: 400 }),
  },
  "POST /api/quotations/:id/reconfirm": {
    path: (w) => `/api/quotations/${w.approvedLosingQuotation}/reconfirm/`,
    body: () => ({ valid_until: "2099-12-31" }),
    expect: all(403, { loser: 400 }),
  },
  "GET /api/quotations": {
    path: (w) => `/api/quotations/?shipment_id=${w.accepted}`,
    // Agents see only their own bid (none for an agent who did not bid).
    expect: all(200, { otherSeller: 400 }),
  },

  // Sample shipments.
  "POST /api/sample-shipments": {
    path: fixed("/api/sample-shipments/"),
    body: () => ({}),
    expect: sellersOnly(400),
  },
  "GET /api/sample-shipments": { path: fixed("/api/sample-shipments/"), expect: all(200) },
  "GET /api/sample-shipments/:id": {
    path: (w) => `/api/sample-shipments/${w.sample}/`,
    expect: all(200, { otherSeller: 400 }),
  },
  "PATCH /api/status-update/:id": {
    path: (w) => `/api/status-update/${w.claimedSample}/`,
    body: () => ({ status: "Shipment Completed" }),
    // Only the agent who claimed it (or an admin) completes it; afterwards it is a state conflict.
    expect: all(403, { winner: 200, admin: 409 }),
    refusal: { loser: CLAIMED_BY_ANOTHER, otherAgent: CLAIMED_BY_ANOTHER },
  },
  "POST /api/sample-shipments/:id/claim": {
    path: (w) => `/api/sample-shipments/${w.claimedSample}/claim/`,
    // Claiming again is harmless for the claimer; other agents are told someone else has it.
    expect: all(403, { winner: 200 }),
    refusal: { loser: CLAIMED_BY_ANOTHER, otherAgent: CLAIMED_BY_ANOTHER },
  },

  // Chat.
  "GET /api/chat/messages/:shipment_id": {
    path: (w) => `/api/chat/messages/${w.accepted}/`,
    expect: all(200, { otherSeller: 403, loser: 403, otherAgent: 403 }),
  },
  "GET /api/chat/sample-shipment-messages/:id": {
    path: (w) => `/api/chat/sample-shipment-messages/${w.sample}/`,
    expect: all(200, { otherSeller: 403 }),
  },
  "POST /api/chat/attachment": {
    path: fixed("/api/chat/attachment/"),
    body: () => ({}),
    multipart: true,
    expect: all(400),
  },
  "GET /api/chat/attachment/:id": {
    path: (w) => `/api/chat/attachment/${w.attachment}/`,
    expect: all(403, { seller: 200, winner: 200, admin: 200 }),
  },
  "GET /api/chat/attachment/:id/download": {
    path: (w) => `/api/chat/attachment/${w.attachment}/download/`,
    expect: all(403, { seller: 200, winner: 200, admin: 200 }),
  },

  // Notifications.
  "GET /api/chat/notifications": { path: fixed("/api/chat/notifications/"), expect: all(200) },
  "PATCH /api/chat/notifications/read-all": {
    path: fixed("/api/chat/notifications/read-all/"),
    expect: all(200),
  },
  "PATCH /api/chat/notifications/:id/read": {
    path: (w) => `/api/chat/notifications/${w.notification}/read/`,
    expect: all(404, { seller: 200 }),
  },

  // Announcements (both spellings).
  "GET /api/v1/announcement": { path: fixed("/api/v1/announcement/"), expect: all(200) },
  "GET /api/announcement": { path: fixed("/api/announcement/"), expect: all(200) },
  "GET /api/v1/announcement/:id": {
    path: (w) => `/api/v1/announcement/${w.announcement}/`,
    expect: all(200),
  },
  "GET /api/announcement/:id": {
    path: (w) => `/api/announcement/${w.announcement}/`,
    expect: all(200),
  },
  "POST /api/v1/announcement": {
    path: fixed("/api/v1/announcement/"),
    body: () => ({ message: "Matrix notice" }),
    expect: all(201, { winner: 403, loser: 403, otherAgent: 403 }),
  },
  "POST /api/announcement": {
    path: fixed("/api/announcement"),
    body: () => ({ message: "Matrix notice" }),
    expect: all(201, { winner: 403, loser: 403, otherAgent: 403 }),
  },
  // Only admins remove one (the sender stays enabled here: the matrix's actors must keep working).
  "DELETE /api/admin/announcements/:id": {
    path: (w) => `/api/admin/announcements/${w.removableAnnouncement}/?disable_sender=false`,
    expect: adminOnly(200),
  },

  // Places and warehouses.
  "GET /api/places": { path: fixed("/api/places/?q=90210"), expect: all(200) },
  "GET /api/settings": { path: fixed("/api/settings/"), expect: publicRoute(200) },
  "GET /api/warehouses": { path: fixed("/api/warehouses/"), expect: all(200) },
  "GET /api/admin/warehouses": { path: fixed("/api/admin/warehouses/"), expect: adminOnly(200) },
  "POST /api/admin/warehouses": {
    path: fixed("/api/admin/warehouses/"),
    body: () => ({}),
    expect: adminOnly(400),
  },
  "PATCH /api/admin/warehouses/:id": {
    path: (w) => `/api/admin/warehouses/${w.warehouse}/`,
    body: () => ({ name: "Renamed depot" }),
    expect: adminOnly(200),
  },

  // Admin.
  "GET /api/admin/users": { path: fixed("/api/admin/users/"), expect: adminOnly(200) },
  "GET /api/admin/users/export.csv": {
    path: fixed("/api/admin/users/export.csv"),
    expect: adminOnly(200),
  },
  "PATCH /api/admin/users/:id": {
    path: (w) => `/api/admin/users/${w.users.otherSeller.id}/`,
    body: () => ({ is_active: true }),
    expect: adminOnly(200),
  },
  "GET /api/admin/dashboard": { path: fixed("/api/admin/dashboard/"), expect: adminOnly(200) },
  "GET /api/admin/recovery-failures": {
    path: fixed("/api/admin/recovery-failures/"),
    expect: adminOnly(200),
  },
  // Prometheus metrics: admins only, like the admin API.
  "GET /metrics": { path: fixed("/metrics"), expect: adminOnly(200) },
  "GET /api/admin/events/parked": {
    path: fixed("/api/admin/events/parked/"),
    expect: adminOnly(200),
  },
  // No parked event has this id: the admin is told so, everyone else is refused first.
  "POST /api/admin/events/:id/retry": {
    path: fixed("/api/admin/events/999999/retry/"),
    expect: adminOnly(404),
  },
  "DELETE /api/admin/users/:id/recovery-pause": {
    path: (w) => `/api/admin/users/${w.users.otherSeller.id}/recovery-pause/`,
    expect: adminOnly(200),
  },

  // The existing client's later screens: warehouse rows are the accepted order's legs (its
  // parties read them; the winning agent and admins change them), then invoices, package
  // tracking, average costs and two seller views. They run after the legs' own cases.
  "POST /api/warehouses": {
    path: fixed("/api/warehouses/"),
    body: (w) => [{ shipment: w.accepted, warehouse_code: w.acceptedLegCode, unit_price: "4.10" }],
    expect: all(403, { winner: 201, admin: 201, loser: 400, otherAgent: 400 }),
    refusal: { loser: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED },
  },
  "PATCH /api/warehouses/:id": {
    path: (w) => `/api/warehouses/${w.acceptedLeg}/`,
    // The legs' cases already recorded Picked up: the same status again changes nothing.
    body: (w) => ({ id: w.acceptedLeg, status: "Warehouse Picked Up" }),
    expect: all(403, { winner: 200, admin: 200, loser: 400, otherAgent: 400 }),
    refusal: { loser: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED },
  },
  "DELETE /api/warehouses/:id/delete-pod-document": {
    path: (w) => `/api/warehouses/${w.acceptedLeg}/delete-pod-document/`,
    // The leg has no proof of delivery to take off.
    expect: all(403, { winner: 404, admin: 404, loser: 400, otherAgent: 400 }),
    refusal: { loser: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED },
  },
  "PATCH /api/update-warehouse-tracking/:id": {
    path: (w) => `/api/update-warehouse-tracking/${w.acceptedLeg}`,
    body: (w) => ({ id: w.acceptedLeg, tracking_number: "1Z999AA10123456784" }),
    expect: all(403, { winner: 200, admin: 200, loser: 400, otherAgent: 400 }),
    refusal: { loser: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED },
  },
  "PATCH /api/update-packages/:id": {
    path: (w) => `/api/update-packages/${w.acceptedPackage}`,
    body: (w) => ({ id: w.acceptedPackage, tracking_number: "1Z999AA10123456784" }),
    expect: all(403, { winner: 200, admin: 200, loser: 400, otherAgent: 400 }),
    refusal: { loser: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED },
  },
  "GET /api/invoices": {
    path: (w) => `/api/invoices/?shipment_id=${w.accepted}`,
    expect: all(200, { otherSeller: 400, otherAgent: 400, loser: 400 }),
    refusal: { otherSeller: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED, loser: NOT_AUTHORISED },
  },
  "POST /api/invoices": {
    path: fixed("/api/invoices/"),
    body: (w) => ({
      shipment: w.accepted,
      pickup_location: { full_address: "1 Dock Road, Shenzhen" },
      user: { email: w.users.seller.email, first_name: "Billed" },
    }),
    expect: all(403, { winner: 201, admin: 201, loser: 400, otherAgent: 400 }),
    refusal: { loser: NOT_AUTHORISED, otherAgent: NOT_AUTHORISED },
  },
  "GET /api/average-cost": { path: fixed("/api/average-cost/"), expect: all(200) },
  "GET /api/average-cost/estimates": {
    path: fixed("/api/average-cost/estimates/?fc_codes=TST1"),
    expect: all(403, { seller: 200, otherSeller: 200, admin: 200 }),
  },
  "POST /api/average-cost": {
    path: fixed("/api/average-cost/"),
    body: () => ({ warehouse_number: "MTX2", slow_cost: 1, fast_cost: 2, air_cost: 3 }),
    expect: agentsOnly(201),
  },
  // Another agent's row is indistinguishable from a missing one; the winner's own goes last.
  "PATCH /api/average-cost/:id": {
    path: (w) => `/api/average-cost/${w.averageCost}/`,
    body: () => ({ slow_cost: "2.25" }),
    expect: agentsOnly(200, { loser: 404, otherAgent: 404 }),
  },
  "DELETE /api/average-cost/delete-multiple": {
    path: fixed("/api/average-cost/delete-multiple/"),
    body: () => ({ ids: [2147483000] }),
    expect: agentsOnly(200),
  },
  "DELETE /api/average-cost/:id": {
    path: (w) => `/api/average-cost/${w.averageCost}/`,
    expect: agentsOnly(200, { loser: 404, otherAgent: 404 }),
  },
  "GET /api/seller/home": {
    path: fixed("/api/seller/home/"),
    expect: sellersOnly(200, { admin: 200 }),
  },
  "GET /api/seller/shipments/:id": {
    path: (w) => `/api/seller/shipments/${w.accepted}/`,
    expect: all(200, { otherSeller: 400, otherAgent: 400 }),
    refusal: { otherSeller: NOT_AUTHORISED, otherAgent: NOT_NOW },
  },
  // A warehouse row's proof of delivery link: its signature in the path, for whoever holds it.
  "GET /api/documents/:id/:expires/:signature/:name": {
    path: () => signedDocumentPath,
    expect: publicRoute(200),
  },
};

/** Set once the world exists: a signed path to the accepted order's document. */
let signedDocumentPath = "";

/** Socket routes are proven by the socket matrix below; listed so the route check knows them. */
const SOCKET_ROUTES = [
  "GET /ws/group-chat/:shipment_id",
  "GET /ws/sample-shipment-chat/:id",
  "GET /ws/notifications/:user_id",
  "GET /ws/announcement",
];

const RECORD = process.env.ACCESS_MATRIX_RECORD === "1";

describe("access-control matrix", () => {
  let ctx: TestContext;
  let world: World;
  let routes: string[];

  beforeAll(async () => {
    ctx = await buildTestApp();
    retryLoadShedding(ctx.app);
    world = await buildWorld(ctx.app);
    const { expires, signature } = servicesOf(ctx.app).documentSigner.sign(world.document);
    signedDocumentPath = `/api/documents/${world.document}/${expires}/${signature}/invoice.pdf`;
    routes = collectRoutes(ctx.app);
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  }, 120_000);
  afterAll(async () => ctx?.close());

  it("has an expectation for every route the server serves", () => {
    const known = new Set([...Object.keys(CASES), ...SOCKET_ROUTES]);
    const missing = routes.filter((route) => !known.has(route));
    expect(missing, `routes without an access-matrix entry: ${missing.join(", ")}`).toEqual([]);
    const stale = [...known].filter((route) => !routes.includes(route));
    expect(stale, `matrix entries for routes that no longer exist: ${stale.join(", ")}`).toEqual(
      [],
    );
    expect(routes.length).toBeGreaterThan(50);
  });

  it("admits each socket channel only to the parties the spec names", async () => {
    const address = ctx.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    const base = `http://127.0.0.1:${address.port}`;
    const party = (open: readonly Actor[], refused: number): Expectation =>
      Object.fromEntries(
        ACTORS.map((a) => [a, a === "anonymous" ? 4401 : open.includes(a) ? 0 : refused]),
      ) as Expectation;
    const joins: Array<[string, Expectation]> = [
      [`/ws/group-chat/${world.accepted}/`, party(["seller", "winner", "admin"], 4403)],
      [
        `/ws/sample-shipment-chat/${world.sample}/`,
        party(["seller", "winner", "loser", "otherAgent", "admin"], 4403),
      ],
      [
        `/ws/sample-shipment-chat/${world.claimedSample}/`,
        party(["seller", "winner", "admin"], 4403),
      ],
      [`/ws/notifications/${world.users.seller.id}/`, party(["seller"], 4403)],
      [`/ws/announcement/`, Object.fromEntries(ACTORS.map((a) => [a, 0])) as Expectation],
      [`/ws/group-chat/2147483000/`, party([], 4404)],
    ];
    const mismatches: string[] = [];
    let cases = 0;
    for (const [path, expected] of joins) {
      const sockets = await Promise.all(
        ACTORS.map((actor) =>
          TestSocket.connect(base, path, {
            token: actor === "anonymous" ? undefined : world.users[actor].token,
          }),
        ),
      );
      // Refusals arrive as a close right after the upgrade: before a ping's answer.
      await Promise.all(sockets.map((socket) => socket.roundTrip()));
      ACTORS.forEach((actor, i) => {
        cases += 1;
        const socket = sockets[i] as TestSocket;
        const want = expected[actor];
        const got = socket.closeCode ?? 0;
        if (got !== want) mismatches.push(`${path} as ${actor}: expected ${want}, got ${got}`);
        if (got !== 0 && socket.events.length > 0) {
          mismatches.push(
            `${path} as ${actor}: refused socket received ${socket.events.length} frames`,
          );
        }
        socket.close();
      });
    }
    expect(mismatches).toEqual([]);
    expect(cases).toBe(joins.length * ACTORS.length);

    // Actions: a party that is not the author may neither edit nor delete; ids in frames are not trusted.
    const winnerChat = await TestSocket.connect(base, `/ws/group-chat/${world.accepted}/`, {
      token: world.users.winner.token,
    });
    winnerChat.send({
      action: "edit_message",
      user_id: world.users.seller.id,
      message_id: world.chatMessage,
      new_content: "tampered",
    });
    await winnerChat.next("error");
    winnerChat.send({
      action: "delete_message",
      user_id: world.users.seller.id,
      message_id: world.chatMessage,
    });
    await winnerChat.until(() => winnerChat.count("error") >= 2);
    winnerChat.send({
      action: "send_message",
      message: "From the agent",
      user_id: world.users.seller.id,
      sender_type: "Seller",
      attachment: null,
    });
    const sent = await winnerChat.next("message_sent");
    expect(sent.data.sender.id).toBe(world.users.winner.id);
    expect(winnerChat.count("message_edited") + winnerChat.count("message_deleted")).toBe(0);

    // Reacting to and reading a message of a chat one is not in is impossible: the loser cannot join.
    const history = await ctx.app.inject({
      url: `/api/chat/messages/${world.accepted}/`,
      headers: world.users.seller.auth,
    });
    const original = (history.json().data.messages as Array<{ id: number; content: string }>).find(
      (m) => m.id === world.chatMessage,
    );
    expect(original?.content).toBe("Invoice attached");

    // Someone else's notification cannot be marked read through one's own socket.
    const winnerBell = await TestSocket.connect(
      base,
      `/ws/notifications/${world.users.winner.id}/`,
      {
        token: world.users.winner.token,
      },
    );
    await winnerBell.next("unread_count");
    winnerBell.send({
      action: "mark_notification_read",
      notification_id: world.notification,
      user_id: world.users.seller.id,
    });
    await winnerBell.next("error");
    const bell = await ctx.app.inject({
      url: "/api/chat/notifications/",
      headers: world.users.seller.auth,
    });
    const target = (bell.json().data as Array<{ id: number; is_read: boolean }>).find(
      (n) => n.id === world.notification,
    );
    expect(target?.is_read).toBe(false);
    expect(winnerBell.count("notification_read")).toBe(0);

    // A socket acts on its own chat only: the seller, author of the shipment chat's message, may
    // not edit, delete, react to or reply to it from the sample chat's socket.
    const sampleChat = await TestSocket.connect(base, `/ws/sample-shipment-chat/${world.sample}/`, {
      token: world.users.seller.token,
    });
    const foreign = world.chatMessage;
    sampleChat.send({ action: "edit_message", message_id: foreign, new_content: "moved" });
    sampleChat.send({ action: "delete_message", message_id: foreign });
    sampleChat.send({ action: "add_reaction", message_id: foreign, reaction: "👍" });
    sampleChat.send({ action: "reply_to_thread", reply_to_id: foreign, message: "Re: invoice" });
    await sampleChat.until(() => sampleChat.count("error") >= 4);
    expect(
      sampleChat.count("message_edited") +
        sampleChat.count("message_deleted") +
        sampleChat.count("reaction_added") +
        sampleChat.count("message_replied") +
        sampleChat.count("message_sent"),
    ).toBe(0);
    const after = await ctx.app.inject({
      url: `/api/chat/messages/${world.accepted}/`,
      headers: world.users.seller.auth,
    });
    const untouched = (
      after.json().data.messages as Array<{ id: number; content: string; reactions: unknown[] }>
    ).find((m) => m.id === foreign);
    expect(untouched?.content).toBe("Invoice attached");
    expect(untouched?.reactions).toEqual([]);
    const sampleHistory = await ctx.app.inject({
      url: `/api/chat/sample-shipment-messages/${world.sample}/`,
      headers: world.users.seller.auth,
    });
    expect(sampleHistory.json().data.messages).toEqual([]);
    winnerChat.close();
    winnerBell.close();
    sampleChat.close();
  }, 60_000);

  it("lets any agent act on an unclaimed sample, and only its claimer on a claimed one", async () => {
    const address = ctx.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    const base = `http://127.0.0.1:${address.port}`;
    const mismatches: string[] = [];
    const check = (what: string, got: number, want: number) => {
      if (got !== want) mismatches.push(`${what}: expected ${want}, got ${got}`);
    };
    const claimedParties: readonly Actor[] = ["seller", "winner", "admin"];
    const signedIn = ACTORS.filter((a) => a !== "anonymous");

    // Claimed (by the winner): other agents may not read its history or files, nor complete it.
    for (const actor of signedIn) {
      const want = claimedParties.includes(actor) ? 200 : 403;
      for (const url of [
        `/api/chat/sample-shipment-messages/${world.claimedSample}/`,
        `/api/chat/attachment/${world.claimedSampleAttachment}/`,
        `/api/chat/attachment/${world.claimedSampleAttachment}/download/`,
      ]) {
        const response = await ctx.app.inject({ url, headers: headersFor(world, actor) });
        check(`GET ${url} as ${actor}`, response.statusCode, want);
        if (want === 403 && response.body.includes("Sample label")) {
          mismatches.push(`GET ${url} as ${actor}: refusal leaks the chat`);
        }
      }
    }
    for (const actor of ["loser", "otherAgent"] as const) {
      const response = await ctx.app.inject({
        method: "PATCH",
        url: `/api/status-update/${world.claimedSample}/`,
        headers: headersFor(world, actor),
        payload: { status: "Shipment Completed" },
      });
      check(`complete the claimed sample as ${actor}`, response.statusCode, 403);
    }

    // Unclaimed: every agent reads and joins; the first to post claims it and the others' open
    // sockets close without the message, after which they may neither post nor rejoin.
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/sample-shipments/",
      headers: world.users.seller.auth,
      payload: { product_name: "Open sample", quantity: 1, address: "3 Open Road, Austin" },
    });
    const openSample = created.json().data.id as number;
    const path = `/ws/sample-shipment-chat/${openSample}/`;
    const agents = ["winner", "loser", "otherAgent"] as const;
    for (const actor of agents) {
      const response = await ctx.app.inject({
        url: `/api/chat/sample-shipment-messages/${openSample}/`,
        headers: headersFor(world, actor),
      });
      check(`history of an unclaimed sample as ${actor}`, response.statusCode, 200);
    }
    const sockets = await Promise.all(
      agents.map((actor) => TestSocket.connect(base, path, { token: world.users[actor].token })),
    );
    const [winnerSocket, loserSocket, otherSocket] = sockets as [
      TestSocket,
      TestSocket,
      TestSocket,
    ];
    for (const [i, socket] of sockets.entries()) {
      check(`join an unclaimed sample as ${agents[i]}`, socket.closeCode ?? 0, 0);
    }
    otherSocket.send({ action: "send_message", message: "Taking this one" });
    await otherSocket.next("message_sent");
    check("winner socket after another agent claimed", await winnerSocket.closed(), 4403);
    check("loser socket after another agent claimed", await loserSocket.closed(), 4403);
    check(
      "frames the replaced agents received",
      winnerSocket.count("message_sent") + loserSocket.count("message_sent"),
      0,
    );
    const rejoin = await TestSocket.connect(base, path, { token: world.users.loser.token });
    check("rejoin a claimed sample as loser", await rejoin.closed(), 4403);
    for (const actor of ["winner", "loser"] as const) {
      const complete = await ctx.app.inject({
        method: "PATCH",
        url: `/api/status-update/${openSample}/`,
        headers: headersFor(world, actor),
        payload: { status: "Shipment Completed" },
      });
      check(`complete another agent's sample as ${actor}`, complete.statusCode, 403);
    }
    const history = await ctx.app.inject({
      url: `/api/chat/sample-shipment-messages/${openSample}/`,
      headers: world.users.seller.auth,
    });
    expect(history.json().data.messages).toHaveLength(1);
    otherSocket.close();
    expect(mismatches).toEqual([]);
  }, 60_000);

  it("answers every route and actor as the table says, leaking nothing on refusal", async () => {
    const mismatches: string[] = [];
    const recorded: string[] = [];
    let cases = 0;
    for (const [route, spec] of Object.entries(CASES)) {
      const [method] = route.split(" ") as [string];
      const row: string[] = [];
      for (const actor of spec.order ?? ACTORS) {
        const url = spec.path(world, actor);
        const body = spec.body?.(world, actor);
        let payload: string | Buffer | undefined;
        let headers: Record<string, string> = { ...headersFor(world, actor) };
        if (spec.multipart) {
          const fields = Object.fromEntries(
            Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
          );
          const encoded = multipartBody(fields);
          payload = encoded.payload;
          headers = { ...headers, ...encoded.headers };
        } else if (body !== undefined) {
          payload = JSON.stringify(body);
          headers["content-type"] = "application/json";
        }
        const response = await ctx.app.inject({
          method: method as "GET",
          url,
          headers,
          payload,
        });
        cases += 1;
        row.push(`${actor}:${response.statusCode}`);
        const expected = spec.expect[actor];
        if (response.statusCode !== expected) {
          mismatches.push(
            `${route} as ${actor}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
          continue;
        }
        if (response.statusCode >= 400) {
          const parsed = errorBodySchema.strict().safeParse(response.json());
          if (!parsed.success) mismatches.push(`${route} as ${actor}: not the error envelope`);
          const refusal = spec.refusal?.[actor];
          if (refusal && parsed.data?.errors[0]?.message !== refusal) {
            mismatches.push(`${route} as ${actor}: refusal text is not "${refusal}"`);
          }
          const leaked = [SECRET_PRODUCT, world.users.seller.email, "Hidden Road"].filter((s) =>
            response.body.includes(s),
          );
          if (leaked.length > 0) mismatches.push(`${route} as ${actor}: refusal leaks ${leaked}`);
          for (const error of parsed.data?.errors ?? []) {
            if (Object.keys(error).some((key) => key !== "field" && key !== "message")) {
              mismatches.push(`${route} as ${actor}: error item carries extra keys`);
            }
          }
        }
      }
      recorded.push(`${route} -> ${row.join(" ")}`);
    }
    if (RECORD) console.log(recorded.join("\n"));
    expect(mismatches).toEqual([]);
    expect(cases).toBe(Object.keys(CASES).length * ACTORS.length);
  }, 120_000);

  it("shows an agent whose bid lost (or whose win an admin replaced) only their bid and the outcome", async () => {
    const { seller, winner, loser, admin } = world.users;
    const call = async (
      method: "GET" | "PATCH" | "POST",
      url: string,
      user: { auth: Record<string, string> },
      payload?: object,
    ) => {
      const response = await ctx.app.inject({ method, url, headers: user.auth, payload });
      if (method !== "GET" && response.statusCode >= 300) {
        throw new Error(`${method} ${url} failed ${response.statusCode}: ${response.body}`);
      }
      return response;
    };
    const closeWindow = async (id: number) => {
      await endBiddingWindow(ctx.app, id);
      await closeDueBidding(ctx.app.database.db, ctx.app.events, new Date(), { shipmentId: id });
    };
    const bidBoth = async (id: number) => ({
      win: await placeBid(ctx.app, winner, id, { pickup: 100, fast: 500 }),
      lose: await placeBid(ctx.app, loser, id, { pickup: 300, fast: 900 }),
    });

    // Completed by the winner, with a tracking number and a final amount.
    const completed = await postShipment(ctx.app, seller, { product_name: "Lost lamps" });
    const completedBids = await bidBoth(completed);
    await closeWindow(completed);
    await call("PATCH", `/api/quotations/${completedBids.win}/`, seller, {
      shipment_status: "Quotation Accepted",
    });
    await call("PATCH", `/api/shipments/${completed}/`, winner, {
      tracking_number: "987654321",
      final_amount: "4321",
    });
    await call("PATCH", `/api/shipment-status-update/${completed}/`, winner, {
      status: "Shipment Completed",
    });
    // Declined by the seller with a reason.
    const declined = await postShipment(ctx.app, seller, { product_name: "Declined desks" });
    const declinedBids = await bidBoth(declined);
    await closeWindow(declined);
    await call("PATCH", `/api/quotations/${declinedBids.win}/`, seller, {
      shipment_status: "Shipment Cancelled",
      is_accepted: false,
      cancel_reason: "Zqx private seller reason",
    });
    // Won by the winner at closing, then given to the other bid by an admin.
    const replaced = await postShipment(ctx.app, seller, { product_name: "Replaced rugs" });
    const replacedBids = await bidBoth(replaced);
    await closeWindow(replaced);
    await call("POST", `/api/admin/shipments/${replaced}/winner/`, admin, {
      quotation_id: replacedBids.lose,
    });

    const historyOf = async (agent: typeof winner) => {
      const response = await call("GET", "/api/shipper/quotation-history?per_page=200", agent);
      expect(response.statusCode).toBe(200);
      const rows = response.json().data as Array<Record<string, unknown> & { id: number }>;
      return new Map(rows.map((row) => [row.id, row]));
    };
    const secrets = [
      seller.email,
      seller.firstName,
      "987654321",
      "4321",
      "Zqx private seller reason",
      "Ningbo Supplies",
      "8613800138000",
      "9400 Wilshire",
    ];
    const lostCases: Array<[typeof winner, number, number]> = [
      [loser, completed, completedBids.lose],
      [loser, declined, declinedBids.lose],
      [winner, replaced, replacedBids.win],
    ];
    for (const [agent, shipmentId, ownQuotation] of lostCases) {
      // The shipment page shows what the history row shows, and no more.
      const detail = await call("GET", `/api/shipments/${shipmentId}/`, agent);
      expect(detail.statusCode).toBe(200);
      const shown = detail.json().data as Record<string, unknown> & {
        packages: Array<{ tracking_number: unknown; tracking_link: unknown }>;
      };
      expect(shown).toMatchObject({
        id: shipmentId,
        outcome: "lost",
        status: "Quotation Approved",
        is_bidding_open: false,
        tracking_number: null,
        final_amount: null,
        cancel_reason: null,
        message_count: 0,
        supplier_contact_name: "",
        user: { id: 0, first_name: "", last_name: "", email: "", profile: { phone: null } },
        contact_information: { first_name: null, last_name: null, email: null },
        quotation: { id: ownQuotation, user: { id: agent.id }, is_winner: false },
      });
      for (const pkg of shown.packages) {
        expect(pkg).toMatchObject({ tracking_number: null, tracking_link: null });
      }
      const shownText = JSON.stringify(shown);
      for (const secret of secrets) {
        expect(shownText, `lost view of ${shipmentId} shows ${secret}`).not.toContain(secret);
      }
      // Nothing of the winning bid either: the only quotation is the agent's own.
      const bids = await call("GET", `/api/quotations/?shipment_id=${shipmentId}`, agent);
      expect(bids.json().data.map((bid: { id: number }) => bid.id)).toEqual([ownQuotation]);

      const row = (await historyOf(agent)).get(shipmentId);
      expect(row, `shipment ${shipmentId} in the history`).toBeDefined();
      expect(row).toMatchObject({
        id: shipmentId,
        outcome: "lost",
        status: "Quotation Approved",
        is_bidding_open: false,
        tracking_number: null,
        tracking_link: null,
        final_amount: null,
        cancel_reason: null,
        message_count: 0,
        supplier_contact_name: "",
        supplier_contact_phone: "",
        user: { id: 0, first_name: "", last_name: "", email: "", profile: { phone: null } },
        quotation: { id: ownQuotation, user: { id: agent.id }, is_winner: false },
      });
      const text = JSON.stringify(row);
      for (const secret of secrets) {
        expect(text, `lost row of ${shipmentId} shows ${secret}`).not.toContain(secret);
      }
    }

    // The winner still sees the whole of what they won.
    const won = (await historyOf(winner)).get(completed);
    expect(won).toMatchObject({
      outcome: "won",
      status: "Shipment Completed",
      tracking_number: "987654321",
      final_amount: "4321.00",
      user: { id: seller.id, email: seller.email },
    });
    const declinedForWinner = (await historyOf(winner)).get(declined);
    expect(declinedForWinner).toMatchObject({ outcome: "won", status: "Shipment Cancelled" });
    const wonDetail = await call("GET", `/api/shipments/${completed}/`, winner);
    expect(wonDetail.json().data).toMatchObject({ outcome: "won", tracking_number: "987654321" });
  }, 60_000);

  it("closes a replaced winner's socket and refuses them the chat; the new winner gets it", async () => {
    const address = ctx.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    const base = `http://127.0.0.1:${address.port}`;
    const { seller, winner, loser, admin } = world.users;
    const id = await postShipment(ctx.app, seller, { product_name: SECRET_PRODUCT });
    await placeBid(ctx.app, winner, id, { pickup: 100, fast: 500 });
    const other = await placeBid(ctx.app, loser, id, { pickup: 300, fast: 900 });
    await endBiddingWindow(ctx.app, id);
    await closeDueBidding(ctx.app.database.db, ctx.app.events, new Date(), { shipmentId: id });
    const path = `/ws/group-chat/${id}/`;
    const history = (user: typeof winner) =>
      ctx.app.inject({ url: `/api/chat/messages/${id}/`, headers: user.auth });

    const before = await TestSocket.connect(base, path, { token: winner.token });
    expect(before.closeCode).toBeNull();
    expect((await history(winner)).statusCode).toBe(200);
    const change = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/shipments/${id}/winner/`,
      headers: admin.auth,
      payload: { quotation_id: other },
    });
    expect(change.statusCode).toBe(200);

    expect(await before.closed()).toBe(4403);
    expect((await history(winner)).statusCode).toBe(403);
    const rejoin = await TestSocket.connect(base, path, { token: winner.token });
    expect(await rejoin.closed()).toBe(4403);
    expect((await history(loser)).statusCode).toBe(200);
    const newWinner = await TestSocket.connect(base, path, { token: loser.token });
    expect(newWinner.closeCode).toBeNull();
    newWinner.close();
    expect(before.events).toEqual([]);
  }, 60_000);
});
