import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { NestedList, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { announcementKeys, announcementsChanged } from "../../../entities/announcement/api/keys";
import type { Announcement, AnnouncementRemoval, CreateAnnouncementInput } from "@fba/contract";

export { announcementKeys };

export type AnnouncementPage = NestedList<Announcement>["data"];

export async function listAnnouncements(
  page: number,
  perPage: number,
  signal?: AbortSignal,
): Promise<AnnouncementPage> {
  const res = await api.get<NestedList<Announcement>>(
    "v1/announcement/",
    { page, per_page: perPage },
    signal,
  );
  return res.data;
}

export const announcementListQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: announcementKeys.list(page, perPage),
    queryFn: ({ signal }) => listAnnouncements(page, perPage, signal),
    placeholderData: keepPreviousData,
  });

export function useAnnouncements(page: number, perPage: number) {
  return useQuery(announcementListQueryOptions(page, perPage));
}

export function useAnnouncement(id: number) {
  return useQuery({
    queryKey: announcementKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get<SuccessEnvelope<Announcement>>(`v1/announcement/${id}/`, undefined, signal))
        .data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateAnnouncementInput) =>
      api.post<SuccessEnvelope<Announcement>>("v1/announcement/", input),
    onSuccess: () => announcementsChanged(queryClient),
  });
}

/** An admin removes an announcement, and with `disableSender` disables its sender's account. */
export function useRemoveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disableSender }: { id: number; disableSender: boolean }) =>
      api.delete<SuccessEnvelope<AnnouncementRemoval>>(
        `admin/announcements/${id}/?disable_sender=${disableSender}`,
      ),
    onSuccess: (_res, { id }) => {
      queryClient.removeQueries({ queryKey: announcementKeys.detail(id) });
      // The admin users list (another feature's key) shows the disabled sender when next read.
      void queryClient.invalidateQueries({ queryKey: ["admin"], refetchType: "none" });
      return announcementsChanged(queryClient);
    },
  });
}
