import type { FieldError } from "@fba/contract";
import type { z } from "zod";
import { AppError } from "../../lib/errors.js";

/**
 * Validates input that cannot go through the route schema (multipart forms). Errors take the same
 * shape as schema errors: every invalid field at once, the first message of each.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join(".");
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push(field ? { field, message: issue.message } : { message: issue.message });
  }
  throw AppError.badRequest(errors);
}
