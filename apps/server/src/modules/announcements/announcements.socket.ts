import { rooms } from "../../realtime/hub.js";
import type { SocketRegistration } from "../../realtime/sockets.js";

/**
 * The public announcement channel: a valid token only identifies the sender (who is skipped); a
 * missing or stale one still receives announcements.
 */
export function announcementSockets(): SocketRegistration {
  return {
    endpoints: [
      {
        path: "/ws/announcement",
        channel: "announcements",
        allowsAnonymous: true,
        admit: async () => ({ rooms: [rooms.announcements], scope: null }),
      },
    ],
    actions: [],
  };
}
