import { beforeEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@fba/contract/constants";
import { fakeApi, success } from "../test/fake-api";
import { listParamsFromUrl, SHIPPER_PAGE_SIZE } from "../components/data-table/use-list-state";
import { listShipments } from "../entities/shipment/api/list-shipments";
import { getShipment } from "../entities/shipment/api/get-shipment";
import { listQuotations } from "../entities/shipment/api/quotations";
import { getMe } from "../lib/me";
import type { RouteObject } from "react-router";
import { paths } from "./paths";
import { preloadRoute, routeTitle, routes } from "./router";

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.accessToken, "access");
});

/** Each screen's first read takes the answer the router started early: one request, not two. */
describe("preloadRoute", () => {
  it("starts the seller's active list exactly as the list screen asks for it", async () => {
    const { calls } = fakeApi({
      "GET auth/v1/me/": success({ id: 1 }),
      "GET seller/shipments/": success([]),
    });
    preloadRoute("/seller/booking");
    // The list keeps its state in the page address and asks for each row's destinations.
    await listShipments(
      "sellerActive",
      listParamsFromUrl(new URLSearchParams(), { with: "destinations" }),
    );
    await getMe();
    expect(calls.map((call) => call.path)).toEqual(["auth/v1/me/", "seller/shipments/"]);
  });

  it("starts the agent's first page with the agent's page size", async () => {
    const { calls } = fakeApi({
      "GET auth/v1/me/": success({ id: 1 }),
      "GET shipper/shipments/": success([]),
    });
    preloadRoute("/shipper/dashboard");
    await listShipments(
      "shipperPending",
      listParamsFromUrl(new URLSearchParams(), { per_page: SHIPPER_PAGE_SIZE }),
    );
    expect(calls.filter((call) => call.path === "shipper/shipments/")).toHaveLength(1);
  });

  it("starts a seller's shipment and its bids", async () => {
    const { calls } = fakeApi({
      "GET auth/v1/me/": success({ id: 1 }),
      "GET shipments/7/": success({ id: 7 }),
      "GET quotations/": success([]),
    });
    preloadRoute("/seller/booking/order/status/7");
    await getShipment(7);
    await listQuotations(7);
    expect(calls.filter((call) => call.path !== "auth/v1/me/").map((call) => call.path)).toEqual([
      "shipments/7/",
      "quotations/",
    ]);
  });
});

describe("routes", () => {
  it("are exactly the paths of app/paths, each declared once", () => {
    const declared: string[] = [];
    const walk = (list: RouteObject[]) => {
      for (const route of list) {
        if (route.path) declared.push(route.path);
        if (route.children) walk(route.children);
      }
    };
    walk(routes);
    const named = Object.values(paths).flatMap((value) =>
      typeof value === "string" ? [value] : Object.values(value),
    );
    expect([...declared].sort()).toEqual([...named].sort());
  });

  it("title each page by its deepest named route", () => {
    expect(routeTitle("/")).toBe("Home");
    expect(routeTitle("/seller/booking")).toBe("Active Shipments");
    expect(routeTitle("/seller/booking/order/status/31")).toBe("Shipment Details");
    expect(routeTitle("/no-such-page")).toBe("Page not found");
  });
});
