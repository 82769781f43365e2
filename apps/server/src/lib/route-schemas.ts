import { serializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../config.js";
import { errorBodySchema, flatListEnvelopeSchema, successEnvelopeSchema } from "@fba/contract";

/**
 * Response schemas document the wire in OpenAPI; the bodies are built from the contract's types
 * by presenters, so they are written with plain JSON.stringify instead of being validated again
 * on every response (a page of 50 shipments would otherwise be re-parsed per request). Under test
 * every body is still checked against its declared schema: a mismatch fails with a 500.
 */
export function plainJson(
  config: Pick<Config, "NODE_ENV">,
): (route: { schema: unknown }) => (data: unknown) => string {
  if (config.NODE_ENV === "test") {
    return serializerCompiler as unknown as (route: {
      schema: unknown;
    }) => (data: unknown) => string;
  }
  return () => (data) => JSON.stringify(data);
}

const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export const bearer = [{ bearer: [] }];

export function objectResponse<T extends z.ZodType>(schema: T) {
  return { 200: successEnvelopeSchema(schema), ...errorResponses };
}

export function createdResponse<T extends z.ZodType>(schema: T) {
  return { 201: successEnvelopeSchema(schema), ...errorResponses };
}

export function listResponse<T extends z.ZodType>(schema: T) {
  return { 200: flatListEnvelopeSchema(schema), ...errorResponses };
}
