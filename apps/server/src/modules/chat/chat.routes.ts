import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  chatAttachmentSchema,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatMessages as texts,
  chatSampleParamsSchema,
  chatShipmentParamsSchema,
  idParamsSchema,
  successEnvelopeSchema,
  text,
} from "@fba/contract";
import { AppError } from "../../lib/errors.js";
import { ok, created } from "../../lib/http.js";
import { sendStoredFile } from "../../lib/file-serving.js";
import { readMultipart } from "../../lib/multipart.js";
import { bearerToken, currentUser, requireAuth } from "../../plugins/auth.js";
import { limitRequests, uploadBudget } from "../../plugins/rate-limit.js";
import type { AttachmentUrlSigner } from "./attachment-urls.js";
import type { ChatService } from "./chat.service.js";

const downloadQuerySchema = z.object({
  expires: z.coerce.number().int().optional().catch(undefined),
  signature: text().max(200).optional(),
});

export async function chatRoutes(
  instance: FastifyInstance,
  service: ChatService,
  signer: AttachmentUrlSigner,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const anyone = requireAuth(app);
  // The account's upload budget, shared with every other route that stores a file.
  const uploadLimits = limitRequests(app, uploadBudget(app.config));

  app.get(
    "/chat/messages/:shipment_id",
    {
      onRequest: anyone,
      schema: {
        tags: ["chat"],
        params: chatShipmentParamsSchema,
        querystring: chatHistoryQuerySchema,
        response: { 200: successEnvelopeSchema(chatHistorySchema) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await service.history(
          currentUser(request),
          { kind: "shipment", id: request.params.shipment_id },
          request.query.after_id,
        ),
        "Messages fetched successfully",
      ),
  );

  app.get(
    "/chat/sample-shipment-messages/:id",
    {
      onRequest: anyone,
      schema: {
        tags: ["chat"],
        params: chatSampleParamsSchema,
        querystring: chatHistoryQuerySchema,
        response: { 200: successEnvelopeSchema(chatHistorySchema) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await service.history(
          currentUser(request),
          { kind: "sample", id: request.params.id },
          request.query.after_id,
        ),
        "Messages fetched successfully",
      ),
  );

  app.post(
    "/chat/attachment",
    {
      onRequest: anyone,
      // Both before the body is read: a refused upload costs no disk and little bandwidth.
      preHandler: [
        uploadLimits,
        async (request) => service.attachments.assertCanUpload(currentUser(request)),
      ],
      schema: {
        tags: ["chat"],
        consumes: ["multipart/form-data"],
        response: { 201: successEnvelopeSchema(chatAttachmentSchema) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw AppError.field("attachment", texts.attachmentRequired);
      const tooLarge = () =>
        new AppError("PAYLOAD_TOO_LARGE", texts.attachmentTooLarge, [
          { field: "attachment", message: texts.attachmentTooLarge },
        ]);
      const required = () => AppError.badRequest(texts.attachmentRequired);
      // file_size and other text fields are ignored.
      const form = await readMultipart(
        request,
        { field: "attachment", to: "memory", skipNameless: false, tooLarge },
        { FST_FILES_LIMIT: tooLarge, FST_PARTS_LIMIT: required, FST_FIELDS_LIMIT: required },
      );
      const bytes = form.file?.bytes;
      const fileName = form.file?.fileName;
      if (!bytes) throw AppError.field("attachment", texts.attachmentRequired);
      return created(
        reply,
        await service.attachments.uploadAttachment(currentUser(request), { bytes, fileName }),
        "Attachment uploaded successfully",
      );
    },
  );

  app.get(
    "/chat/attachment/:id",
    {
      onRequest: anyone,
      schema: {
        tags: ["chat"],
        params: idParamsSchema,
        response: { 200: successEnvelopeSchema(chatAttachmentSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await service.attachments.getAttachment(currentUser(request), request.params.id)),
  );

  // The bytes: either a signed URL handed out to a party, or a bearer token of a party.
  app.get(
    "/chat/attachment/:id/download",
    {
      schema: { tags: ["chat"], params: idParamsSchema, querystring: downloadQuerySchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { expires, signature } = request.query;
      let caller = null;
      if (signature !== undefined) {
        if (expires === undefined || !signer.verify(id, expires, signature)) {
          throw AppError.forbidden("This link has expired or is invalid");
        }
      } else {
        caller = await app.authenticator.userFromToken(bearerToken(request));
        if (!caller) throw AppError.unauthorized();
      }
      const { file, stream } = await service.attachments.openAttachment(id, caller);
      const name = `${file.fileName}.${file.storageKey.split(".").pop() ?? "bin"}`;
      return sendStoredFile(reply, {
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
        name,
        stream,
      });
    },
  );
}
