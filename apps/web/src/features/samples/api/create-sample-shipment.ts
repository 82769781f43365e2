import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateSampleShipmentInput, SampleShipment, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { sellerDashboardKey } from "../../../entities/shipment/api/get-seller-dashboard";
import { sampleShipmentKeys } from "../../../entities/sample/api/keys";

export function createSampleShipment(input: CreateSampleShipmentInput) {
  return api.post<SuccessEnvelope<SampleShipment>>("sample-shipments/", input);
}

export function useCreateSampleShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSampleShipment,
    // The seller dashboard counts samples too, so its query is refreshed as well.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sampleShipmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: sellerDashboardKey }),
      ]),
  });
}
