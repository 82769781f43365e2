import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createWarehouseInputSchema,
  errorBodySchema,
  idParamsSchema,
  nestedListEnvelopeSchema,
  successEnvelopeSchema,
  updateWarehouseInputSchema,
  warehouseMessages,
  warehouseQuerySchema,
  warehouseQueryShipmentSchema,
  warehouseRowSchema,
  warehouseSchema,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import { created, nestedList, ok } from "../../lib/http.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import type { WarehouseRowService } from "../legacy-client/index.js";
import { bearer, createdResponse, objectResponse } from "../../lib/route-schemas.js";
import {
  addWarehouse,
  editWarehouse,
  listAllWarehouses,
  suggestWarehouses,
} from "./warehouses.service.js";

export { seedWarehousesIfEmpty } from "./warehouse-seed.js";

/**
 * Routes of the warehouses module (mounted under /api). `GET warehouses/?shipment_id=` is the
 * existing client's per-order warehouse rows (the order's legs), answered by WarehouseRowService.
 */
export default async function warehousesModule(
  base: FastifyInstance,
  { services }: { services: { db: Db; warehouseRows: WarehouseRowService } },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = services.db;

  app.get(
    "/warehouses/",
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ["warehouses"],
        security: bearer,
        summary:
          "Active Amazon fulfilment centres for the destination picker; with shipment_id, that order's warehouse rows (nested list) for the existing client",
        querystring: warehouseQuerySchema.extend({ shipment_id: warehouseQueryShipmentSchema }),
        response: {
          200: z.union([
            successEnvelopeSchema(z.array(warehouseSchema)),
            nestedListEnvelopeSchema(warehouseRowSchema),
          ]),
          400: errorBodySchema,
          401: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const shipmentId = request.query.shipment_id;
      if (shipmentId === undefined) {
        return ok(reply, await suggestWarehouses(db, request.query.q), "Fetched successfully");
      }
      const rows = await services.warehouseRows.list(currentUser(request), shipmentId);
      return nestedList(reply, {
        rows,
        count: rows.length,
        page: 1,
        perPage: Math.max(rows.length, 1),
      });
    },
  );

  app.get(
    "/admin/warehouses/",
    {
      onRequest: requireAuth(app, "Admin"),
      schema: {
        tags: ["admin"],
        security: bearer,
        summary: "Every warehouse, disabled ones included",
        querystring: warehouseQuerySchema,
        response: objectResponse(z.array(warehouseSchema)),
      },
    },
    async (request, reply) =>
      ok(reply, await listAllWarehouses(db, request.query.q), "Fetched successfully"),
  );

  app.post(
    "/admin/warehouses/",
    {
      onRequest: requireAuth(app, "Admin"),
      schema: {
        tags: ["admin"],
        security: bearer,
        summary: "Add a warehouse",
        body: createWarehouseInputSchema,
        response: createdResponse(warehouseSchema),
      },
    },
    async (request, reply) =>
      created(reply, await addWarehouse(db, request.body), warehouseMessages.created),
  );

  app.patch(
    "/admin/warehouses/:id/",
    {
      onRequest: requireAuth(app, "Admin"),
      schema: {
        tags: ["admin"],
        security: bearer,
        summary: "Edit a warehouse; is_active false disables it",
        params: idParamsSchema,
        body: updateWarehouseInputSchema,
        response: objectResponse(warehouseSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await editWarehouse(db, request.params.id, request.body),
        warehouseMessages.updated,
      ),
  );
}
