import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { FlatList } from "@fba/contract";
import { api } from "../../../lib/api-client";
import type { ListParams } from "../../../components/data-table/use-list-state";
import { shipmentKeys } from "./get-shipment";
import type { ShipmentListRow } from "./types";

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

export function listShipments<Row = ShipmentListRow>(
  endpoint: string,
  params: ListParams,
  signal?: AbortSignal,
): Promise<FlatList<Row>> {
  return api.get<FlatList<Row>>(endpoint, { ...params }, signal);
}

export const shipmentListQueryOptions = <Row = ShipmentListRow>(
  list: ShipmentListName,
  params: ListParams,
) =>
  queryOptions({
    queryKey: shipmentKeys.list(SHIPMENT_LISTS[list], params),
    queryFn: ({ signal }) => listShipments<Row>(SHIPMENT_LISTS[list], params, signal),
    placeholderData: keepPreviousData,
  });

/** Rows are list rows; the agent's history rows add `outcome`. */
export function useShipmentList<Row = ShipmentListRow>(list: ShipmentListName, params: ListParams) {
  return useQuery(shipmentListQueryOptions<Row>(list, params));
}
