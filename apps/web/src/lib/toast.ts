import type { ToastOptions } from "react-toastify";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";

// Multi-line toasts (a general message followed by field messages) keep their line breaks.
const multiline: ToastOptions = { style: { whiteSpace: "pre-line" } };

/**
 * react-toastify and the toast host load with the first toast, not with the first page: a toast
 * asked for before its container is up waits in react-toastify's queue and shows once it mounts.
 */
let hostWanted = false;
const hostListeners = new Set<() => void>();
export const toastHost = {
  subscribe(listener: () => void) {
    hostListeners.add(listener);
    return () => void hostListeners.delete(listener);
  },
  wanted: () => hostWanted,
};

type Kind = "success" | "error" | "info";
function show(kind: Kind, message: string, options?: ToastOptions) {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of hostListeners) listener();
  }
  // The text in the app's language (i18n/toast-text.ts), loaded with the toast, not the page.
  // A catalog that cannot be fetched leaves the text as it is rather than losing the toast.
  const text = import("../i18n/toast-text").then(
    ({ translateToast }) => translateToast(message),
    () => message,
  );
  void Promise.all([import("react-toastify"), text.catch(() => message)]).then(
    ([{ toast }, shown]) => toast[kind](shown, options),
  );
}

export const notify = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message, multiline),
  info: (message: string) => show("info", message),
};

export const VALIDATION_ERROR_HEADING = "Validation Error";

/** The text of an API error toast: the general message plus each field message. */
export function formatApiError(error: unknown): string {
  if (!(error instanceof ApiError)) return "Something went wrong";
  if (error.validationMessages.length > 0) {
    const lines =
      error.validationMessages.length === 1
        ? error.validationMessages
        : error.validationMessages.map((message, index) => `${index + 1}. ${message}`);
    return [VALIDATION_ERROR_HEADING, ...lines].join("\n");
  }
  const details = error.errors.map((e) => e.message).filter((m) => m !== error.message);
  return [error.message, ...new Set(details)].join("\n");
}

/** Shows an API error as a toast. */
export function toastApiError(error: unknown) {
  notify.error(formatApiError(error));
}

/** Attaches server field errors to the matching form fields; returns true if any matched. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[] | "any",
  /** Server field names the form knows by another name. */
  renamed: Readonly<Record<string, string>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  let matched = false;
  for (const fieldError of error.errors) {
    const field = fieldError.field ? (renamed[fieldError.field] ?? fieldError.field) : undefined;
    if (field && (fields === "any" || fields.includes(field))) {
      setError(field as Path<T>, { type: "server", message: fieldError.message });
      matched = true;
    }
  }
  return matched;
}
