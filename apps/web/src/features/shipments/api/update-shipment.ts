import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  ShipmentStatus,
  SuccessEnvelope,
  TrackingCarrier,
  VarianceReason,
} from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentKeys } from "../../../entities/shipment/api/get-shipment";
import type { Shipment } from "../../../entities/shipment/api/types";

export interface ShipmentInfoInput {
  tracking_number: string;
  final_amount: string;
  /** Only when the number does not tell its carrier for sure; null for "another carrier". */
  tracking_carrier?: TrackingCarrier | null;
  /** Above the accepted bid: why, and an order document as evidence. */
  variance_reason?: VarianceReason;
  variance_note?: string;
  evidence_document_id?: number;
}

/** The winning agent adds the final amount and tracking number. */
export function updateShipmentInfo(id: number, input: ShipmentInfoInput) {
  return api.patch<SuccessEnvelope<Shipment>>(`shipments/${id}/`, input);
}

export interface StatusChange {
  status: ShipmentStatus;
  /**
   * With a completion: why the order is complete while destinations are not delivered (null when
   * every one is). The server then requires it while any destination is not delivered.
   */
  undelivered_reason?: string | null;
}

export function updateShipmentStatus(id: number, change: StatusChange) {
  return api.patch<SuccessEnvelope<Shipment>>(`shipment-status-update/${id}/`, change);
}

export function useUpdateShipmentInfo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShipmentInfoInput) => updateShipmentInfo(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}

export function useUpdateShipmentStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => updateShipmentStatus(id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}
