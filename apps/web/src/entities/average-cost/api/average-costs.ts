import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AverageCost, AverageCostEstimate, NestedList, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";

export const averageCostKeys = {
  all: ["average-costs"] as const,
  own: () => [...averageCostKeys.all, "own"] as const,
  estimates: (fcCodes: readonly string[]) =>
    [...averageCostKeys.all, "estimates", fcCodes.join(",")] as const,
};

/** An agent's own average costs per FC (the table agents keep; sellers get every agent's). */
export async function getOwnAverageCosts(signal?: AbortSignal): Promise<AverageCost[]> {
  const res = await api.get<NestedList<AverageCost>>("average-cost/", undefined, signal);
  return res.data.data;
}

export function useOwnAverageCosts(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: averageCostKeys.own(),
      queryFn: ({ signal }) => getOwnAverageCosts(signal),
      staleTime: 5 * 60_000,
      enabled,
    }),
  );
}

/** Per FC, the range of agents' prices per kg for each service (sellers and admins). */
export async function getCostEstimates(
  fcCodes: readonly string[],
  signal?: AbortSignal,
): Promise<AverageCostEstimate[]> {
  const res = await api.get<SuccessEnvelope<AverageCostEstimate[]>>(
    "average-cost/estimates/",
    { fc_codes: fcCodes.join(",") },
    signal,
  );
  return res.data;
}

export function useCostEstimates(fcCodes: readonly string[]) {
  return useQuery(
    queryOptions({
      queryKey: averageCostKeys.estimates(fcCodes),
      queryFn: ({ signal }) => getCostEstimates(fcCodes, signal),
      staleTime: 5 * 60_000,
      placeholderData: keepPreviousData,
      enabled: fcCodes.length > 0,
    }),
  );
}
