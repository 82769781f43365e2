import type { Announcement } from "@fba/contract";
import type { AnnouncementPage } from "../api/announcements";

/** Puts a new announcement at the top of a first page (newest first), once. */
export function prependAnnouncement(
  page: AnnouncementPage,
  announcement: Announcement,
): AnnouncementPage {
  if (page.data.some((a) => a.id === announcement.id)) return page;
  const count = page.pagination_option.count + 1;
  const perPage = page.pagination_option.per_page;
  return {
    data: [announcement, ...page.data].slice(0, perPage),
    pagination_option: {
      ...page.pagination_option,
      count,
      pages: Math.max(1, Math.ceil(count / perPage)),
    },
  };
}

/** Takes a removed announcement off a cached page (later pages refetch when next shown). */
export function withoutAnnouncement(page: AnnouncementPage, id: number): AnnouncementPage {
  if (!page.data.some((a) => a.id === id)) return page;
  const count = Math.max(0, page.pagination_option.count - 1);
  const perPage = page.pagination_option.per_page;
  return {
    data: page.data.filter((a) => a.id !== id),
    pagination_option: {
      ...page.pagination_option,
      count,
      pages: Math.max(1, Math.ceil(count / perPage)),
    },
  };
}
