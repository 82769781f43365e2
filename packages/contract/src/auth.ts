import { z } from "zod";
import { text } from "./text.js";
import { GROUPS, SELF_SERVICE_GROUPS } from "./common.js";
import { isLongEnoughName, isPersonName } from "./values/letters.js";
import { LOCALES, type Locale } from "./locales.js";

const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const messages = {
  firstNameRequired: "First name is required",
  firstNameAlpha: "First name can only contain alphabets",
  firstNameMin: "First name must be at least 2 characters",
  firstNameMax: "First name cannot exceed 50 characters",
  lastNameRequired: "Last name is required",
  lastNameAlpha: "Last name can only contain alphabets",
  lastNameMin: "Last name must be at least 2 characters",
  lastNameMax: "Last name cannot exceed 50 characters",
  emailRequired: "Email is required",
  emailInvalid: "Invalid email format",
  emailInvalidLogin: "Invalid email address",
  emailMax: "Email cannot exceed 50 characters",
  passwordRequired: "Password is required",
  passwordMin: "Password must be at least 8 characters",
  passwordMax: "Password should not exceed 32 characters",
  passwordLower: "Atleast one small letter",
  passwordUpper: "Atleast one capital letter",
  passwordNumber: "Atleast one number",
  passwordSpecial: "Atleast one special character",
  passwordsMustMatch: "Passwords must match",
  otpRequired: "Otp is required",
  otpDigits: "Otp must be 4 digits",
  phoneInvalid: "Phone number is inavalid",
  groupInvalid: "Select Customer or Shipment Agent",
  wrongGroup: "This account is not registered for the selected tab",
  invalidCredentials: "Invalid email or password",
  accountDisabled: "This account has been disabled",
  emailTaken: "An account with this email already exists",
  otpWrong: "Invalid or expired code",
  otpResendTooSoon: "Please wait before requesting a new code",
  recoveryPaused:
    "Too many wrong codes: password recovery for this email is paused for up to 24 hours",
  passwordResetDone: "Your password has been successfully reset.",
  otpSent: "If an account exists for this email, a code has been sent",
  currentPasswordWrong: "Current password is incorrect",
  passwordsMustDiffer: "Current password and new password must be different",
  refreshRequired: "Refresh token is required",
  refreshInvalid: "Your session has expired, please log in again",
  loggedIn: "Logged in successfully",
  registered: "Account created successfully",
  loggedOut: "Logged out successfully",
  tokenRefreshed: "Token refreshed successfully",
  otpVerified: "Code verified successfully",
  passwordChanged: "Password changed successfully",
} as const;

/** A string that must be present: missing, null and blank all give the same required message. */
export const requiredString = (required: string) =>
  text({ error: required }).trim().min(1, { error: required, abort: true });

/** A name in any script; a hyphen or apostrophe may join letters; other characters keep the spec's message. */
const personNameSchema = (required: string, min: string, max: string, letters: string) =>
  requiredString(required)
    .refine((value) => isLongEnoughName(value, 2), { error: min, abort: true })
    .max(50, { error: max, abort: true })
    .refine(isPersonName, letters);

export const firstNameSchema = personNameSchema(
  messages.firstNameRequired,
  messages.firstNameMin,
  messages.firstNameMax,
  messages.firstNameAlpha,
);

export const lastNameSchema = personNameSchema(
  messages.lastNameRequired,
  messages.lastNameMin,
  messages.lastNameMax,
  messages.lastNameAlpha,
);

export const emailSchema = requiredString(messages.emailRequired)
  .max(50, { error: messages.emailMax, abort: true })
  .regex(EMAIL_PATTERN, messages.emailInvalid)
  .toLowerCase();

export const loginEmailSchema = requiredString(messages.emailRequired)
  .max(254, { error: messages.emailInvalidLogin, abort: true })
  .regex(EMAIL_PATTERN, messages.emailInvalidLogin)
  .toLowerCase();

/** The password rule of sign-up, reset and change. Each unmet rule is its own message. */
export const passwordSchema = text({ error: messages.passwordRequired })
  .min(1, { error: messages.passwordRequired, abort: true })
  .min(8, { error: messages.passwordMin, abort: true })
  .max(32, { error: messages.passwordMax, abort: true })
  .regex(/[a-z]/, { error: messages.passwordLower, abort: true })
  .regex(/[A-Z]/, { error: messages.passwordUpper, abort: true })
  .regex(/[0-9]/, { error: messages.passwordNumber, abort: true })
  .regex(/[^A-Za-z0-9]/, { error: messages.passwordSpecial, abort: true });

export const otpSchema = text({ error: messages.otpRequired })
  .trim()
  .min(1, { error: messages.otpRequired, abort: true })
  .regex(/^\d{4}$/, messages.otpDigits);

const groupSchema = z.enum(GROUPS, { error: messages.groupInvalid });
const selfServiceGroupSchema = z.enum(SELF_SERVICE_GROUPS, { error: messages.groupInvalid });

export const loginInputSchema = z.object({
  email: loginEmailSchema,
  password: text({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(128, messages.passwordMax),
  group: selfServiceGroupSchema,
  remember: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const registerInputSchema = z.object({
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  email: emailSchema,
  password: passwordSchema,
  groups: selfServiceGroupSchema,
});
export type RegisterInput = z.input<typeof registerInputSchema>;

export const refreshInputSchema = z.object({
  refresh: requiredString(messages.refreshRequired).max(512, messages.refreshInvalid),
});
export const logoutInputSchema = refreshInputSchema;

const OTP_CHANNELS = ["EMAIL"] as const;
const OTP_PURPOSES = ["FORGOT_PASSWORD"] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
const channelSchema = z
  .enum(OTP_CHANNELS, { error: "Channel must be EMAIL" })
  .optional()
  .default("EMAIL");

export const passwordInitInputSchema = z.object({ email: emailSchema, channel: channelSchema });
export type PasswordInitInput = z.input<typeof passwordInitInputSchema>;

export const sendOtpInputSchema = z.object({
  email: emailSchema,
  channel: channelSchema,
  otp_for: z
    .enum(OTP_PURPOSES, { error: "otp_for must be FORGOT_PASSWORD" })
    .optional()
    .default("FORGOT_PASSWORD"),
});
export type SendOtpInput = z.input<typeof sendOtpInputSchema>;

export const verifyOtpInputSchema = z.object({
  email: emailSchema,
  otp: otpSchema,
  channel: channelSchema,
});
export type VerifyOtpInput = z.input<typeof verifyOtpInputSchema>;

const confirmPasswordSchema = text({ error: messages.passwordsMustMatch }).max(
  128,
  messages.passwordsMustMatch,
);

/**
 * Adds the "Passwords must match" check beside an object's own field checks. It sits on the other
 * side of an intersection because a refinement on the object itself is skipped as soon as any
 * field fails, and a form must get every error at once.
 */
function withMatchingConfirm<T extends z.ZodType>(fields: T) {
  const confirmation = z
    .object({ password: z.unknown().optional(), confirm_password: z.unknown().optional() })
    .refine((v) => v.password === v.confirm_password, {
      path: ["confirm_password"],
      message: messages.passwordsMustMatch,
      when: (payload) => {
        const value = payload.value as Record<string, unknown> | null;
        return typeof value?.password === "string" && typeof value?.confirm_password === "string";
      },
    })
    .transform(() => ({}));
  return z.intersection(fields, confirmation);
}

export const newPasswordWithConfirmSchema = withMatchingConfirm(
  z.object({ password: passwordSchema, confirm_password: confirmPasswordSchema }),
);

export const passwordResetInputSchema = withMatchingConfirm(
  z.object({
    email: emailSchema,
    otp: otpSchema,
    password: passwordSchema,
    confirm_password: confirmPasswordSchema,
  }),
);
export type PasswordResetInput = z.input<typeof passwordResetInputSchema>;

/**
 * What a successful reset answers: the account's group, so the login form can open on the right
 * tab with the email filled in (only the holder of a valid code gets it).
 */
export const passwordResetResultSchema = z.object({ group: z.enum(GROUPS) });
export type PasswordResetResult = z.infer<typeof passwordResetResultSchema>;

export const changePasswordInputSchema = z
  .object({
    old_password: text({ error: messages.passwordRequired })
      .min(1, { error: messages.passwordRequired, abort: true })
      .max(128, messages.currentPasswordWrong),
    new_password: passwordSchema,
  })
  .refine((v) => v.old_password !== v.new_password, {
    path: ["new_password"],
    message: messages.passwordsMustDiffer,
    when: (payload) => {
      const value = payload.value as Record<string, unknown> | null;
      return typeof value?.old_password === "string" && typeof value?.new_password === "string";
    },
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** The languages an account can read the app in. */
export const USER_LOCALES = LOCALES;
export type UserLocale = Locale;

export const userSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  groups: groupSchema,
  image: z.string().nullable(),
  profile: z.object({ phone: z.string().nullable(), company_name: z.string().nullable() }),
  email_notifications: z.boolean(),
  /** Emails about order milestones (live notifications always arrive); additive. */
  milestone_emails: z.boolean(),
  /** The language chosen for the account ("en", "zh-CN"), null until chosen; additive. */
  locale: z.enum(USER_LOCALES).nullable().optional(),
  is_active: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const authResultSchema = z.object({
  user: userSchema,
  access_token: z.string(),
  refresh_token: z.string(),
});
export type AuthResult = z.infer<typeof authResultSchema>;

export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** Answer of password-init and send-otp: identical whether or not the email has an account. */
export const otpSentSchema = z.object({
  email: z.string(),
  channel: z.enum(OTP_CHANNELS),
  /** Seconds until send-otp will issue another code. */
  resend_after: z.number().int(),
});
export type OtpSent = z.infer<typeof otpSentSchema>;

export const otpVerifiedSchema = z.object({ verified: z.literal(true) });
