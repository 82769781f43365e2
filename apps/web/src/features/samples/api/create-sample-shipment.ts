import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateSampleShipmentInput, SampleShipment, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { sampleChanged } from "../../../entities/sample/api/changes";

export function createSampleShipment(input: CreateSampleShipmentInput) {
  return api.post<SuccessEnvelope<SampleShipment>>("sample-shipments/", input);
}

export function useCreateSampleShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSampleShipment,
    onSuccess: () => sampleChanged(queryClient),
  });
}
