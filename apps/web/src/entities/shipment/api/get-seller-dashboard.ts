import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SellerDashboard, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";

import { sellerDashboardKey } from "./keys";

export { sellerDashboardKey };

export async function getSellerDashboard(signal?: AbortSignal): Promise<SellerDashboard> {
  const res = await api.get<SuccessEnvelope<SellerDashboard>>(
    "seller/seller-dashboard/",
    undefined,
    signal,
  );
  return res.data;
}

export const sellerDashboardQueryOptions = () =>
  queryOptions({
    queryKey: sellerDashboardKey,
    queryFn: ({ signal }) => getSellerDashboard(signal),
    // Counts move with every booking and decision; a fresh visit should show them.
    staleTime: 0,
  });

export function useSellerDashboard() {
  return useQuery(sellerDashboardQueryOptions());
}
