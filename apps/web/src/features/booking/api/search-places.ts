import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Place, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";

export async function searchPlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  const res = await api.get<SuccessEnvelope<Place[]>>("places/", { q, limit: 8 }, signal);
  return res.data;
}

export const placesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ["places", q],
    queryFn: ({ signal }) => searchPlaces(q, signal),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

/** Candidates for what the seller typed (a ZIP code or a city); nothing under 2 characters. */
export function usePlaces(q: string) {
  const text = q.trim();
  return useQuery({ ...placesQueryOptions(text), enabled: text.length >= 2 });
}
