import type { AuthUser } from "../../plugins/auth.js";

/** Avatars appear next to names in chats, lists and announcements: any signed-in user sees them. */
export function canViewAvatar(user: AuthUser | null): user is AuthUser {
  return user !== null;
}

/** A profile is edited only by its owner (the route has no id: it is always the caller's). */
export function canEditProfile(user: AuthUser, userId: number): boolean {
  return user.id === userId;
}
