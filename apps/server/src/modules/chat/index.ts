import type { FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import { ATTACHMENT_MAX_BYTES } from "@fba/contract";
import { resolveJwtSecret } from "../../lib/tokens.js";
import { startUnsentAttachmentSweep } from "./attachment-sweep.js";
import { AttachmentUrlSigner } from "./attachment-urls.js";
import { chatRoutes } from "./chat.routes.js";
import { ChatService } from "./chat.service.js";

// Keyed by the hub, which is the same object in every encapsulated context of one app, so the
// HTTP routes and the socket gateway share one service.
const services = new WeakMap<object, { service: ChatService; signer: AttachmentUrlSigner }>();

export function chatServiceFor(app: FastifyInstance): {
  service: ChatService;
  signer: AttachmentUrlSigner;
} {
  let entry = services.get(app.hub);
  if (!entry) {
    const signer = new AttachmentUrlSigner(
      resolveJwtSecret(app.config.JWT_SECRET, app.config.DATA_DIR),
      app.config.PUBLIC_URL,
    );
    const service = new ChatService({
      db: app.database.db,
      hub: app.hub,
      events: app.events,
      storage: app.storage,
      signer,
      publicUrl: app.config.PUBLIC_URL,
      log: app.log,
      attachmentQuota: {
        maxUnsentBytes: app.config.MAX_UNSENT_ATTACHMENT_MB * 1024 * 1024,
        unsentTtlHours: app.config.UNSENT_ATTACHMENT_TTL_HOURS,
      },
    });
    entry = { service, signer };
    services.set(app.hub, entry);
  }
  return entry;
}

/** Routes of the chat module (mounted under /api). */
export default async function chatModule(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  const { service, signer } = chatServiceFor(app);
  await chatRoutes(app, service, signer);

  // Removes attachments never sent; stopped before the database closes.
  let sweep: ReturnType<typeof startUnsentAttachmentSweep> | undefined;
  app.addHook("onReady", async () => {
    sweep = startUnsentAttachmentSweep(
      app.database.db,
      app.storage,
      app.log,
      app.config.UNSENT_ATTACHMENT_TTL_HOURS,
    );
  });
  app.addHook("preClose", async () => sweep?.stop());
}
