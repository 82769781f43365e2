// The access matrix, first half: accounts, shipments, orders and their lists, in the order the
// matrix calls them (state-changing successes last within a route).
import {
  all,
  sellersOnly,
  agentsOnly,
  adminOnly,
  publicRoute,
  NOT_AUTHORISED,
  NOT_NOW,
  fixed,
  type RouteCase,
} from "./access-matrix-kit.js";

export const ACCOUNT_AND_ORDER_ROUTES: Record<string, RouteCase> = {
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
};
