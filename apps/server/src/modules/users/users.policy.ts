import { avatarVersion } from "../auth/index.js";
import type { AuthUser } from "../../lib/principal.js";

/**
 * Avatars appear next to names in chats, lists and announcements, in <img> tags that cannot send
 * a token: the URL's version (the stored file's random name) is the capability.
 */
export function canViewAvatar(imageKey: string, version: string): boolean {
  return version.length >= 16 && avatarVersion(imageKey) === version;
}

/** A profile is edited only by its owner (the route has no id: it is always the caller's). */
export function canEditProfile(user: AuthUser, userId: number): boolean {
  return user.id === userId;
}
