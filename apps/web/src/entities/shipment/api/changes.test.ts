import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { shipmentChanged } from "./changes";
import { comparisonKeys, quotationKeys, sellerDashboardKey, shipmentKeys } from "./keys";

const seeded = () => {
  const queryClient = new QueryClient();
  const keys = {
    list: shipmentKeys.list("seller/active", { page: 1 }),
    detail7: shipmentKeys.detail(7),
    detail8: shipmentKeys.detail(8),
    bids7: quotationKeys.forShipment(7),
    bids8: quotationKeys.forShipment(8),
    comparison7: comparisonKeys.forShipment(7),
    dashboard: sellerDashboardKey,
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { queryClient, stale };
};

describe("shipmentChanged", () => {
  it("a change to one shipment's bids makes its bids, comparison, every shipment view and the dashboard stale", async () => {
    const { queryClient, stale } = seeded();
    await shipmentChanged.bidding(queryClient, 7);
    expect(stale()).toEqual(["bids7", "comparison7", "dashboard", "detail7", "detail8", "list"]);
  });

  it("a change to an order's details makes that shipment and the lists stale, nothing else", async () => {
    const { queryClient, stale } = seeded();
    await shipmentChanged.order(queryClient, 7);
    expect(stale()).toEqual(["detail7", "list"]);
  });

  it("a new shipment makes the lists and the dashboard stale, not anyone's bids", async () => {
    const { queryClient, stale } = seeded();
    await shipmentChanged.created(queryClient);
    expect(stale()).toEqual(["dashboard", "detail7", "detail8", "list"]);
  });
});
