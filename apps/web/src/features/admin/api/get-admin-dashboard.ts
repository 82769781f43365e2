import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminDashboard, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { adminKeys } from "./keys";

export function getAdminDashboard(signal?: AbortSignal) {
  return api.get<SuccessEnvelope<AdminDashboard>>("admin/dashboard/", undefined, signal);
}

export const adminDashboardQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => getAdminDashboard(signal),
    select: (res) => res.data,
  });

/** Counts of shipments, sample shipments and users for the admin dashboard cards. */
export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
