import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import type { SampleShipment } from "@fba/contract";
import { sampleShipmentKeys } from "../../../entities/sample/api/keys";

export function getSampleShipment(id: number, signal?: AbortSignal) {
  return api.get<SuccessEnvelope<SampleShipment>>(`sample-shipments/${id}/`, undefined, signal);
}

export const sampleShipmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: sampleShipmentKeys.detail(id),
    queryFn: ({ signal }) => getSampleShipment(id, signal),
    select: (res) => res.data,
  });

export function useSampleShipment(id: number) {
  return useQuery({ ...sampleShipmentQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
