import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { FlatList } from "@fba/contract";
import { api } from "../../../lib/api-client";
import type { ListParams } from "../../../components/data-table/use-list-state";
import { shipmentKeys } from "./get-shipment";
import type { Shipment } from "./types";

/** The flat-envelope shipment lists of API-CONTRACT section 4. */
export const SHIPMENT_LISTS = {
  shipperPending: "shipper/shipments/",
  shipperRecent: "shipper/recent-orders/",
  shipperPast: "shipper/past-orders/",
  shipperHistory: "shipper/quotation-history",
  sellerActive: "seller/shipments/",
  sellerPending: "seller/pending-shipments/",
  sellerRecent: "seller/recent-orders/",
  sellerPast: "seller/past-orders/",
  sellerCancelled: "seller/cancelled-shipments/",
} as const;
export type ShipmentListName = keyof typeof SHIPMENT_LISTS;

export function listShipments(
  endpoint: string,
  params: ListParams,
  signal?: AbortSignal,
): Promise<FlatList<Shipment>> {
  return api.get<FlatList<Shipment>>(endpoint, { ...params }, signal);
}

export const shipmentListQueryOptions = (list: ShipmentListName, params: ListParams) =>
  queryOptions({
    queryKey: shipmentKeys.list(SHIPMENT_LISTS[list], params),
    queryFn: ({ signal }) => listShipments(SHIPMENT_LISTS[list], params, signal),
    placeholderData: keepPreviousData,
  });

export function useShipmentList(list: ShipmentListName, params: ListParams) {
  return useQuery(shipmentListQueryOptions(list, params));
}
