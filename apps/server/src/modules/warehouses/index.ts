import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createWarehouseInputSchema,
  idParamsSchema,
  updateWarehouseInputSchema,
  warehouseMessages,
  warehouseQuerySchema,
  warehouseSchema,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import { created, ok } from "../../lib/http.js";
import { requireAuth } from "../../plugins/auth.js";
import { bearer, createdResponse, objectResponse } from "../../lib/route-schemas.js";
import { seedWarehousesIfEmpty } from "./warehouse-seed.js";
import {
  addWarehouse,
  editWarehouse,
  listAllWarehouses,
  suggestWarehouses,
} from "./warehouses.service.js";

/** Routes of the warehouses module (mounted under /api). */
export default async function warehousesModule(
  base: FastifyInstance,
  { services }: { services: { db: Db } },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = services.db;
  await seedWarehousesIfEmpty(db);

  app.get(
    "/warehouses/",
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ["warehouses"],
        security: bearer,
        summary: "Active Amazon fulfilment centres for the destination picker",
        querystring: warehouseQuerySchema,
        response: objectResponse(z.array(warehouseSchema)),
      },
    },
    async (request, reply) =>
      ok(reply, await suggestWarehouses(db, request.query.q), "Fetched successfully"),
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
