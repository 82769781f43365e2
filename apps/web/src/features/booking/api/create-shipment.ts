import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateShipmentData, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentChanged } from "../../../entities/shipment/api/changes";
import type { Shipment } from "../../../entities/shipment/api/types";

export function createShipment(input: CreateShipmentData) {
  return api.post<SuccessEnvelope<Shipment>>("shipments/", input);
}

export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipment,
    onSuccess: () => shipmentChanged.created(queryClient),
  });
}
