import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentRequests } from "./requests";
import type { Shipment } from "./types";

import { shipmentKeys } from "./keys";

export { shipmentKeys };

export async function getShipment(id: number, signal?: AbortSignal): Promise<Shipment> {
  const res = await api.read<SuccessEnvelope<Shipment>>(shipmentRequests.detail(id), signal);
  return res.data;
}

export const shipmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: shipmentKeys.detail(id),
    queryFn: ({ signal }) => getShipment(id, signal),
    // A refusal (400/403/404) is an answer, not a hiccup: do not retry it.
    retry: (count, error) => count < 1 && !("status" in error && Number(error.status) < 500),
  });

export function useShipment(id: number) {
  return useQuery({ ...shipmentQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
