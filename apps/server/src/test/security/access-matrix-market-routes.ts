// The access matrix, second half: quotations, samples, chat, notifications, announcements,
// warehouses, admin and the existing client's later screens, called after the first half.
import {
  all,
  sellersOnly,
  agentsOnly,
  adminOnly,
  publicRoute,
  NOT_AUTHORISED,
  NOT_NOW,
  CLAIMED_BY_ANOTHER,
  fixed,
  type RouteCase,
} from "./access-matrix-kit.js";

export const MARKET_AND_ADMIN_ROUTES: Record<string, RouteCase> = {
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
    path: (w) => w.signedDocumentPath,
    expect: publicRoute(200),
  },
};
