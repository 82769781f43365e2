import auth from "./auth/index.js";
import users from "./users/index.js";
import shipments from "./shipments/index.js";
import samples from "./samples/index.js";
import chat from "./chat/index.js";
import notifications from "./notifications/index.js";
import announcements from "./announcements/index.js";
import dashboard from "./dashboard/index.js";
import places from "./places/index.js";
import admin from "./admin/index.js";
import warehouses from "./warehouses/index.js";
import legs from "./legs/index.js";
import documents from "./documents/index.js";
import chargeChanges from "./charge-changes/index.js";
import averageCosts from "./average-costs/index.js";
import legacyClient from "./legacy-client/index.js";
import orderPdfs from "./order-pdfs/index.js";
import agents from "./agents/index.js";
import analytics from "./analytics/index.js";
import exportsModule from "./exports/index.js";
import settings from "./settings/index.js";

/**
 * Every module's routes; each is registered under /api with the services the composition root
 * built, and takes from them only what it names.
 */
export const modules = [
  auth,
  users,
  shipments,
  samples,
  chat,
  notifications,
  announcements,
  dashboard,
  places,
  admin,
  warehouses,
  legs,
  documents,
  chargeChanges,
  orderPdfs,
  averageCosts,
  legacyClient,
  agents,
  analytics,
  exportsModule,
  settings,
] as const;
