import type { QueryClient } from "@tanstack/react-query";

/** Query keys of the Amazon fulfilment centres a booking picks from. */
export const warehouseKeys = {
  all: ["warehouses"] as const,
  search: (q: string) => [...warehouseKeys.all, q] as const,
};

/** What a changed warehouse makes stale: every search of the public list. */
export const warehousesChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: warehouseKeys.all });
