import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import type { EventBus } from "./lib/events.js";
import type { Mailer } from "./lib/mailer.js";
import { SignedUrlSigner } from "./lib/signed-urls.js";
import type { FileStorage } from "./lib/storage.js";
import type { TokenService } from "./lib/tokens.js";
import { AdminService } from "./modules/admin/index.js";
import { AgentService } from "./modules/agents/index.js";
import { ScorecardRefresher } from "./modules/agents/index.js";
import { AnalyticsService } from "./modules/analytics/index.js";
import { AnnouncementService } from "./modules/announcements/index.js";
import { AuthService, StorageQuota } from "./modules/auth/index.js";
import { AttachmentUrlSigner } from "./modules/chat/index.js";
import { ChatService } from "./modules/chat/index.js";
import { chatSockets } from "./modules/chat/index.js";
import { ChargeChangeService, noteFinalAmount } from "./modules/charge-changes/index.js";
import { OrderPdfService } from "./modules/order-pdfs/index.js";
import { announcementSockets } from "./modules/announcements/index.js";
import { notificationSockets } from "./modules/notifications/index.js";
import { NotificationService } from "./modules/notifications/index.js";
import { DocumentService } from "./modules/documents/index.js";
import { DifferentFcService, LegService } from "./modules/legs/index.js";
import { AverageCostService } from "./modules/average-costs/index.js";
import { InvoiceService } from "./modules/legacy-client/index.js";
import { WarehouseRowService } from "./modules/legacy-client/index.js";
import { SampleService } from "./modules/samples/index.js";
import {
  ComparisonService,
  QuotationService,
  ShipmentListReader,
  ShipmentService,
} from "./modules/shipments/index.js";
import type { PageCache } from "./lib/page-cache.js";
import { UserService } from "./modules/users/index.js";
import type { Authenticator } from "./plugins/auth.js";
import type { SocketRegistration } from "./realtime/sockets.js";

/** What the app opens before any service exists; each service takes only what it names. */
export interface Infrastructure {
  config: Config;
  db: Db;
  events: EventBus;
  storage: FileStorage;
  tokens: TokenService;
  authenticator: Authenticator;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The JWT secret, resolved once: it also keys OTP hashes and attachment links. */
  secret: string;
  /** List pages and totals kept in memory (lib/page-cache.ts); lists read afresh without it. */
  pageCache?: PageCache;
}

/**
 * The composition root: every service is built here, once, from explicit dependencies, and
 * handed to the route plugins and the socket actions. No service sees the Fastify instance.
 */
export function createServices(infra: Infrastructure) {
  const { config, db, events, storage, tokens, authenticator, mailer, log, secret } = infra;
  const attachmentSigner = new AttachmentUrlSigner(secret, config.PUBLIC_URL);
  const shipments = new ShipmentService({
    db,
    events,
    bidWindowHours: config.BID_WINDOW_HOURS,
    noteFinalAmount,
  });
  // One storage total per account across every upload route.
  const storageQuota = new StorageQuota(config.STORAGE_QUOTA_MB * 1024 * 1024);
  const admin = new AdminService({ db, events, authenticator, config, log });
  const legs = new LegService({ db, events });
  const samples = new SampleService({ db, events, config });
  const documentSigner = new SignedUrlSigner({
    secret,
    publicUrl: config.PUBLIC_URL,
    purpose: "order-document-url",
    path: (id) => `/api/documents/${id}/download`,
  });
  const documents = new DocumentService({
    db,
    events,
    storage,
    signer: documentSigner,
    quota: storageQuota,
  });
  // The existing client's warehouse rows are the order's legs, read and changed through them.
  const warehouseRows = new WarehouseRowService({ db, legs, documents, signer: documentSigner });
  // Agents' scorecards, kept current from domain events (see modules/agents).
  const scorecards = new ScorecardRefresher(
    db,
    config.SCORECARD_REFRESH_GAP_MS,
    undefined,
    config.SCORECARD_REFRESH_CONCURRENCY,
  );
  return {
    db,
    config,
    events,
    storage,
    log,
    auth: new AuthService({ db, events, tokens, secret, config, mailer, log, storageQuota }),
    storageQuota,
    users: new UserService({
      db,
      events,
      storage,
      tokens,
      authenticator,
      config,
      log,
      quota: storageQuota,
    }),
    admin,
    shipments,
    quotations: new QuotationService({ db, events, shipments }),
    comparison: new ComparisonService({ db, events, shipments }),
    // The lists keep their shared pages and totals in the page cache, behind this one reader.
    shipmentLists: new ShipmentListReader({ db, events, pageCache: infra.pageCache }),
    samples,
    attachmentSigner,
    chat: new ChatService({
      db,
      events,
      storage,
      signer: attachmentSigner,
      claimSample: (tx, sampleId, agentId) => samples.claimInTransaction(tx, sampleId, agentId),
      publicUrl: config.PUBLIC_URL,
      log,
      storageQuota,
      attachmentQuota: {
        maxUnsentBytes: config.MAX_UNSENT_ATTACHMENT_MB * 1024 * 1024,
        unsentTtlHours: config.UNSENT_ATTACHMENT_TTL_HOURS,
      },
    }),
    notifications: new NotificationService(db, events, config.PUBLIC_URL),
    announcements: new AnnouncementService(db, events, admin),
    chargeChanges: new ChargeChangeService({
      db,
      events,
      documentUrl: (id) => documentSigner.url(id),
    }),
    orderPdfs: new OrderPdfService({ db }),
    legs,
    documentSigner,
    documents,
    differentFc: new DifferentFcService({ db, events, legs }),
    warehouseRows,
    invoices: new InvoiceService(db, warehouseRows),
    averageCosts: new AverageCostService(db),
    scorecards,
    agents: new AgentService({ db, events, scorecards }),
    analytics: new AnalyticsService({ db }),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Every module's socket endpoints and actions, registered with the gateway like routes. */
export function socketRegistrations(services: Services): SocketRegistration[] {
  return [
    chatSockets(services.chat),
    notificationSockets(services.notifications),
    announcementSockets(),
  ];
}

/** A module's route plugin: it takes from the services only what it names. */
export type ModulePlugin = (app: FastifyInstance, options: { services: Services }) => Promise<void>;
