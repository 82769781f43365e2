import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FlatList, SuccessEnvelope, UpdateQuotationInput } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentChanged } from "./changes";
import { quotationKeys } from "./keys";
import { shipmentRequests } from "./requests";
import type { Quotation, Shipment } from "./types";

export { quotationKeys };

export function listQuotations(shipmentId: number, signal?: AbortSignal) {
  return api.read<FlatList<Quotation>>(shipmentRequests.quotations(shipmentId), signal);
}

export const quotationsQueryOptions = (shipmentId: number) =>
  queryOptions({
    queryKey: quotationKeys.forShipment(shipmentId),
    queryFn: ({ signal }) => listQuotations(shipmentId, signal),
  });

export function useQuotations(shipmentId: number, enabled = true) {
  return useQuery({ ...quotationsQueryOptions(shipmentId), enabled });
}

/** The seller accepts, declines or cancels the winning quotation; the answer is the shipment. */
export function decideQuotation(quotationId: number, decision: UpdateQuotationInput) {
  return api.patch<SuccessEnvelope<Shipment>>(`quotations/${quotationId}/`, decision);
}

export function useDecideQuotation(quotationId: number, shipmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: UpdateQuotationInput) => decideQuotation(quotationId, decision),
    onSuccess: () => shipmentChanged.bidding(queryClient, shipmentId),
  });
}

/** The agent answers the seller's request to re-confirm an expired quotation. */
export function answerReconfirm(
  quotationId: number,
  answer: { valid_until: string } | { declined: true },
) {
  return api.post<SuccessEnvelope<Quotation>>(`quotations/${quotationId}/reconfirm/`, answer);
}

export function useAnswerReconfirm(quotationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { valid_until: string } | { declined: true }) =>
      answerReconfirm(quotationId, answer),
    onSuccess: () => shipmentChanged.bidding(queryClient),
  });
}
