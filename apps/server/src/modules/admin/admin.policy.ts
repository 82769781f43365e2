import type { AuthUser } from "../../lib/principal.js";

export function isAdmin(user: AuthUser): boolean {
  return user.group === "Admin";
}

/** An admin may switch any account on or off except their own (they would lock themselves out). */
export function canSetActive(admin: AuthUser, targetUserId: number, isActive: boolean): boolean {
  return isAdmin(admin) && (isActive || admin.id !== targetUserId);
}
