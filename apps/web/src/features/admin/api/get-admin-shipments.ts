import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { FlatList, ShipmentListRow, ShipmentStatus } from "@fba/contract";
import { api } from "../../../lib/api-client";
import type { ListParams } from "../../../components/data-table/use-list-state";
import { adminKeys } from "./keys";

export interface AdminShipmentListParams extends ListParams {
  status?: ShipmentStatus;
}

export function getAdminShipments(params: AdminShipmentListParams, signal?: AbortSignal) {
  return api.get<FlatList<ShipmentListRow>>("admin/shipments/", { ...params }, signal);
}

export const adminShipmentsQueryOptions = (params: AdminShipmentListParams) =>
  queryOptions({
    queryKey: adminKeys.shipments(params),
    queryFn: ({ signal }) => getAdminShipments(params, signal),
    placeholderData: keepPreviousData,
  });

/** Every shipment, for the admin. */
export function useAdminShipments(params: AdminShipmentListParams) {
  return useQuery(adminShipmentsQueryOptions(params));
}
