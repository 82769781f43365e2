import {
  createSampleShipmentInputSchema,
  idParamsSchema,
  nestedListEnvelopeSchema,
  sampleMessages,
  sampleShipmentListQuerySchema,
  sampleShipmentSchema,
  sampleStatusUpdateInputSchema,
  successEnvelopeSchema,
} from "@fba/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { created, nestedList, ok } from "../../lib/http.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import { hourlyPerUser, limitRequests } from "../../plugins/rate-limit.js";
import type { SampleService } from "./samples.service.js";

const tags = ["Sample shipments"];
const security = [{ bearer: [] }];

export async function sampleRoutes(
  app: FastifyInstance,
  { service }: { service: SampleService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(app);
  // A sample request notifies every agent: one account must not be able to send them in a loop.
  const sampleLimits = limitRequests(
    app,
    hourlyPerUser("sample-request-user", app.config.SAMPLE_REQUESTS_PER_HOUR),
  );

  routes.post(
    "/sample-shipments/",
    {
      onRequest: requireAuth(app, "Seller"),
      preHandler: sampleLimits,
      schema: {
        tags,
        security,
        summary: "Request a sample shipment (seller)",
        body: createSampleShipmentInputSchema,
        response: { 201: successEnvelopeSchema(sampleShipmentSchema) },
      },
    },
    async (request, reply) =>
      created(
        reply,
        await service.createSample(currentUser(request), request.body),
        sampleMessages.created,
      ),
  );

  routes.get(
    "/sample-shipments/",
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: "Sample shipments: a seller's own, or all for agents and admins",
        querystring: sampleShipmentListQuerySchema,
        response: { 200: nestedListEnvelopeSchema(sampleShipmentSchema) },
      },
    },
    async (request, reply) =>
      nestedList(reply, await service.listSamples(currentUser(request), request.query)),
  );

  routes.get(
    "/sample-shipments/:id/",
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: "One sample shipment",
        params: idParamsSchema,
        response: { 200: successEnvelopeSchema(sampleShipmentSchema) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await service.getSample(currentUser(request), request.params.id),
        "Fetched successfully",
      ),
  );

  routes.post(
    "/sample-shipments/:id/claim/",
    {
      onRequest: requireAuth(app, "Shipper"),
      schema: {
        tags,
        security,
        summary:
          "Take a sample shipment over (agent): afterwards only its seller, this agent and admins may chat in it or complete it",
        params: idParamsSchema,
        response: { 200: successEnvelopeSchema(sampleShipmentSchema) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await service.claimSample(currentUser(request), request.params.id),
        sampleMessages.claimed,
      ),
  );
  routes.patch(
    "/status-update/:id/",
    {
      onRequest: requireAuth(app, "Shipper", "Admin"),
      schema: {
        tags,
        security,
        summary: "Mark a sample shipment as completed (agent or admin)",
        params: idParamsSchema,
        body: sampleStatusUpdateInputSchema,
        response: { 200: successEnvelopeSchema(sampleShipmentSchema) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await service.completeSample(currentUser(request), request.params.id),
        sampleMessages.completed,
      ),
  );
}
