import type { FastifyReply } from "fastify";
import {
  DEFAULT_SUCCESS_MESSAGE,
  toAmount,
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

function paginationOption<T>(list: Page<T>): PaginationOption {
  const { page, perPage, count } = list;
  const option: PaginationOption = {
    page,
    pages: Math.max(1, Math.ceil(count / perPage)),
    per_page: perPage,
    count,
  };
  if (list.countIsCapped !== undefined) option.count_is_capped = list.countIsCapped;
  if (list.hasMore !== undefined) option.has_more = list.hasMore;
  return option;
}

export interface Page<T> {
  rows: T[];
  /** Matching rows; with countIsCapped, the cap (there are more). */
  count: number;
  page: number;
  perPage: number;
  /** Lists that count up to a cap (LIST_COUNT_CAP, SEARCH_COUNT_CAP) say whether they stopped there... */
  countIsCapped?: boolean;
  /** ...and whether rows follow this page. */
  hasMore?: boolean;
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
    pagination_option: paginationOption(page),
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
      pagination_option: paginationOption(page),
    },
  };
}

/** Money columns come back from PostgreSQL as strings; the wire wants exactly two decimals. */
export function money(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return toAmount(value);
}
