import { toast } from "react-toastify";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";

export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
};

/** Shows an API error as a toast (general message plus each field message). */
export function toastApiError(error: unknown) {
  if (error instanceof ApiError) {
    const details = error.errors.map((e) => e.message).filter((m) => m !== error.message);
    toast.error([error.message, ...details].join("\n"));
  } else {
    toast.error("Something went wrong");
  }
}

/** Attaches server field errors to the matching form fields; returns true if any matched. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let matched = false;
  for (const fieldError of error.errors) {
    if (fieldError.field && fields.includes(fieldError.field)) {
      setError(fieldError.field as Path<T>, { type: "server", message: fieldError.message });
      matched = true;
    }
  }
  return matched;
}
