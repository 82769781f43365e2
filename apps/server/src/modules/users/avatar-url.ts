/**
 * Public URL of a user's avatar, or null without one. The version parameter changes with every
 * profile update, so clients may cache the bytes for long.
 */
export function avatarUrl(
  publicUrl: string,
  user: { id: number; imageKey: string | null; updatedAt: Date },
): string | null {
  if (!user.imageKey) return null;
  const base = publicUrl.replace(/\/+$/, "");
  return `${base}/api/users/${user.id}/avatar/?v=${user.updatedAt.getTime()}`;
}
