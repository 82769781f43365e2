import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  documentMessages,
  idParamsSchema,
  idSchema,
  legacyClientMessages as messages,
  packageTrackingInputSchema,
  packageTrackingSchema,
  text,
  warehouseRowSchema,
  warehouseRowsInputSchema,
  warehouseStatusInputSchema,
  warehouseTrackingInputSchema,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import { sendStoredFile } from "../../lib/file-serving.js";
import { created, ok } from "../../lib/http.js";
import { readMultipart } from "../../lib/multipart.js";
import { bearer, createdResponse, objectResponse } from "../../lib/route-schemas.js";
import type { SignedUrlSigner } from "../../lib/signed-urls.js";
import { parseInput } from "../../lib/validation.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import { limitRequests, uploadBudget } from "../../plugins/rate-limit.js";
import type { DocumentService } from "../documents/index.js";
import { setPackageTracking } from "./package-tracking.service.js";
import type { WarehouseRowService } from "./warehouse-rows.service.js";

const tags = ["existing client"];

const tooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", documentMessages.fileTooLarge, [
    { field: "pod_document", message: documentMessages.fileTooLarge },
  ]);
const podRequired = () => AppError.field("pod_document", messages.podRequired);

/**
 * W2-W6 and P1 of the existing client (W1 is `GET warehouses/?shipment_id=`, answered by the
 * warehouses module through WarehouseRowService), and the POD links whose last path segment is
 * the file's name.
 */
export async function warehouseRowRoutes(
  base: FastifyInstance,
  services: {
    db: Db;
    rows: WarehouseRowService;
    documents: DocumentService;
    signer: SignedUrlSigner;
  },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { rows } = services;
  const agents = requireAuth(app, "Shipper", "Admin");
  // A POD upload spends the account's one upload budget (shared with the order documents it
  // becomes and every other upload); a JSON status change does not.
  const uploadLimits = limitRequests(app, uploadBudget(app.config));

  app.post(
    "/warehouses/",
    {
      onRequest: agents,
      schema: {
        tags,
        security: bearer,
        summary:
          "W2: the agent's invoice lines per destination (a JSON array of 1-10 rows), matched to the order's legs by warehouse code",
        body: warehouseRowsInputSchema,
        response: createdResponse(z.array(warehouseRowSchema)),
      },
    },
    async (request, reply) =>
      created(reply, await rows.save(currentUser(request), request.body), messages.warehousesSaved),
  );

  app.patch(
    "/warehouses/:id/",
    {
      onRequest: agents,
      // A POD upload is refused before its bytes are read.
      preHandler: [
        async (request, reply) => {
          if (!request.isMultipart()) return;
          await uploadLimits.call(app, request, reply);
          await rows.assertCanUploadPod(
            currentUser(request),
            (request.params as { id: number }).id,
          );
        },
      ],
      schema: {
        tags,
        security: bearer,
        summary:
          "W3: JSON {id, status} records the leg's milestone (Picked Up: Picked up; Completed: Delivered to its FC). W4: multipart pod_document adds a Proof of delivery document to the leg",
        consumes: ["application/json", "multipart/form-data"],
        params: idParamsSchema,
        response: objectResponse(warehouseRowSchema),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) {
        const input = parseInput(warehouseStatusInputSchema, request.body);
        return ok(
          reply,
          await rows.setStatus(user, request.params.id, input.status),
          messages.statusUpdated,
        );
      }
      const form = await readMultipart(
        request,
        { field: "pod_document", to: "memory", skipNameless: false, tooLarge },
        { FST_FILES_LIMIT: tooLarge, FST_PARTS_LIMIT: podRequired, FST_FIELDS_LIMIT: podRequired },
      );
      const bytes = form.file?.bytes;
      if (!bytes) throw podRequired();
      return ok(
        reply,
        await rows.uploadPod(user, request.params.id, { bytes, fileName: form.file?.fileName }),
        messages.podUploaded,
      );
    },
  );

  app.delete(
    "/warehouses/:id/delete-pod-document/",
    {
      onRequest: agents,
      schema: {
        tags,
        security: bearer,
        summary:
          "W5: takes the row's proof of delivery off its leg (the document stays in the order's history, marked removed)",
        params: idParamsSchema,
        response: objectResponse(warehouseRowSchema),
      },
    },
    async (request, reply) =>
      ok(reply, await rows.removePod(currentUser(request), request.params.id), messages.podRemoved),
  );

  app.patch(
    "/update-warehouse-tracking/:id",
    {
      onRequest: agents,
      schema: {
        tags,
        security: bearer,
        summary: "W6: the leg's tracking number",
        params: idParamsSchema,
        body: warehouseTrackingInputSchema,
        response: objectResponse(warehouseRowSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await rows.setTracking(
          currentUser(request),
          request.params.id,
          request.body.tracking_number,
        ),
        messages.trackingSaved,
      ),
  );

  app.patch(
    "/update-packages/:id",
    {
      onRequest: agents,
      schema: {
        tags,
        security: bearer,
        summary: "P1: one package's (carton group's) tracking number and its carrier's link",
        params: idParamsSchema,
        body: packageTrackingInputSchema,
        response: objectResponse(packageTrackingSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await setPackageTracking(
          services.db,
          currentUser(request),
          request.params.id,
          request.body.tracking_number,
        ),
        messages.packageTrackingSaved,
      ),
  );

  // The POD link of a warehouse row: the signature in the path, the file's name last.
  app.get(
    "/documents/:id/:expires/:signature/:name",
    {
      schema: {
        tags,
        summary: "A document's bytes by a signed link whose last segment is its file name",
        params: z.object({
          id: idSchema,
          expires: z.coerce.number().int(),
          signature: text().max(100),
          name: text().max(400),
        }),
      },
    },
    async (request, reply) => {
      const { id, expires, signature } = request.params;
      if (!services.signer.verify(id, expires, signature)) {
        throw AppError.forbidden(documentMessages.linkInvalid);
      }
      const { document, name, stream } = await services.documents.open(id, null);
      return sendStoredFile(reply, {
        mimeType: document.mimeType,
        sizeBytes: document.sizeBytes,
        name,
        stream,
      });
    },
  );
}
