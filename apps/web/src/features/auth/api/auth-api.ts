import type {
  AuthResult,
  LoginInput,
  OtpSent,
  PasswordInitInput,
  PasswordResetInput,
  PasswordResetResult,
  RegisterInput,
  SendOtpInput,
  SuccessEnvelope,
  VerifyOtpInput,
} from "@fba/contract";
import { apiRequest } from "../../../lib/api-client";

// Account calls are made without a bearer token: a stale session must not interfere with them.
const post = <T>(path: string, body: unknown) =>
  apiRequest<SuccessEnvelope<T>>(path, { method: "POST", body, anonymous: true });

export const login = (input: LoginInput) => post<AuthResult>("auth/login/", input);

export const register = (input: RegisterInput) => post<AuthResult>("auth/register/", input);

export const startPasswordReset = (input: PasswordInitInput) =>
  post<OtpSent>("auth/password-init/", { channel: "EMAIL", ...input });

export const resendOtp = (input: SendOtpInput) =>
  post<OtpSent>("auth/send-otp/", { channel: "EMAIL", otp_for: "FORGOT_PASSWORD", ...input });

export const verifyOtp = (input: VerifyOtpInput) =>
  post<unknown>("auth/verify-otp/", { channel: "EMAIL", ...input });

/** Answers the account's group (null from servers that predate it). */
export const resetPassword = (input: PasswordResetInput) =>
  post<PasswordResetResult | null>("auth/password-reset/", input);
