import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import type { SampleShipment } from "../types";
import { sampleShipmentKeys } from "./keys";

export interface CreateSampleShipmentInput {
  product_name: string;
  quantity: number;
  address: string;
}

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
        queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
      ]),
  });
}
