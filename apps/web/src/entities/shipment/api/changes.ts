import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { comparisonKeys, quotationKeys, sellerDashboardKey, shipmentKeys } from "./keys";

const refresh = (queryClient: QueryClient, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/**
 * What a change to shipments makes stale: one map, used by the mutations that make a change and
 * by the socket frames that report one. Stale queries on screen refetch; the others on next use.
 */
export const shipmentChanged = {
  /** New shipments: every list and the seller's counts. */
  created: (queryClient: QueryClient) =>
    refresh(queryClient, [shipmentKeys.all, sellerDashboardKey]),
  /**
   * Its state or its bids (a bid, a decision, an award, a cancellation; a notification about a
   * shipment, which names none): the shipment everywhere, its bids and their comparison, the
   * seller's counts.
   */
  bidding: (queryClient: QueryClient, shipmentId?: number) =>
    refresh(queryClient, [
      shipmentKeys.all,
      shipmentId === undefined ? quotationKeys.all : quotationKeys.forShipment(shipmentId),
      shipmentId === undefined ? comparisonKeys.all : comparisonKeys.forShipment(shipmentId),
      sellerDashboardKey,
    ]),
  /** Its order's details (a document, a leg, a charge): the shipment and the lists showing it. */
  order: (queryClient: QueryClient, shipmentId: number) =>
    refresh(queryClient, [shipmentKeys.detail(shipmentId), shipmentKeys.lists()]),
};
