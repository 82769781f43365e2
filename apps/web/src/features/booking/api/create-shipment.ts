import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateShipmentData, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { sellerDashboardKey } from "../../../entities/shipment/api/get-seller-dashboard";
import { shipmentKeys } from "../../../entities/shipment/api/get-shipment";
import type { Shipment } from "../../../entities/shipment/api/types";

export function createShipment(input: CreateShipmentData) {
  return api.post<SuccessEnvelope<Shipment>>("shipments/", input);
}

export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: sellerDashboardKey }),
      ]),
  });
}
