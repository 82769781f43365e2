import type { FastifyReply } from "fastify";
import {
  DEFAULT_SUCCESS_MESSAGE,
  type FlatList,
  type NestedList,
  type PaginationOption,
  type SuccessEnvelope,
} from "@fba/contract";

/** Success envelope: the HTTP status equals status_code. */
export function ok<T>(
  reply: FastifyReply,
  data: T,
  message = DEFAULT_SUCCESS_MESSAGE,
  statusCode = 200,
): SuccessEnvelope<T> {
  reply.code(statusCode);
  return { status: "success", status_code: statusCode, message, data };
}

export function created<T>(
  reply: FastifyReply,
  data: T,
  message = "Created successfully",
): SuccessEnvelope<T> {
  return ok(reply, data, message, 201);
}

function paginationOption(page: number, perPage: number, count: number): PaginationOption {
  return { page, pages: Math.max(1, Math.ceil(count / perPage)), per_page: perPage, count };
}

export interface Page<T> {
  rows: T[];
  count: number;
  page: number;
  perPage: number;
}

export function flatList<T>(
  reply: FastifyReply,
  page: Page<T>,
  message = "Fetched successfully",
): FlatList<T> {
  reply.code(200);
  return {
    status: "success",
    status_code: 200,
    message,
    data: page.rows,
    pagination_option: paginationOption(page.page, page.perPage, page.count),
  };
}

export function nestedList<T>(
  reply: FastifyReply,
  page: Page<T>,
  message = "Fetched successfully",
): NestedList<T> {
  reply.code(200);
  return {
    status: "success",
    status_code: 200,
    message,
    data: {
      data: page.rows,
      pagination_option: paginationOption(page.page, page.perPage, page.count),
    },
  };
}

/** Money columns come back from PostgreSQL as strings; the wire wants exactly two decimals. */
export function money(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return Number(value).toFixed(2);
}
