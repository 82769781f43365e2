import { legacyClientMessages as messages, legMessages, shipmentMessages } from "@fba/contract";
import type { z } from "zod";
import type { packageTrackingSchema } from "@fba/contract";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import type { AuthUser } from "../../lib/principal.js";
import { isLiveOrder, isOrder, orderParty } from "../legs/index.js";
import { orderState } from "../legs/index.js";
import { findPackage, updatePackageTracking } from "../shipments/index.js";

/**
 * P1: one carton group's tracking number (the existing client's per-package field), set by the
 * order's winning agent or an admin; its link points at the carrier the number belongs to.
 */
export async function setPackageTracking(
  db: Db,
  user: AuthUser,
  packageId: number,
  trackingNumber: string,
): Promise<z.infer<typeof packageTrackingSchema>> {
  const pkg = await findPackage(db, packageId);
  if (!pkg) throw AppError.notFound(messages.packageNotFound);
  const order = await orderState(db, pkg.shipmentId);
  const party = order ? orderParty(user, order) : null;
  if (!order || !party) throw AppError.badRequest(shipmentMessages.notAuthorisedToView);
  if (party === "seller") throw AppError.forbidden(messages.onlyAgentPackages);
  if (!isOrder(order)) throw AppError.badRequest(legMessages.notAnOrder);
  if (!isLiveOrder(order)) throw AppError.badRequest(legMessages.orderClosed);
  // The carrier formats (a library of hundreds of modules) load on first use, not at start.
  const { sureCarrierOf, trackingLinkFor } = await import("@fba/contract/tracking");
  const trackingLink = trackingLinkFor(trackingNumber, sureCarrierOf(trackingNumber));
  await updatePackageTracking(db, packageId, { trackingNumber, trackingLink });
  return {
    id: pkg.id,
    shipment: pkg.shipmentId,
    tracking_number: trackingNumber,
    tracking_link: trackingLink,
  };
}
