import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { AdminUser, FlatList, Group, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import type { ListParams } from "../../../components/data-table/use-list-state";
import { adminKeys } from "./keys";

export interface AdminUserListParams extends ListParams {
  group?: Group;
}

export function getAdminUsers(params: AdminUserListParams, signal?: AbortSignal) {
  return api.get<FlatList<AdminUser>>("admin/users/", { ...params }, signal);
}

export const adminUsersQueryOptions = (params: AdminUserListParams) =>
  queryOptions({
    queryKey: adminKeys.users(params),
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(params: AdminUserListParams) {
  return useQuery(adminUsersQueryOptions(params));
}

export function setUserActive(userId: number, isActive: boolean) {
  return api.patch<SuccessEnvelope<AdminUser>>(`admin/users/${userId}/`, { is_active: isActive });
}

/** Disables or re-enables an account; a disabled user can no longer sign in. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isActive }: { userId: number; isActive: boolean }) =>
      setUserActive(userId, isActive),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
