import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import type { SuccessEnvelope, User } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { authStorage } from "../../../lib/auth-storage";
import { updateStoredUser } from "../../../lib/session";

export const meQueryKey = ["auth", "me"] as const;

export const getMe = () => api.get<SuccessEnvelope<User>>("auth/v1/me/");

/**
 * Re-reads the signed-in user once per visit (only when a token is stored), so a name, picture
 * or role changed elsewhere shows up, and an expired session ends through the refresh path.
 */
export function useSyncCurrentUser() {
  const query = useQuery({
    queryKey: meQueryKey,
    queryFn: getMe,
    enabled: Boolean(authStorage.getAccessToken()),
    staleTime: Infinity,
  });
  const fresh = query.data?.data;
  useEffect(() => {
    if (!fresh) return;
    const stored = authStorage.getUser();
    if (JSON.stringify(stored) !== JSON.stringify(fresh)) updateStoredUser(fresh);
  }, [fresh]);
}
