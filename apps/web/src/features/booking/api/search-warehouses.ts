import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { SuccessEnvelope, Warehouse } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { warehouseKeys } from "../../../entities/warehouse/api/keys";

export async function searchWarehouses(q: string, signal?: AbortSignal): Promise<Warehouse[]> {
  const res = await api.get<SuccessEnvelope<Warehouse[]>>("warehouses/", { q }, signal);
  return res.data;
}

export const warehousesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: warehouseKeys.search(q),
    queryFn: ({ signal }) => searchWarehouses(q, signal),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });

/** Amazon fulfilment centre suggestions for the typed FC code or city. */
export function useWarehouses(q: string) {
  return useQuery({ ...warehousesQueryOptions(q.trim()), enabled: q.trim().length >= 1 });
}
