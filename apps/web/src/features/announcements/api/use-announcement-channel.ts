import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeChannel, type ServerFrame, wsPaths } from "../../../lib/realtime";
import { useCurrentUser } from "../../../lib/session";
import { prependAnnouncement, withoutAnnouncement } from "../lib/announcement-cache";
import type { Announcement } from "@fba/contract";
import { announcementKeys, type AnnouncementPage } from "./announcements";

/**
 * Listens to the announcement broadcast. Someone else's new announcement is put at the top of
 * every cached first page; the sender's own already came back from the create call.
 */
export function useAnnouncementChannel() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const userId = user?.id ?? null;

  const onEvent = useCallback(
    (frame: ServerFrame) => {
      if (frame.event_type === "announcement_removed") {
        const id = frame.data.id;
        for (const [key, page] of queryClient.getQueriesData<AnnouncementPage>({
          queryKey: announcementKeys.lists(),
        })) {
          if (page) queryClient.setQueryData<AnnouncementPage>(key, withoutAnnouncement(page, id));
        }
        queryClient.removeQueries({ queryKey: announcementKeys.detail(id) });
        return;
      }
      if (frame.event_type !== "announcement_created") return;
      const announcement = frame.data as Announcement | null;
      if (!announcement || typeof announcement.id !== "number") return;
      if (announcement.sender?.id === userId) return;
      const firstPages = queryClient.getQueriesData<AnnouncementPage>({
        queryKey: announcementKeys.lists(),
      });
      for (const [key, page] of firstPages) {
        const params = key[2] as { page?: number } | undefined;
        if (!page || params?.page !== 1) continue;
        queryClient.setQueryData<AnnouncementPage>(key, prependAnnouncement(page, announcement));
      }
      queryClient.setQueryData(announcementKeys.detail(announcement.id), announcement);
      // Later pages shifted by one; they refetch when next shown.
      void queryClient.invalidateQueries({
        queryKey: announcementKeys.lists(),
        predicate: (query) => (query.queryKey[2] as { page?: number } | undefined)?.page !== 1,
        refetchType: "none",
      });
    },
    [queryClient, userId],
  );

  const onOpen = useCallback(
    ({ reconnected }: { reconnected: boolean }) => {
      if (reconnected) void queryClient.invalidateQueries({ queryKey: announcementKeys.lists() });
    },
    [queryClient],
  );

  return useRealtimeChannel(user ? wsPaths.announcements() : null, { onEvent, onOpen });
}
