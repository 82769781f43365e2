import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  addShipmentInfoWithVarianceSchema,
  adminSetWinnerInputSchema,
  adminShipmentListQuerySchema,
  cancelShipmentBodySchema,
  createShipmentInputSchema,
  idParamsSchema,
  quotationHistoryRowSchema,
  sellerActiveListQuerySchema,
  sellerActiveListRowSchema,
  shipmentDetailSchema,
  shipmentListQuerySchema,
  shipmentListRowSchema,
  shipmentMessages,
  shipmentStatusUpdateInputSchema,
} from "@fba/contract";
import { created, flatList, ok, type Page } from "../../lib/http.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import { cachedAnswer } from "../../plugins/cached-answer.js";
import { hourlyPerUser, limitRequests } from "../../plugins/rate-limit.js";
import type { ShipmentService } from "./shipments.service.js";
import type { ShipmentListName, ShipmentListReader } from "./shipment-lists.service.js";
import { bearer, createdResponse, listResponse, objectResponse } from "../../lib/route-schemas.js";

const tags = ["shipments"];

export async function shipmentRoutes(
  base: FastifyInstance,
  { shipments, lists: reader }: { shipments: ShipmentService; lists: ShipmentListReader },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Every booking notifies agents: far above what a seller books, low enough to stop a script.
  const bookingLimits = limitRequests(
    app,
    hourlyPerUser("booking-user", app.config.BOOKINGS_PER_HOUR),
  );

  app.post(
    "/shipments/",
    {
      onRequest: requireAuth(app, "Seller"),
      preHandler: bookingLimits,
      schema: {
        tags,
        security: bearer,
        summary: "Post a shipment request; bidding opens for BID_WINDOW_HOURS",
        body: createShipmentInputSchema,
        response: createdResponse(shipmentDetailSchema),
      },
    },
    async (request, reply) =>
      created(
        reply,
        await shipments.create(currentUser(request), request.body),
        shipmentMessages.created,
      ),
  );

  app.get(
    "/shipments/:id/",
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        security: bearer,
        summary: "One shipment, for its seller, bidding agents, the winning agent and admins",
        params: idParamsSchema,
        response: objectResponse(shipmentDetailSchema),
      },
    },
    async (request, reply) =>
      cachedAnswer(app, request, reply, async () =>
        String(
          reply.serialize(ok(reply, await shipments.get(currentUser(request), request.params.id))),
        ),
      ),
  );

  app.patch(
    "/shipments/:id/",
    {
      onRequest: requireAuth(app, "Shipper", "Admin"),
      schema: {
        tags,
        security: bearer,
        summary:
          "The winning agent adds the final amount and tracking number; above the accepted bid, optionally why and an order document as evidence",
        params: idParamsSchema,
        body: addShipmentInfoWithVarianceSchema,
        response: objectResponse(shipmentDetailSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await shipments.addInfo(currentUser(request), request.params.id, request.body),
        shipmentMessages.infoUpdated,
      ),
  );

  app.patch(
    "/shipment-status-update/:id/",
    {
      onRequest: requireAuth(app, "Shipper", "Admin"),
      schema: {
        tags,
        security: bearer,
        summary: "The winning agent completes or cancels an accepted order",
        params: idParamsSchema,
        body: shipmentStatusUpdateInputSchema,
        response: objectResponse(shipmentDetailSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await shipments.updateStatus(currentUser(request), request.params.id, request.body),
        shipmentMessages.statusUpdated,
      ),
  );

  app.post(
    "/shipments/:id/reopen/",
    {
      onRequest: requireAuth(app, "Seller"),
      schema: {
        tags,
        security: bearer,
        summary: "The seller opens a new bid window after one closed without bids",
        params: idParamsSchema,
        response: objectResponse(shipmentDetailSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await shipments.reopenBidding(currentUser(request), request.params.id),
        shipmentMessages.reopened,
      ),
  );

  app.post(
    "/shipments/:id/cancel/",
    {
      onRequest: requireAuth(app, "Seller"),
      schema: {
        tags,
        security: bearer,
        summary: "The seller withdraws a shipment nobody has bid on",
        params: idParamsSchema,
        body: cancelShipmentBodySchema,
        response: objectResponse(shipmentDetailSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await shipments.cancel(currentUser(request), request.params.id, request.body.cancel_reason),
        shipmentMessages.cancelled,
      ),
  );

  app.post(
    "/admin/shipments/:id/winner/",
    {
      onRequest: requireAuth(app, "Admin"),
      schema: {
        tags: ["admin"],
        security: bearer,
        summary: "Admin approves a bid early or replaces the winning bid",
        params: idParamsSchema,
        body: adminSetWinnerInputSchema,
        response: objectResponse(shipmentDetailSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await shipments.setWinningQuotation(
          currentUser(request),
          request.params.id,
          request.body.quotation_id,
        ),
        shipmentMessages.winnerSet,
      ),
  );

  const lists: Array<{
    path: string;
    group: "Seller" | "Shipper";
    /** Admins may read it too (a seller dashboard's list: see listKind). */
    admins?: true;
    name: Exclude<ShipmentListName, "shipper-history">;
    summary: string;
  }> = [
    {
      path: "/shipper/shipments/",
      group: "Shipper",
      name: "shipper-open",
      summary: "Shipments open for bidding, each with the caller's own quotation or {}",
    },
    {
      path: "/shipper/recent-orders/",
      group: "Shipper",
      name: "shipper-recent",
      summary: "Orders the caller won and the seller accepted",
    },
    {
      path: "/shipper/awaiting-decision/",
      group: "Shipper",
      name: "shipper-awaiting",
      summary: "Bids the caller won that wait for the seller's decision (additive to the spec)",
    },
    {
      path: "/shipper/past-orders/",
      group: "Shipper",
      name: "shipper-past",
      summary: "Orders the caller won and completed",
    },
    {
      path: "/seller/pending-shipments/",
      group: "Seller",
      name: "seller-pending",
      summary: "Shipments with a winning bid awaiting the seller",
    },
    {
      path: "/seller/recent-orders/",
      group: "Seller",
      admins: true,
      name: "seller-recent",
      summary: "Accepted orders (an admin: every seller's)",
    },
    {
      path: "/seller/past-orders/",
      group: "Seller",
      name: "seller-past",
      summary: "Completed orders",
    },
    {
      path: "/seller/cancelled-shipments/",
      group: "Seller",
      name: "seller-cancelled",
      summary: "Cancelled shipments",
    },
  ];
  for (const list of lists) {
    app.get(
      list.path,
      {
        onRequest: list.admins
          ? requireAuth(app, list.group, "Admin")
          : requireAuth(app, list.group),
        schema: {
          tags,
          security: bearer,
          summary: list.summary,
          querystring: shipmentListQuerySchema,
          response: listResponse(shipmentListRowSchema),
        },
      },
      async (request, reply) =>
        cachedPage(app, request, reply, () =>
          reader.list(currentUser(request), list.name, request.query),
        ),
    );
  }

  app.get(
    "/seller/shipments/",
    {
      onRequest: requireAuth(app, "Seller"),
      schema: {
        tags,
        security: bearer,
        summary:
          "The seller's active shipments; status narrows to one active status, with=destinations adds each row's destinations (both additive to the spec)",
        querystring: sellerActiveListQuerySchema,
        response: listResponse(sellerActiveListRowSchema),
      },
    },
    async (request, reply) =>
      cachedPage(app, request, reply, () =>
        reader.sellerActive(currentUser(request), request.query),
      ),
  );

  app.get(
    "/shipper/quotation-history/",
    {
      onRequest: requireAuth(app, "Shipper"),
      schema: {
        tags,
        security: bearer,
        summary: "Every shipment the caller bid on, with the outcome of the bid",
        querystring: shipmentListQuerySchema,
        response: listResponse(quotationHistoryRowSchema),
      },
    },
    async (request, reply) =>
      cachedPage(app, request, reply, () =>
        reader.quotationHistory(currentUser(request), request.query),
      ),
  );

  app.get(
    "/admin/shipments/",
    {
      onRequest: requireAuth(app, "Admin"),
      schema: {
        tags: ["admin"],
        security: bearer,
        summary: "Every shipment (optionally one status)",
        querystring: adminShipmentListQuerySchema,
        response: listResponse(shipmentListRowSchema),
      },
    },
    async (request, reply) =>
      cachedPage(app, request, reply, () =>
        reader.list(currentUser(request), "admin-all", request.query),
      ),
  );
}

/** A list page, kept as its JSON (see cachedAnswer). */
function cachedPage<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  read: () => Promise<Page<T>>,
): Promise<FastifyReply> {
  return cachedAnswer(app, request, reply, async () =>
    String(reply.serialize(flatList(reply, await read()))),
  );
}
