import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "@fba/contract/constants";
import { failure, fakeApi, success } from "../test/fake-api";
import { ApiError, api, buildUrl, prefetchGet, setLoggedOutHandler } from "./api-client";
import { formatApiError } from "./toast";

const loggedOut = vi.fn();

beforeEach(() => {
  loggedOut.mockReset();
  setLoggedOutHandler(loggedOut);
  localStorage.setItem(STORAGE_KEYS.accessToken, "old-access");
  localStorage.setItem(STORAGE_KEYS.refreshToken, "old-refresh");
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, groups: "Seller" }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends the stored access token as a bearer credential", async () => {
    const { calls } = fakeApi({ "GET seller/shipments/": success([]) });
    await api.get("seller/shipments/");
    expect(calls[0]?.authorization).toBe("Bearer old-access");
  });

  it("refreshes once on 401, stores the new pair and replays the request", async () => {
    const { calls } = fakeApi({
      "GET auth/v1/me/": (call) =>
        call.authorization === "Bearer new-access"
          ? success({ id: 1 })
          : failure(401, "Unauthorized", [{ message: "Token expired" }]),
      "POST auth/refresh-token/": success({
        access_token: "new-access",
        refresh_token: "new-refresh",
      }),
    });
    const result = await api.get<{ data: { id: number } }>("auth/v1/me/");
    expect(result.data.id).toBe(1);
    expect(calls.map((c) => `${c.method} ${c.path} ${c.authorization ?? "-"}`)).toEqual([
      "GET auth/v1/me/ Bearer old-access",
      "POST auth/refresh-token/ -",
      "GET auth/v1/me/ Bearer new-access",
    ]);
    expect(calls[1]?.body).toEqual({ refresh: "old-refresh" });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe("new-access");
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe("new-refresh");
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it("shares one refresh between concurrent 401s", async () => {
    const { calls } = fakeApi({
      "GET a/": (call) =>
        call.authorization === "Bearer new-access" ? success("a") : failure(401, "Unauthorized"),
      "GET b/": (call) =>
        call.authorization === "Bearer new-access" ? success("b") : failure(401, "Unauthorized"),
      "POST auth/refresh-token/": success({
        access_token: "new-access",
        refresh_token: "new-refresh",
      }),
    });
    const [a, b] = await Promise.all([
      api.get<{ data: string }>("a/"),
      api.get<{ data: string }>("b/"),
    ]);
    expect([a.data, b.data]).toEqual(["a", "b"]);
    expect(calls.filter((c) => c.path === "auth/refresh-token/")).toHaveLength(1);
  });

  it("clears the session and logs out when the refresh fails", async () => {
    fakeApi({
      "GET auth/v1/me/": failure(401, "Unauthorized"),
      "POST auth/refresh-token/": failure(401, "Session expired"),
    });
    await expect(api.get("auth/v1/me/")).rejects.toMatchObject({ status: 401 });
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it("keeps a pair stored while its refresh failed (a password change ended the old session)", async () => {
    const { calls } = fakeApi({
      "GET auth/v1/me/": (call) =>
        call.authorization === "Bearer changed-access"
          ? success({ id: 1 })
          : failure(401, "Unauthorized"),
      "POST auth/refresh-token/": () => {
        // The profile save's answer lands while the old refresh token is being refused.
        localStorage.setItem(STORAGE_KEYS.accessToken, "changed-access");
        localStorage.setItem(STORAGE_KEYS.refreshToken, "changed-refresh");
        return failure(401, "Session expired");
      },
    });
    const result = await api.get<{ data: { id: number } }>("auth/v1/me/");
    expect(result.data.id).toBe(1);
    expect(calls.map((c) => c.authorization ?? "-")).toEqual([
      "Bearer old-access",
      "-",
      "Bearer changed-access",
    ]);
    expect(loggedOut).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe("changed-refresh");
  });

  it("logs out on a 401 when no token is stored", async () => {
    localStorage.clear();
    const { calls } = fakeApi({ "GET auth/v1/me/": failure(401, "Unauthorized") });
    await expect(api.get("auth/v1/me/")).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it("turns an error body into an ApiError with its field errors", async () => {
    fakeApi({
      "POST shipments/": failure(400, "Bad Request", [
        { field: "product_name", message: "Product name is required" },
      ]),
    });
    const error = await api.post("shipments/", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: "Bad Request",
      errors: [{ field: "product_name", message: "Product name is required" }],
    });
    expect(formatApiError(error)).toBe("Bad Request\nProduct name is required");
  });

  it("reads error_messages bodies as a numbered 'Validation Error' list", async () => {
    fakeApi({
      "POST shipments/": {
        status: 400,
        body: { status: 400, error_messages: ["Date is required", "Address is required"] },
      },
    });
    const error = await api.post("shipments/", {}).catch((e: unknown) => e);
    expect(formatApiError(error)).toBe(
      "Validation Error\n1. Date is required\n2. Address is required",
    );
  });

  it("does not number a single validation message", () => {
    const error = new ApiError(400, "Bad Request", [], ["Date is required"]);
    expect(formatApiError(error)).toBe("Validation Error\nDate is required");
  });

  it("reports an unreachable server as an ApiError with status 0", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(api.get("seller/shipments/")).rejects.toMatchObject({ status: 0 });
  });
});

describe("buildUrl", () => {
  it("drops empty parameters and escapes ampersands", () => {
    expect(
      buildUrl("/seller/shipments/", { page: 1, search: "A&B", ordering: "", date: null }),
    ).toBe("/api/seller/shipments/?page=1&search=A%26B");
  });
});

describe("prefetchGet", () => {
  it("hands a GET started early to the first matching api.get, then asks again", async () => {
    const { calls } = fakeApi({ "GET seller/shipments/": success([{ id: 3 }]) });
    prefetchGet({ path: "seller/shipments/", query: { page: 1, per_page: 50 } });
    expect(calls).toHaveLength(1);
    const first = await api.get<{ data: { id: number }[] }>("seller/shipments/", {
      page: 1,
      per_page: 50,
    });
    expect(first.data[0]?.id).toBe(3);
    expect(calls).toHaveLength(1);
    // Another page is another URL; the same URL again is a fresh request.
    await api.get("seller/shipments/", { page: 2, per_page: 50 });
    await api.get("seller/shipments/", { page: 1, per_page: 50 });
    expect(calls).toHaveLength(3);
  });

  it("passes an early failure to the screen that takes it", async () => {
    fakeApi({ "GET shipments/9/": failure(403, "You cannot view this shipment right now.") });
    prefetchGet({ path: "shipments/9/" });
    await expect(api.get("shipments/9/")).rejects.toMatchObject({ status: 403 });
  });

  it("sends nothing without a signed-in user", () => {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    const { calls } = fakeApi({});
    prefetchGet({ path: "auth/v1/me/" });
    expect(calls).toHaveLength(0);
  });
});
