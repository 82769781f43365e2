import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  documentDownloadQuerySchema,
  documentMessages,
  idParamsSchema,
  orderDocumentSchema,
  uploadDocumentFieldsSchema,
} from "@fba/contract";
import { AppError, fieldErrors } from "../../lib/errors.js";
import { sendStoredFile } from "../../lib/file-serving.js";
import { created, ok } from "../../lib/http.js";
import { readMultipart } from "../../lib/multipart.js";
import { bearer, createdResponse, objectResponse } from "../../lib/route-schemas.js";
import { bearerToken, currentUser, requireAuth } from "../../plugins/auth.js";
import { limitRequests, uploadBudget } from "../../plugins/rate-limit.js";
import type { SignedUrlSigner } from "../../lib/signed-urls.js";
import type { DocumentService } from "./documents.service.js";

const tags = ["orders"];

const tooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", documentMessages.fileTooLarge, [
    { field: "file", message: documentMessages.fileTooLarge },
  ]);

export async function documentRoutes(
  base: FastifyInstance,
  documents: DocumentService,
  signer: SignedUrlSigner,
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const parties = requireAuth(app, "Seller", "Shipper", "Admin");
  // The account's upload budget, shared with every other route that stores a file.
  const uploadLimits = limitRequests(app, uploadBudget(app.config));

  app.get(
    "/shipments/:id/documents/",
    {
      onRequest: parties,
      schema: {
        tags,
        security: bearer,
        summary: "The order's documents, every version, newest first, with signed download links",
        params: idParamsSchema,
        response: objectResponse(z.array(orderDocumentSchema)),
      },
    },
    async (request, reply) =>
      ok(reply, await documents.list(currentUser(request), request.params.id)),
  );

  app.post(
    "/shipments/:id/documents/",
    {
      onRequest: parties,
      // All before the body is read: a refused upload costs no disk and little bandwidth.
      preHandler: [
        uploadLimits,
        async (request) => {
          const user = currentUser(request);
          await documents.assertCanUpload(user, (request.params as { id: number }).id);
          await documents.assertRoom(user, "file");
        },
      ],
      schema: {
        tags,
        security: bearer,
        summary:
          "Upload a document (multipart: type, optional leg_id, file): PDF, PNG, JPEG or WebP by its bytes, at most 25 MB; counts against the uploader's storage quota (413) and upload budget (429)",
        consumes: ["multipart/form-data"],
        params: idParamsSchema,
        response: createdResponse(orderDocumentSchema),
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw AppError.field("file", documentMessages.fileRequired);
      const required = () => AppError.field("file", documentMessages.fileRequired);
      const form = await readMultipart(
        request,
        { field: "file", to: "memory", skipNameless: false, tooLarge },
        { FST_FILES_LIMIT: tooLarge, FST_PARTS_LIMIT: required, FST_FIELDS_LIMIT: required },
      );
      // Every invalid field at once, the file among them.
      const fields = uploadDocumentFieldsSchema.safeParse(form.fields);
      const issues = fields.success
        ? []
        : fields.error.issues.map((issue) => ({
            field: issue.path.map(String).join(".") || undefined,
            message: issue.message,
          }));
      const bytes = form.file?.bytes;
      if (!bytes) issues.push({ field: "file", message: documentMessages.fileRequired });
      if (!fields.success || !bytes) throw AppError.badRequest(fieldErrors(issues));
      return created(
        reply,
        await documents.upload(currentUser(request), request.params.id, fields.data, {
          bytes,
          fileName: form.file?.fileName,
        }),
        documentMessages.uploaded,
      );
    },
  );

  // The bytes: either a signed URL handed out to a party, or a bearer token of a party.
  app.get(
    "/documents/:id/download",
    {
      schema: {
        tags,
        summary: "A document's bytes, by its signed link (or a party's bearer token)",
        params: idParamsSchema,
        querystring: documentDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { expires, signature } = request.query;
      let caller = null;
      if (signature !== undefined) {
        if (expires === undefined || !signer.verify(id, expires, signature)) {
          throw AppError.forbidden(documentMessages.linkInvalid);
        }
      } else {
        caller = await app.authenticator.userFromToken(bearerToken(request));
        if (!caller) throw AppError.unauthorized();
      }
      const { document, name, stream } = await documents.open(id, caller);
      return sendStoredFile(reply, {
        mimeType: document.mimeType,
        sizeBytes: document.sizeBytes,
        name,
        stream,
      });
    },
  );
}
