import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AverageCost, AverageCostInput, SuccessEnvelope } from "@fba/contract";
import { averageCostKeys } from "../../../entities/average-cost/api/average-costs";
import { api } from "../../../lib/api-client";

/** Adds an FC to the agent's table, or changes one row of it; refreshes every estimate. */
export function useSaveAverageCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AverageCostInput }) =>
      id === null
        ? api.post<SuccessEnvelope<AverageCost>>("average-cost/", input)
        : api.patch<SuccessEnvelope<AverageCost>>(`average-cost/${id}/`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: averageCostKeys.all }),
  });
}

export function useDeleteAverageCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<SuccessEnvelope<{ id: number }>>(`average-cost/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: averageCostKeys.all }),
  });
}
