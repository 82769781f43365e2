import { z } from "zod";
import { text } from "./text.js";
import { isLongEnoughName, isPersonName } from "./values/letters.js";
import { PROFILE_IMAGE_MAX_BYTES } from "./common.js";
import { messages as authMessages, USER_LOCALES, userSchema } from "./auth.js";

export const profileMessages = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  nameLetters: "Name must contain only letters",
  nameMin: "Name must be at least 2 characters",
  nameMax: "Name cannot exceed 50 characters",
  phoneDigits: "Mobile number must contain only digits",
  phoneMin: "Mobile number must be at least 10 digits",
  phoneMax: "Mobile number cannot exceed 15 digits",
  imageUnsupported: "Unsupported file format",
  imageTooLarge: "File is too large",
  currentPasswordRequired: "Current password is required when changing password",
  passwordsSame: "Current password and new password must be different",
  passwordRule:
    "Password must contain at least 8 characters, one lowercase letter, one uppercase letter, one digit, and one special character",
  passwordMax: authMessages.passwordMax,
  confirmRequired: "Confirm password is required when changing password",
  passwordsMustMatch: "Passwords must match",
  currentPasswordWrong: authMessages.currentPasswordWrong,
  booleanInvalid: "Must be true or false",
  localeInvalid: "Language must be en or zh-CN",
  updated: "Profile updated successfully",
} as const;

const PROFILE_NAME_MIN = 2;
const PROFILE_NAME_MAX = 50;
const PHONE_MIN_DIGITS = 10;
const PHONE_MAX_DIGITS = 15;
const PROFILE_PASSWORD_MAX = 32;
export const AVATAR_SIZE_PX = 256;
/** Image types accepted for avatars, decided by the file's content (magic bytes), not its name. */
export const PROFILE_IMAGE_MIME_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
  "image/tiff",
] as const;
export { PROFILE_IMAGE_MAX_BYTES };

/** Specials are exactly the spec's set: ! @ # % ^ & * _ + */
const PROFILE_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#%^&*_+]).{8,}$/;
/** The phone control strips brackets, spaces and hyphens before the rules apply. */
const PHONE_SEPARATORS = /[()[\]\s-]/g;

/** Removes the separators a phone control allows; what is left must be digits with an optional plus. */
export function normalizePhone(value: string): string {
  return value.replace(PHONE_SEPARATORS, "");
}

const profileNameSchema = (required: string) =>
  text({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(isPersonName, { error: profileMessages.nameLetters, abort: true })
    .refine((value) => isLongEnoughName(value, PROFILE_NAME_MIN), {
      error: profileMessages.nameMin,
      abort: true,
    })
    .max(PROFILE_NAME_MAX, profileMessages.nameMax);

/** An empty or null phone clears it; anything else must be a valid mobile number. */
const profilePhoneSchema = text({ error: profileMessages.phoneDigits })
  .max(40, { error: profileMessages.phoneMax, abort: true })
  .transform(normalizePhone)
  .pipe(
    text()
      .regex(/^\+?\d*$/, { error: profileMessages.phoneDigits, abort: true })
      .refine((value) => value.replace("+", "").length >= PHONE_MIN_DIGITS, {
        error: profileMessages.phoneMin,
        abort: true,
      })
      .refine((value) => value.replace("+", "").length <= PHONE_MAX_DIGITS, {
        error: profileMessages.phoneMax,
      }),
  );

/** Multipart fields are text; JSON clients send booleans. Both spellings mean the same. */
export function parseFormBoolean(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim().toLowerCase();
  if (["true", "1", "on", "yes"].includes(text)) return true;
  if (["false", "0", "off", "no"].includes(text)) return false;
  return value;
}

export const formBooleanSchema = z.preprocess(
  parseFormBoolean,
  z.boolean({ error: profileMessages.booleanInvalid }),
);

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const optionalPassword = z.preprocess(emptyToUndefined, text().max(128).optional());

/** The profile's own fields; each reports its first error (later checks stop at it). */
const profileFieldsSchema = z.object({
  first_name: profileNameSchema(profileMessages.firstNameRequired).optional(),
  last_name: profileNameSchema(profileMessages.lastNameRequired).optional(),
  phone: z
    .preprocess((value) => {
      if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
      return typeof value === "string" && value.trim() === "" ? null : value;
    }, profilePhoneSchema.nullable())
    .optional(),
  remove_image: z.preprocess(emptyToUndefined, formBooleanSchema.optional()),
  email_notifications: z.preprocess(emptyToUndefined, formBooleanSchema.optional()),
  milestone_emails: z.preprocess(emptyToUndefined, formBooleanSchema.optional()),
  /** The account's language; additive (clients that never send it keep today's behaviour). */
  locale: z.preprocess(
    emptyToUndefined,
    z.enum(USER_LOCALES, { error: profileMessages.localeInvalid }).optional(),
  ),
});

/** A password change: the current one, a strong new one that differs from it, confirmed. */
const passwordChangeSchema = z
  .object({
    current_password: optionalPassword,
    old_password: optionalPassword,
    new_password: optionalPassword,
    confirm_password: optionalPassword,
  })
  .superRefine((input, ctx) => {
    const current = input.current_password ?? input.old_password;
    const next = input.new_password;
    if (next === undefined) return;
    if (current === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["current_password"],
        message: profileMessages.currentPasswordRequired,
      });
    } else if (current === next) {
      ctx.addIssue({
        code: "custom",
        path: ["new_password"],
        message: profileMessages.passwordsSame,
      });
    }
    if (!PROFILE_PASSWORD_PATTERN.test(next)) {
      ctx.addIssue({
        code: "custom",
        path: ["new_password"],
        message: profileMessages.passwordRule,
      });
    } else if (next.length > PROFILE_PASSWORD_MAX) {
      ctx.addIssue({
        code: "custom",
        path: ["new_password"],
        message: profileMessages.passwordMax,
      });
    }
    if (input.confirm_password === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["confirm_password"],
        message: profileMessages.confirmRequired,
      });
    } else if (input.confirm_password !== next) {
      ctx.addIssue({
        code: "custom",
        path: ["confirm_password"],
        message: profileMessages.passwordsMustMatch,
      });
    }
  });

/**
 * PATCH auth/v1/update-profile/. Every field is optional; a present name must be valid. Password
 * fields that are empty count as absent (forms send them blank when the password is not changed).
 * Unknown keys (id, groups, email, profile, ...) are stripped and never applied. The password
 * rules sit on the other side of an intersection: a refinement on one object is skipped once any
 * of its fields fails, and a form must get every field's error at once.
 */
export const updateProfileInputSchema = z
  .intersection(profileFieldsSchema, passwordChangeSchema)
  .transform(({ old_password, current_password, ...rest }) => ({
    ...rest,
    current_password: current_password ?? old_password,
    /** The key the client used, so a wrong current password is reported on that field. */
    current_password_field:
      current_password === undefined && old_password !== undefined
        ? ("old_password" as const)
        : ("current_password" as const),
  }));
export type UpdateProfileData = z.output<typeof updateProfileInputSchema>;

/** The updated user; a password change adds a fresh token pair (every other session is revoked). */
export const updateProfileResultSchema = userSchema.extend({
  access_token: z.string().optional(),
  refresh_token: z.string().optional(),
});
export type UpdateProfileResult = z.infer<typeof updateProfileResultSchema>;
