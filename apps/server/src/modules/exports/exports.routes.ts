import type { FastifyInstance, FastifyReply } from "fastify";
import type { Readable } from "node:stream";
import type { Db } from "../../db/client.js";
import { byIdBatches, csvStream } from "../../lib/csv.js";
import { bearer } from "../../lib/route-schemas.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import {
  agentOrdersAfter,
  disputesAfter,
  sellerShipmentsAfter,
  usersAfter,
} from "./exports.repository.js";

const tags = ["exports"];

/** Sends a CSV download, streamed; never cached (it is the caller's own data). */
function sendCsv(reply: FastifyReply, fileName: string, body: Readable) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .send(body);
}

const money = (value: string | null) => value ?? "";
const day = (value: Date | null) => (value ? value.toISOString() : "");

/**
 * CSV exports of the lists: a seller's shipments, an agent's orders, and the admins' users and
 * disputes. Each reads only what its caller may see: a seller's own shipments, an agent's own
 * won orders; the admin lists are for admins only.
 */
export async function exportRoutes(app: FastifyInstance, db: Db): Promise<void> {
  app.get(
    "/seller/shipments/export.csv",
    {
      onRequest: requireAuth(app, "Seller"),
      schema: { tags, security: bearer, summary: "The caller's shipments as CSV" },
    },
    async (request, reply) => {
      const seller = currentUser(request);
      const rows = byIdBatches(
        (afterId, limit) => sellerShipmentsAfter(db, seller.id, afterId, limit),
        (row) => [
          row.id,
          row.status,
          row.productName,
          row.reference,
          row.readyDate,
          row.pickup,
          row.destinations,
          row.bids,
          day(row.biddingEndsAt),
          money(row.finalAmount),
          day(row.createdAt),
        ],
      );
      const header = [
        "Shipment ID",
        "Status",
        "Product Name",
        "Reference",
        "Shipment Date",
        "Pickup Location",
        "Destination FCs",
        "Bids",
        "Bidding Ends At",
        "Final Amount",
        "Created At",
      ];
      return sendCsv(reply, "shipments.csv", csvStream(header, rows));
    },
  );

  app.get(
    "/shipper/orders/export.csv",
    {
      onRequest: requireAuth(app, "Shipper"),
      schema: { tags, security: bearer, summary: "The orders the caller won, as CSV" },
    },
    async (request, reply) => {
      const agent = currentUser(request);
      const rows = byIdBatches(
        (afterId, limit) => agentOrdersAfter(db, agent.id, afterId, limit),
        (row) => [
          row.id,
          row.status,
          `${row.customerFirstName} ${row.customerLastName}`,
          row.productName,
          row.readyDate,
          row.destinations,
          row.trackingNumber,
          row.trackingLink,
          money(row.finalAmount),
        ],
      );
      const header = [
        "Shipment ID",
        "Status",
        "Customer Name",
        "Product Name",
        "Shipment Date",
        "Destination FCs",
        "Tracking Number",
        "Tracking Link",
        "Final Amount",
      ];
      return sendCsv(reply, "orders.csv", csvStream(header, rows));
    },
  );

  app.get(
    "/admin/users/export.csv",
    {
      onRequest: requireAuth(app, "Admin"),
      schema: { tags: ["admin"], security: bearer, summary: "Every account as CSV" },
    },
    async (_request, reply) => {
      const rows = byIdBatches(
        (afterId, limit) => usersAfter(db, afterId, limit),
        (row) => [
          row.id,
          row.firstName,
          row.lastName,
          row.email,
          row.group,
          row.phone,
          row.companyName,
          row.isActive ? "Active" : "Disabled",
          day(row.createdAt),
        ],
      );
      const header = [
        "User ID",
        "First Name",
        "Last Name",
        "Email",
        "Group",
        "Phone",
        "Company",
        "Status",
        "Created At",
      ];
      return sendCsv(reply, "users.csv", csvStream(header, rows));
    },
  );

  app.get(
    "/admin/disputes/export.csv",
    {
      onRequest: requireAuth(app, "Admin"),
      schema: {
        tags: ["admin"],
        security: bearer,
        summary: "Every dispute, open or decided, as CSV",
      },
    },
    async (_request, reply) => {
      const rows = byIdBatches(
        (afterId, limit) => disputesAfter(db, afterId, limit),
        (row) => [
          row.id,
          row.shipmentId,
          row.status === "disputed" ? "Open" : "Decided",
          row.bidTotal,
          row.finalAmount,
          money(row.agreedAmount),
          row.reason,
          row.disputeReason,
          day(row.disputedAt),
          row.decisionOutcome,
          row.decisionNote,
          row.sellerEmail,
          row.agentEmail,
        ],
      );
      const header = [
        "Dispute ID",
        "Shipment ID",
        "Status",
        "Bid Total",
        "Final Amount",
        "Agreed Amount",
        "Agent Reason",
        "Dispute Reason",
        "Disputed At",
        "Decision",
        "Decision Note",
        "Seller Email",
        "Agent Email",
      ];
      return sendCsv(reply, "disputes.csv", csvStream(header, rows));
    },
  );
}
