import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody, FieldError } from "@fba/contract";
import { AppError, defaultErrorMessage, fieldErrors, type ErrorCode } from "../lib/errors.js";
import { isDatabaseUnavailable } from "./overload.js";

function fieldFromPath(instancePath: string): string | undefined {
  const field = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return field === "" ? undefined : field;
}

function body(statusCode: number, message: string, errors: FieldError[]): ErrorBody {
  return { status: "error", status_code: statusCode, message, errors };
}

const codeByStatus: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
  503: "UNAVAILABLE",
};

/**
 * Failures Fastify meets before routing (a path that does not decode as UTF-8, a path parameter
 * over the router's limit) skip the error handler; they get the contract's 400 body too.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message =
    error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "Path parameter is too long" : "Malformed URL";
  void reply.code(400).send(body(400, "Bad Request", [{ message }]));
}

/** One error handler: every failure leaves as the contract's error body; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.code(error.statusCode).send(body(error.statusCode, error.message, error.fields));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(
        error.validation.map((issue) => ({
          field: fieldFromPath(issue.instancePath),
          message: issue.message ?? "Invalid value",
        })),
      );
      return reply.code(400).send(body(400, "Bad Request", errors));
    }

    const fastifyError = error as FastifyError;
    // A client that drops its connection mid-body (ECONNRESET, status 400) is the client's doing,
    // not an unreachable database.
    const isClientError =
      typeof fastifyError.statusCode === "number" &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500;
    const statusCode =
      !isClientError && isDatabaseUnavailable(error) ? 503 : (fastifyError.statusCode ?? 500);
    if (statusCode >= 400 && statusCode < 500) {
      const code = codeByStatus[statusCode] ?? "BAD_REQUEST";
      let message = defaultErrorMessage(code);
      if (fastifyError.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) {
        message = "Malformed JSON body";
      } else if (statusCode === 429) {
        message = fastifyError.message || message;
      }
      return reply.code(statusCode).send(body(statusCode, message, [{ message }]));
    }

    const unavailable = statusCode === 503;
    request.log.error({ err: error }, unavailable ? "service unavailable" : "unhandled error");
    const finalStatus = unavailable ? 503 : 500;
    const message = defaultErrorMessage(unavailable ? "UNAVAILABLE" : "INTERNAL");
    if (unavailable) reply.header("Retry-After", "5");
    return reply.code(finalStatus).send(body(finalStatus, message, [{ message }]));
  });
}
