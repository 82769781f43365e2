import type { FieldError } from "@fba/contract";

export type ErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "RATE_LIMITED"
  | "INSUFFICIENT_STORAGE"
  | "UNAVAILABLE"
  | "INTERNAL";

const statusByCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
  INTERNAL: 500,
};

const defaultMessage: Record<ErrorCode, string> = {
  BAD_REQUEST: "Bad Request",
  UNAUTHORIZED: "Authentication credentials were not provided or are invalid",
  FORBIDDEN: "You do not have permission to perform this action",
  NOT_FOUND: "Not found",
  CONFLICT: "Conflict",
  PAYLOAD_TOO_LARGE: "Payload too large",
  UNSUPPORTED_MEDIA_TYPE: "Unsupported file format",
  RATE_LIMITED: "Too many requests, please try again later",
  INSUFFICIENT_STORAGE: "The server is out of storage space, please try again later",
  UNAVAILABLE: "Service temporarily unavailable",
  INTERNAL: "Something went wrong",
};

/** The one error type services throw; the error handler turns it into the contract's error body. */
/**
 * Validation issues as the contract's field errors: every invalid field at once, the first
 * message of each. Route schemas and hand-parsed bodies (multipart forms) answer alike.
 */
export function fieldErrors(
  issues: Iterable<{ field: string | undefined; message: string }>,
): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const { field, message } of issues) {
    const key = field ?? "";
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(field ? { field, message } : { message });
  }
  return errors;
}

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fields: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? defaultMessage[code]);
    this.statusCode = statusByCode[code];
  }

  static badRequest(fields: FieldError[] | string, message = "Bad Request"): AppError {
    const list = typeof fields === "string" ? [{ message: fields }] : fields;
    return new AppError("BAD_REQUEST", message, list);
  }
  static field(field: string, message: string): AppError {
    return new AppError("BAD_REQUEST", "Bad Request", [{ field, message }]);
  }
  static unauthorized(message?: string): AppError {
    return new AppError("UNAUTHORIZED", message);
  }
  static forbidden(message?: string): AppError {
    return new AppError("FORBIDDEN", message);
  }
  static notFound(message = "Not found"): AppError {
    return new AppError("NOT_FOUND", message);
  }
  static conflict(message: string): AppError {
    return new AppError("CONFLICT", message, [{ message }]);
  }
}

export const defaultErrorMessage = (code: ErrorCode) => defaultMessage[code];
