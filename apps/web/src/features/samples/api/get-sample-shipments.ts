import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { NestedList } from "@fba/contract";
import { api } from "../../../lib/api-client";
import type { SampleShipment } from "../types";
import { sampleShipmentKeys } from "./keys";

export interface SampleShipmentListParams {
  page: number;
  per_page: number;
  search?: string;
  ordering?: string;
  /** yyyy-MM-dd; sample shipments filter on their creation date. */
  shipment_ready_date?: string;
}

export function getSampleShipments(params: SampleShipmentListParams, signal?: AbortSignal) {
  return api.get<NestedList<SampleShipment>>("sample-shipments/", { ...params }, signal);
}

export const sampleShipmentsQueryOptions = (params: SampleShipmentListParams) =>
  queryOptions({
    queryKey: sampleShipmentKeys.list(params),
    queryFn: ({ signal }) => getSampleShipments(params, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

/** A seller gets their own sample shipments; an agent or admin gets all of them. */
export function useSampleShipments(params: SampleShipmentListParams) {
  return useQuery(sampleShipmentsQueryOptions(params));
}
