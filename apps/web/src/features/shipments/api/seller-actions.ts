import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SuccessEnvelope, TakeNextBidInput } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentChanged } from "../../../entities/shipment/api/changes";
import type { Shipment } from "../../../entities/shipment/api/types";

/** A window that closed with no bids: the seller opens another one. */
export function reopenBidding(id: number) {
  return api.post<SuccessEnvelope<Shipment>>(`shipments/${id}/reopen/`);
}

/** The seller withdraws a shipment nobody has bid on. */
export function cancelShipment(id: number, cancel_reason?: string) {
  return api.post<SuccessEnvelope<Shipment>>(`shipments/${id}/cancel/`, { cancel_reason });
}

export function useReopenBidding(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reopenBidding(id),
    onSuccess: () => shipmentChanged.bidding(queryClient, id),
  });
}

export function useCancelShipment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason?: string) => cancelShipment(id, reason),
    onSuccess: () => shipmentChanged.bidding(queryClient, id),
  });
}

/**
 * Beside the spec's decline: the winning estimate is declined (its agent told why) and the next
 * lowest bid becomes the estimate, its agent told. The shipment stays open.
 */
export function takeNextBid(id: number, body: TakeNextBidInput) {
  return api.post<SuccessEnvelope<Shipment>>(`shipments/${id}/next-bid/`, body);
}

export function useTakeNextBid(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => takeNextBid(id, { reason }),
    // The comparison's winner changes too.
    onSuccess: () => shipmentChanged.bidding(queryClient, id),
  });
}
