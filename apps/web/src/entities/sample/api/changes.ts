import type { QueryClient } from "@tanstack/react-query";
import { sellerDashboardKey } from "../../../lib/dashboard-keys";
import { sampleShipmentKeys } from "./keys";

/** What a change to sample shipments makes stale (mutations and socket frames alike). */
export const sampleChanged = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: sampleShipmentKeys.all }),
    // The seller's dashboard counts samples too.
    queryClient.invalidateQueries({ queryKey: sellerDashboardKey }),
  ]);
