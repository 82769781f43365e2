import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  chargeChangeMessages,
  chargeChangeSchema,
  decideChargeChangeInputSchema,
  disputeChargeChangeInputSchema,
  disputeListQuerySchema,
  disputeRowSchema,
  DISPUTE_WINDOW_DAYS,
  idParamsSchema,
} from "@fba/contract";
import { ok } from "../../lib/http.js";
import { bearer, objectResponse } from "../../lib/route-schemas.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import type { ChargeChangeService } from "./charge-changes.service.js";

const tags = ["orders"];

export async function chargeChangeRoutes(
  base: FastifyInstance,
  chargeChanges: ChargeChangeService,
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/shipments/:id/charge-change/",
    {
      onRequest: requireAuth(app, "Seller", "Shipper", "Admin"),
      schema: {
        tags,
        security: bearer,
        summary:
          "The order's final amount above its accepted bid: reason, evidence, the seller's answer, an admin's decision and every step (null when there is none)",
        params: idParamsSchema,
        response: objectResponse(chargeChangeSchema.nullable()),
      },
    },
    async (request, reply) =>
      ok(reply, await chargeChanges.get(currentUser(request), request.params.id)),
  );

  app.post(
    "/shipments/:id/charge-change/accept",
    {
      onRequest: requireAuth(app, "Seller"),
      schema: {
        tags,
        security: bearer,
        summary: "The seller accepts the final amount above the accepted bid",
        params: idParamsSchema,
        response: objectResponse(chargeChangeSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await chargeChanges.accept(currentUser(request), request.params.id),
        chargeChangeMessages.accepted,
      ),
  );

  app.post(
    "/shipments/:id/charge-change/dispute",
    {
      onRequest: requireAuth(app, "Seller"),
      schema: {
        tags,
        security: bearer,
        summary: `The seller disputes the final amount (until ${DISPUTE_WINDOW_DAYS} days after completion); admins decide`,
        params: idParamsSchema,
        body: disputeChargeChangeInputSchema,
        response: objectResponse(chargeChangeSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await chargeChanges.dispute(currentUser(request), request.params.id, request.body.reason),
        chargeChangeMessages.disputed,
      ),
  );

  app.post(
    "/shipments/:id/charge-change/decide",
    {
      onRequest: requireAuth(app, "Admin"),
      schema: {
        tags,
        security: bearer,
        summary:
          "An admin decides a dispute: keep the bid total, accept the final amount, or an amount in between, with a note",
        params: idParamsSchema,
        body: decideChargeChangeInputSchema,
        response: objectResponse(chargeChangeSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await chargeChanges.decide(currentUser(request), request.params.id, request.body),
        chargeChangeMessages.decided,
      ),
  );

  app.get(
    "/admin/disputes/",
    {
      onRequest: requireAuth(app, "Admin"),
      schema: {
        tags: ["admin"],
        security: bearer,
        summary:
          "Open disputes of final amounts, oldest first, with their evidence; status=decided or all (newest first) and from/to days give the history",
        querystring: disputeListQuerySchema,
        response: objectResponse(z.array(disputeRowSchema)),
      },
    },
    async (request, reply) => {
      const { status = "open", from, to } = request.query;
      return ok(
        reply,
        await chargeChanges.openDisputes(currentUser(request), { status, from, to }),
      );
    },
  );
}
