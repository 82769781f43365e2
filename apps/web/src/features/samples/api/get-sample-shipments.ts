import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { NestedList } from "@fba/contract";
import { api } from "../../../lib/api-client";
import type { ListParams } from "../../../components/data-table/use-list-state";
import type { SampleShipment } from "@fba/contract";
import { sampleShipmentKeys } from "../../../entities/sample/api/keys";

/** Sample shipments filter `shipment_ready_date` on their creation date. */
export type SampleShipmentListParams = ListParams;

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
