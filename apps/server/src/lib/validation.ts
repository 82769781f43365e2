import type { z } from "zod";
import { AppError, fieldErrors } from "./errors.js";

/**
 * Validates input that cannot go through the route schema (multipart forms). Errors take the same
 * shape as schema errors: every invalid field at once, the first message of each.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw AppError.badRequest(
    fieldErrors(
      result.error.issues.map((issue) => ({
        field: issue.path.map(String).join(".") || undefined,
        message: issue.message,
      })),
    ),
  );
}
