import { messages } from "@fba/contract";
import { AppError } from "../../lib/errors.js";

/** The auth module's refusals, worded as the contract's messages. */
export const invalidCredentials = () =>
  new AppError("BAD_REQUEST", messages.invalidCredentials, [
    { message: messages.invalidCredentials },
  ]);
export const invalidSession = () =>
  new AppError("UNAUTHORIZED", messages.refreshInvalid, [{ message: messages.refreshInvalid }]);
/** Answers to a recovery code that was tried and was wrong (they spend the address's budget). */
const wrongCodeAnswers = new WeakSet<AppError>();
export const wrongCode = (error: AppError) => {
  wrongCodeAnswers.add(error);
  return error;
};
/** Whether a recovery call failed because the code it tried was wrong. */
export const isWrongCodeAnswer = (error: unknown): boolean =>
  error instanceof AppError && wrongCodeAnswers.has(error);
export const invalidOtp = () =>
  wrongCode(
    new AppError("BAD_REQUEST", messages.otpWrong, [{ field: "otp", message: messages.otpWrong }]),
  );
/** The same answer for an address with or without an account. */
export const recoveryPaused = (until: Date, field: "otp" | "email") =>
  new AppError(
    "RATE_LIMITED",
    messages.recoveryPaused,
    [{ field, message: messages.recoveryPaused }],
    { "Retry-After": String(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000))) },
  );
