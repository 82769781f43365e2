import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  AdminUser,
  FlatList,
  Group,
  RecoveryFailures,
  RecoveryPauseLift,
  SuccessEnvelope,
} from "@fba/contract";
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

export function getRecoveryFailures(signal?: AbortSignal) {
  return api.get<SuccessEnvelope<RecoveryFailures>>("admin/recovery-failures/", {}, signal);
}

/** Wrong password-recovery codes per hour over the last day, every account together. */
export function useRecoveryFailures() {
  return useQuery({
    queryKey: adminKeys.recoveryFailures(),
    queryFn: ({ signal }) => getRecoveryFailures(signal),
    select: (res) => res.data,
  });
}

export function liftRecoveryPause(userId: number) {
  return api.delete<SuccessEnvelope<RecoveryPauseLift>>(`admin/users/${userId}/recovery-pause/`);
}

/** Opens password recovery again for an account paused after wrong codes. */
export function useLiftRecoveryPause() {
  return useMutation({ mutationFn: (userId: number) => liftRecoveryPause(userId) });
}
