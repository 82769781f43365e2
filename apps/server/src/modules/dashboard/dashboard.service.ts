import type { SellerDashboard } from "@fba/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../plugins/auth.js";
import { sellerCounts } from "./dashboard.repository.js";

export async function sellerDashboard(db: Db, seller: AuthUser): Promise<SellerDashboard> {
  const counts = await sellerCounts(db, seller.id);
  return {
    active_shipments: counts.active,
    sample_shipments: counts.samples,
    completed_shipments: counts.completed,
  };
}
