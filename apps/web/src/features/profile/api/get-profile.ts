import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SuccessEnvelope, User } from "@fba/contract";
import { api } from "../../../lib/api-client";

export const profileKeys = { me: ["me"] as const };

export function getProfile(signal?: AbortSignal) {
  return api.get<SuccessEnvelope<User>>("auth/v1/me/", undefined, signal);
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.me,
    queryFn: ({ signal }) => getProfile(signal),
    select: (res) => res.data,
  });

/** The signed-in user as the server has it now (the stored copy may be older). */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
