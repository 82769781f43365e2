import { avatarUrl as presentAvatarUrl } from "../auth/index.js";

/**
 * Public URL of a user's avatar, or null without one. The version parameter changes with every
 * profile update, so clients may cache the bytes for long. One formula: the user presenter's.
 */
export function avatarUrl(
  publicUrl: string,
  user: { id: number; imageKey: string | null; updatedAt: Date },
): string | null {
  return presentAvatarUrl(user, { PUBLIC_URL: publicUrl });
}
