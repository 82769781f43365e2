import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  adminAnalyticsSchema,
  agentAnalyticsSchema,
  sellerAnalyticsSchema,
  type AdminAnalytics,
  type AgentAnalytics,
  type SellerAnalytics,
  type SuccessEnvelope,
} from "@fba/contract";
import { api } from "../../../lib/api-client";

export type AnalyticsRole = "seller" | "agent" | "admin";

export interface AnalyticsByRole {
  seller: SellerAnalytics;
  agent: AgentAnalytics;
  admin: AdminAnalytics;
}

const schemas = {
  seller: sellerAnalyticsSchema,
  agent: agentAnalyticsSchema,
  admin: adminAnalyticsSchema,
};

export const analyticsKeys = {
  all: ["analytics"] as const,
  of: (role: AnalyticsRole) => [...analyticsKeys.all, role] as const,
};

/**
 * One dashboard's figures (GET analytics/{role}/), each computed by the server in one query.
 * Checked against the contract: an answer of another shape is an error shown with a Retry, never
 * a chart drawn from it.
 */
export async function getAnalytics<R extends AnalyticsRole>(
  role: R,
  signal?: AbortSignal,
): Promise<AnalyticsByRole[R]> {
  const res = await api.get<SuccessEnvelope<AnalyticsByRole[R]>>(
    `analytics/${role}/`,
    undefined,
    signal,
  );
  return schemas[role].parse(res.data) as AnalyticsByRole[R];
}

export function useAnalytics<R extends AnalyticsRole>(role: R) {
  return useQuery(
    queryOptions({
      queryKey: analyticsKeys.of(role),
      queryFn: ({ signal }) => getAnalytics(role, signal),
      staleTime: 60_000,
    }),
  );
}
