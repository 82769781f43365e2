import { describe, expect, it } from "vitest";
import {
  DEFAULT_PAGE_SIZE,
  GROUPS,
  MAX_PAGE_SIZE,
  OTP_EXPIRY_MINUTES,
  OTP_LENGTH,
  OTP_MAX_TRIES,
  OTP_RESEND_SECONDS,
  REFRESH_TOKEN_TTL_REMEMBER_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  ACCESS_TOKEN_TTL_SECONDS,
  SHIPMENT_STATUSES,
  STORAGE_KEYS,
  errorBodySchema,
  flatListEnvelopeSchema,
  idSchema,
  isoDateSchema,
  listQuerySchema,
  moneySchema,
  nestedListEnvelopeSchema,
  successEnvelopeSchema,
} from "./common.js";
import { z } from "zod";

describe("constants", () => {
  it("match the spec", () => {
    expect(GROUPS).toEqual(["Seller", "Shipper", "Admin"]);
    expect(SHIPMENT_STATUSES).toEqual([
      "Shipment Pending",
      "Quotation Received",
      "Quotation Approved",
      "Quotation Accepted",
      "Shipment Completed",
      "Shipment Cancelled",
    ]);
    expect(OTP_LENGTH).toBe(4);
    expect(OTP_RESEND_SECONDS).toBe(120);
    expect(OTP_EXPIRY_MINUTES).toBe(10);
    expect(OTP_MAX_TRIES).toBe(5);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(15 * 60);
    expect(REFRESH_TOKEN_TTL_REMEMBER_SECONDS).toBe(30 * 24 * 3600);
    expect(REFRESH_TOKEN_TTL_SECONDS).toBe(24 * 3600);
    expect(STORAGE_KEYS).toMatchObject({
      accessToken: "AUTH_TOKEN",
      refreshToken: "REFRESH_TOKEN",
      user: "USER_DETAILS",
      twoFa: "TWO_FA",
    });
  });
});

describe("envelopes", () => {
  it("describe success, flat and nested lists and errors", () => {
    const pagination = { page: 1, pages: 1, per_page: 50, count: 1 };
    const base = { status: "success", status_code: 200, message: "ok" };
    expect(successEnvelopeSchema(z.number()).parse({ ...base, data: 1 })).toMatchObject({
      data: 1,
    });
    expect(
      flatListEnvelopeSchema(z.number()).safeParse({
        ...base,
        data: [1],
        pagination_option: pagination,
      }).success,
    ).toBe(true);
    expect(
      nestedListEnvelopeSchema(z.number()).safeParse({
        ...base,
        data: { data: [1], pagination_option: pagination },
      }).success,
    ).toBe(true);
    const error = {
      status: "error",
      status_code: 400,
      message: "Bad Request",
      errors: [{ field: "email", message: "Email is required" }, { message: "General" }],
    };
    expect(errorBodySchema.parse(error)).toEqual(error);
    expect(errorBodySchema.safeParse({ ...error, status: "success" }).success).toBe(false);
  });
});

describe("list query", () => {
  it("falls back to defaults for malformed paging and ignores bad ordering", () => {
    expect(listQuerySchema.parse({})).toMatchObject({ page: 1, per_page: DEFAULT_PAGE_SIZE });
    expect(
      listQuerySchema.parse({ page: "-3", per_page: "abc", ordering: "-undefined;drop" }),
    ).toMatchObject({ page: 1, per_page: DEFAULT_PAGE_SIZE, ordering: undefined });
    expect(listQuerySchema.parse({ per_page: "1000" }).per_page).toBe(MAX_PAGE_SIZE);
    expect(listQuerySchema.parse({ page: "2", per_page: "100" })).toMatchObject({
      page: 2,
      per_page: 100,
    });
    expect(listQuerySchema.parse({ ordering: "-created_at" }).ordering).toBe("-created_at");
    expect(listQuerySchema.parse({ search: "", shipment_ready_date: "" })).toMatchObject({
      search: undefined,
      shipment_ready_date: undefined,
    });
  });

  it("validates dates as yyyy-MM-dd", () => {
    expect(isoDateSchema.safeParse("2026-02-28").success).toBe(true);
    expect(isoDateSchema.safeParse("02/28/2026").error?.issues[0]?.message).toBe("Invalid date");
    expect(isoDateSchema.safeParse("2026-13-45").error?.issues[0]?.message).toBe("Invalid date");
  });
});

describe("ids and money", () => {
  it("accept ids as numbers or numeric strings", () => {
    expect(idSchema.parse("12")).toBe(12);
    expect(idSchema.parse(7)).toBe(7);
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) {
      expect(idSchema.safeParse(bad).error?.issues[0]?.message).toBe("Must be a number");
    }
  });

  it("money has two decimals", () => {
    expect(moneySchema.safeParse("1250.00").success).toBe(true);
    expect(moneySchema.safeParse("1250").success).toBe(false);
  });
});
