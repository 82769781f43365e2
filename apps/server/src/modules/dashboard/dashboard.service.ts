import type { SellerDashboard } from "@fba/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/principal.js";
import { platformCounts, sellerCounts } from "./dashboard.repository.js";

/**
 * The seller dashboard's counts: a seller's own shipments and sample shipments; for an admin
 * (who may open the seller screens of the existing client) every seller's, since an admin sees
 * and acts on every shipment and has none of their own.
 */
export async function sellerDashboard(db: Db, user: AuthUser): Promise<SellerDashboard> {
  const counts =
    user.group === "Admin" ? await platformCounts(db) : await sellerCounts(db, user.id);
  return {
    active_shipments: counts.active,
    sample_shipments: counts.samples,
    completed_shipments: counts.completed,
  };
}
