import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AwardInput, Comparison, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentChanged } from "../../../entities/shipment/api/changes";
import { comparisonKeys } from "../../../entities/shipment/api/keys";
import type { Quotation, Shipment } from "../../../entities/shipment/api/types";

export { comparisonKeys };

export async function getComparison(shipmentId: number, signal?: AbortSignal) {
  const res = await api.get<SuccessEnvelope<Comparison>>(
    `shipments/${shipmentId}/comparison/`,
    undefined,
    signal,
  );
  return res.data;
}

export function useComparison(shipmentId: number, enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: comparisonKeys.forShipment(shipmentId),
      queryFn: ({ signal }) => getComparison(shipmentId, signal),
    }),
    enabled,
  });
}

/** Everything the seller's page shows of the shipment's bids and its decision. */
function refreshShipment(queryClient: ReturnType<typeof useQueryClient>, shipmentId: number) {
  return shipmentChanged.bidding(queryClient, shipmentId);
}

/** The seller picks a bid (maybe not the automatic winner) with a reason; it is accepted. */
export function awardBid(shipmentId: number, input: AwardInput) {
  return api.post<SuccessEnvelope<Shipment>>(`shipments/${shipmentId}/award/`, input);
}

export function useAwardBid(shipmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AwardInput) => awardBid(shipmentId, input),
    onSuccess: () => refreshShipment(queryClient, shipmentId),
  });
}

/** The seller asks the agent of an expired quotation to re-confirm it. */
export function requestReconfirm(quotationId: number) {
  return api.post<SuccessEnvelope<Quotation>>(`quotations/${quotationId}/reconfirm-request/`);
}

export function useRequestReconfirm(shipmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestReconfirm,
    onSuccess: () => refreshShipment(queryClient, shipmentId),
  });
}
