import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { FlatList } from "@fba/contract";
import { api } from "../../../lib/api-client";
import type { ListParams } from "../../../components/data-table/use-list-state";
import { shipmentKeys } from "./get-shipment";
import { SHIPMENT_LISTS, shipmentRequests, type ShipmentListName } from "./requests";
import type { ShipmentListRow } from "./types";

export { SHIPMENT_LISTS, type ShipmentListName } from "./requests";

export function listShipments<Row = ShipmentListRow>(
  list: ShipmentListName,
  params: ListParams,
  signal?: AbortSignal,
): Promise<FlatList<Row>> {
  return api.read<FlatList<Row>>(shipmentRequests.list(list, params), signal);
}

export const shipmentListQueryOptions = <Row = ShipmentListRow>(
  list: ShipmentListName,
  params: ListParams,
) =>
  queryOptions({
    queryKey: shipmentKeys.list(SHIPMENT_LISTS[list], params),
    queryFn: ({ signal }) => listShipments<Row>(list, params, signal),
    placeholderData: keepPreviousData,
  });

/** Rows are list rows; the agent's history rows add `outcome`. */
export function useShipmentList<Row = ShipmentListRow>(list: ShipmentListName, params: ListParams) {
  return useQuery(shipmentListQueryOptions<Row>(list, params));
}
