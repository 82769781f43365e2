import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import type { SampleShipment } from "@fba/contract";
import { sampleShipmentKeys } from "../../../entities/sample/api/keys";

export function completeSampleShipment(id: number) {
  return api.patch<SuccessEnvelope<SampleShipment>>(`status-update/${id}/`, {
    status: "Shipment Completed",
  });
}

/** The agent's "Mark as complete"; every sample view is refreshed afterwards. */
export function useCompleteSampleShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSampleShipment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sampleShipmentKeys.all }),
  });
}
