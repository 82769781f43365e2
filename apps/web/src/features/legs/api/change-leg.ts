import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Leg, RecordMilestoneInput, SuccessEnvelope, UpdateLegInput } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentKeys } from "../../../entities/shipment/api/get-shipment";
import { legKeys } from "./get-legs";

/** The seller's Amazon references, or the agent's ETA, appointment and tracking number. */
export function updateLeg(shipmentId: number, legId: number, input: UpdateLegInput) {
  return api.patch<SuccessEnvelope<Leg>>(`shipments/${shipmentId}/legs/${legId}/`, input);
}

/** A milestone, or a correction of one (`supersedes`). */
export function recordMilestone(shipmentId: number, legId: number, input: RecordMilestoneInput) {
  return api.post<SuccessEnvelope<Leg>>(`shipments/${shipmentId}/legs/${legId}/events/`, input);
}

/** The answer is the changed leg; the lists' late and quiet counts may have changed with it. */
function storeLeg(queryClient: QueryClient, shipmentId: number, leg: Leg) {
  queryClient.setQueryData<Leg[]>(legKeys.of(shipmentId), (legs) =>
    legs?.map((item) => (item.id === leg.id ? leg : item)),
  );
  void queryClient.invalidateQueries({ queryKey: shipmentKeys.lists() });
}

export function useUpdateLeg(shipmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ legId, input }: { legId: number; input: UpdateLegInput }) =>
      updateLeg(shipmentId, legId, input),
    onSuccess: (res) => storeLeg(queryClient, shipmentId, res.data),
  });
}

export function useRecordMilestone(shipmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ legId, input }: { legId: number; input: RecordMilestoneInput }) =>
      recordMilestone(shipmentId, legId, input),
    onSuccess: (res) => storeLeg(queryClient, shipmentId, res.data),
  });
}
