import { queryOptions } from "@tanstack/react-query";
import type { Me, SuccessEnvelope, User } from "@fba/contract";
import { api, meRequest } from "./api-client";

/** The signed-in user as the server has it now: one cache entry for every screen that reads it. */
export const meQueryKey = ["auth", "me"] as const;

export function getMe(signal?: AbortSignal) {
  return api.read<SuccessEnvelope<Me>>(meRequest, signal);
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });

/** The user part of `me` (what the session stores), without the storage use. */
export function userOf(me: Me): User {
  const { storage, ...user } = me;
  void storage;
  return user;
}
