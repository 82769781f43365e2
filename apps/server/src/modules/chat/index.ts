import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import { ATTACHMENT_MAX_BYTES } from "@fba/contract";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { EventBus } from "../../lib/events.js";
import type { FileStorage } from "../../lib/storage.js";
import type { AttachmentUrlSigner } from "./attachment-urls.js";
import { chatRoutes } from "./chat.routes.js";
import type { ChatService } from "./chat.service.js";

export { AttachmentUrlSigner } from "./attachment-urls.js";
export { unsentAttachmentSweepJob } from "./chat.jobs.js";
export { ChatService } from "./chat.service.js";
export { chatSockets, registerChatPartyListeners } from "./chat.socket.js";
export { registerChatSubscribers } from "./chat.subscribers.js";
export {
  shipmentUnreadSql,
  unreadCountsForSamples,
  unreadCountsForShipments,
} from "./unread.repository.js";

interface ChatModuleServices {
  chat: ChatService;
  events: EventBus;
  attachmentSigner: AttachmentUrlSigner;
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  config: Pick<Config, "UNSENT_ATTACHMENT_TTL_HOURS">;
}

/** Routes of the chat module (mounted under /api); its sweep is in chat.jobs.ts. */
export default async function chatModule(
  app: FastifyInstance,
  { services }: { services: ChatModuleServices },
): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  await chatRoutes(app, services.chat, services.attachmentSigner);
}
export { sweepUnsentAttachments } from "./attachment-sweep.js";
