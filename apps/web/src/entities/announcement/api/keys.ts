import type { QueryClient } from "@tanstack/react-query";

/** Query keys of announcements. */
export const announcementKeys = {
  all: ["announcements"] as const,
  lists: () => [...announcementKeys.all, "list"] as const,
  list: (page: number, perPage: number) =>
    [...announcementKeys.lists(), { page, perPage }] as const,
  detail: (id: number) => [...announcementKeys.all, "detail", id] as const,
};

/** What a new or removed announcement makes stale (mutations and socket frames alike). */
export const announcementsChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: announcementKeys.lists() });
