/** Dashboard card with the latest announcement and a View all announcements link. */
export function LatestAnnouncementCard() {
  return null;
}
