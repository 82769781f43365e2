import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { authStorage } from "../../../lib/auth-storage";
import { meQueryOptions, userOf } from "../../../lib/me";
import { updateStoredUser } from "../../../lib/session";

/**
 * Re-reads the signed-in user once per visit (only when a token is stored), so a name, picture
 * or role changed elsewhere shows up, and an expired session ends through the refresh path.
 */
export function useSyncCurrentUser() {
  const query = useQuery({
    ...meQueryOptions(),
    enabled: Boolean(authStorage.getAccessToken()),
    staleTime: Infinity,
  });
  const me = query.data?.data;
  useEffect(() => {
    if (!me) return;
    const fresh = userOf(me);
    const stored = authStorage.getUser();
    if (JSON.stringify(stored) !== JSON.stringify(fresh)) updateStoredUser(fresh);
  }, [me]);
}
