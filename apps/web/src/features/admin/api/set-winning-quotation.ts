import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ShipmentDetail, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentKeys } from "../../../entities/shipment/api/get-shipment";
import { quotationKeys } from "../../../entities/shipment/api/quotations";
import { adminKeys } from "./keys";

/** Approves a bid before the window closes, or replaces the automatic winner. */
export function setWinningQuotation(shipmentId: number, quotationId: number) {
  return api.post<SuccessEnvelope<ShipmentDetail>>(`admin/shipments/${shipmentId}/winner/`, {
    quotation_id: quotationId,
  });
}

export function useSetWinningQuotation(shipmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quotationId: number) => setWinningQuotation(shipmentId, quotationId),
    onSuccess: (res) => {
      queryClient.setQueryData(shipmentKeys.detail(shipmentId), res.data);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: quotationKeys.forShipment(shipmentId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]);
    },
  });
}
