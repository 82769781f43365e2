import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FlatList, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { sellerDashboardKey } from "./get-seller-dashboard";
import { shipmentKeys } from "./get-shipment";
import type { Quotation } from "./types";

export const quotationKeys = {
  all: ["quotations"] as const,
  forShipment: (shipmentId: number) => [...quotationKeys.all, shipmentId] as const,
};

export function listQuotations(shipmentId: number, signal?: AbortSignal) {
  return api.get<FlatList<Quotation>>(
    "quotations/",
    { shipment_id: shipmentId, per_page: 200 },
    signal,
  );
}

export const quotationsQueryOptions = (shipmentId: number) =>
  queryOptions({
    queryKey: quotationKeys.forShipment(shipmentId),
    queryFn: ({ signal }) => listQuotations(shipmentId, signal),
  });

export function useQuotations(shipmentId: number, enabled = true) {
  return useQuery({ ...quotationsQueryOptions(shipmentId), enabled });
}

/** The three seller decisions on a winning quotation (API-CONTRACT section 4). */
export type QuotationDecision =
  | { shipment_status: "Quotation Accepted" }
  | { shipment_status: "Shipment Cancelled"; is_accepted: false; cancel_reason: string }
  | { is_accepted: false; cancel_reason: string };

export function decideQuotation(quotationId: number, decision: QuotationDecision) {
  return api.patch<SuccessEnvelope<Quotation>>(`quotations/${quotationId}/`, decision);
}

export function useDecideQuotation(quotationId: number, shipmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: QuotationDecision) => decideQuotation(quotationId, decision),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: quotationKeys.forShipment(shipmentId) }),
        queryClient.invalidateQueries({ queryKey: sellerDashboardKey }),
      ]);
    },
  });
}
