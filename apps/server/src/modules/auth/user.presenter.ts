import type { User } from "@fba/contract";
import type { Config } from "../../config.js";
import type { users } from "../../db/schema/index.js";

type UserRow = typeof users.$inferSelect;

/** The columns a user DTO needs; callers may select just these. */
export type PresentableUser = Pick<
  UserRow,
  | "id"
  | "firstName"
  | "lastName"
  | "email"
  | "group"
  | "phone"
  | "companyName"
  | "imageKey"
  | "emailNotifications"
  | "milestoneEmails"
  | "locale"
  | "isActive"
  | "updatedAt"
>;

/**
 * The avatar's version is its stored file's random name: it changes with every upload (so the
 * bytes can be cached forever) and it is unguessable, so the URL itself is the permission and an
 * <img> tag needs no token.
 */
export function avatarVersion(imageKey: string): string {
  return imageKey.split("/").pop()?.split(".")[0] ?? "";
}

export function avatarUrl(
  user: Pick<UserRow, "id" | "imageKey">,
  config: Pick<Config, "PUBLIC_URL">,
): string | null {
  if (!user.imageKey) return null;
  const base = config.PUBLIC_URL.replace(/\/+$/, "");
  return `${base}/api/users/${user.id}/avatar/?v=${avatarVersion(user.imageKey)}`;
}

export function presentUser(user: PresentableUser, config: Pick<Config, "PUBLIC_URL">): User {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    groups: user.group,
    image: avatarUrl(user, config),
    profile: { phone: user.phone, company_name: user.companyName },
    email_notifications: user.emailNotifications,
    milestone_emails: user.milestoneEmails,
    locale: user.locale ?? null,
    is_active: user.isActive,
  };
}
