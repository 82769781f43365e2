import type { QueryClient } from "@tanstack/react-query";

/**
 * Lists show an unread-message badge per row (message_count). After a chat changes it, the lists
 * are marked stale so their badges are right when next shown; the open page is not refetched.
 */
const LISTS_WITH_CHAT_BADGES = [
  ["shipments", "list"],
  ["sample-shipments", "list"],
] as const;

export function refreshChatBadges(queryClient: QueryClient) {
  for (const queryKey of LISTS_WITH_CHAT_BADGES) {
    void queryClient.invalidateQueries({ queryKey, refetchType: "active" });
  }
}
