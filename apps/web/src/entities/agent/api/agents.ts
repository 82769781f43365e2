import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { FlatList, PaginationOption, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import type { AgentProfile, AgentRating, AgentScorecard } from "./types";

export const agentKeys = {
  all: ["agents"] as const,
  profile: (id: number | string) => [...agentKeys.all, String(id), "profile"] as const,
  scorecard: (id: number | string) => [...agentKeys.all, String(id), "scorecard"] as const,
  ratings: (id: number | string, page: number, perPage: number) =>
    [...agentKeys.all, String(id), "ratings", page, perPage] as const,
};

export async function getAgentProfile(id: number | string, signal?: AbortSignal) {
  const res = await api.get<SuccessEnvelope<AgentProfile>>(`agents/${id}/`, undefined, signal);
  return res.data;
}

export async function getAgentScorecard(id: number | string, signal?: AbortSignal) {
  const res = await api.get<SuccessEnvelope<AgentScorecard>>(
    `agents/${id}/scorecard/`,
    undefined,
    signal,
  );
  return res.data;
}

export interface RatingsPage {
  ratings: AgentRating[];
  pagination: PaginationOption;
}

export async function getAgentRatings(
  id: number | string,
  page: number,
  perPage: number,
  signal?: AbortSignal,
): Promise<RatingsPage> {
  const res = await api.get<FlatList<AgentRating>>(
    `agents/${id}/ratings/`,
    { page, per_page: perPage },
    signal,
  );
  return { ratings: res.data, pagination: res.pagination_option };
}

export function useAgentProfile(id: number | string) {
  return useQuery(
    queryOptions({
      queryKey: agentKeys.profile(id),
      queryFn: ({ signal }) => getAgentProfile(id, signal),
      enabled: Number.isInteger(Number(id)) && Number(id) > 0,
    }),
  );
}

export function useAgentScorecard(id: number | string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: agentKeys.scorecard(id),
      queryFn: ({ signal }) => getAgentScorecard(id, signal),
      enabled,
    }),
  );
}

export function useAgentRatings(id: number | string, page: number, perPage: number) {
  return useQuery(
    queryOptions({
      queryKey: agentKeys.ratings(id, page, perPage),
      queryFn: ({ signal }) => getAgentRatings(id, page, perPage, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
