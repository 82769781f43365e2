import { describe, expect, it } from "vitest";
import { isMenuItemActive, MENUS, visibleMenu } from "./menus";

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe("menus", () => {
  it("gives each role the spec's entries, then the product's own", () => {
    expect(labels(MENUS.Shipper)).toEqual([
      "Pending Quotations",
      "Current Shipments",
      "Completed Shipments",
      "Shipments History",
      "Sample Shipment",
      "Announcement",
      "Average Costs",
    ]);
    expect(labels(MENUS.Admin)).toEqual([
      "Dashboard",
      "Users",
      "Warehouses",
      "Disputes",
      "Announcements",
    ]);
  });

  it("shows the seller's Sample Shipment entry only on the seller dashboard (spec)", () => {
    const entries = [
      "Dashboard",
      "Active Shipments",
      "Sample Shipment",
      "Completed Shipments",
      "Cancelled Shipments",
    ];
    expect(labels(visibleMenu("Seller", "/seller/dashboard"))).toEqual(entries);
    const elsewhere = entries.filter((label) => label !== "Sample Shipment");
    expect(labels(visibleMenu("Seller", "/seller/booking"))).toEqual(elsewhere);
    expect(labels(visibleMenu("Seller", "/seller/booking/order/status/4"))).toEqual(elsewhere);
  });

  it("highlights the seller's shipment page opened without src by the shipment's state", () => {
    const active = (status?: Parameters<typeof isMenuItemActive>[3]) =>
      MENUS.Seller.filter((item) =>
        isMenuItemActive(item, "/seller/booking/order/status/4", "", status),
      ).map((i) => i.label);
    expect(active("Quotation Received")).toEqual(["Active Shipments"]);
    expect(active("Shipment Pending")).toEqual(["Active Shipments"]);
    expect(active("Quotation Accepted")).toEqual(["Active Shipments"]);
    expect(active("Shipment Completed")).toEqual(["Completed Shipments"]);
    expect(active("Shipment Cancelled")).toEqual(["Cancelled Shipments"]);
    // Unknown yet: the spec's no-src page, the completed one.
    expect(active()).toEqual(["Completed Shipments"]);
  });

  it("highlights the entry of the current list and of its detail pages", () => {
    const [pending, current, completed, history] = MENUS.Shipper;
    expect(isMenuItemActive(pending!, "/shipper/bid/12/")).toBe(true);
    expect(isMenuItemActive(current!, "/shipper/dashboard/orders/")).toBe(true);
    expect(isMenuItemActive(current!, "/shipper/dashboard/orders/pastorders")).toBe(false);
    expect(isMenuItemActive(completed!, "/shipper/dashboard/orders/pastorders/status/4")).toBe(
      true,
    );
    expect(isMenuItemActive(history!, "/shipper/dashboard/orders/shipmenthistories/status/4")).toBe(
      true,
    );
    expect(isMenuItemActive(pending!, "/shipper/dashboard/orders")).toBe(false);
  });

  it("highlights the list a shared detail page was opened from, by its src", () => {
    const active = (group: "Seller" | "Shipper", path: string, search = "") =>
      MENUS[group].filter((item) => isMenuItemActive(item, path, search)).map((i) => i.label);
    // The agent's order page also shows sample shipments.
    expect(active("Shipper", "/shipper/dashboard/orders/status/4/", "?src=accepted")).toEqual([
      "Current Shipments",
    ]);
    expect(
      active("Shipper", "/shipper/dashboard/orders/status/4/", "?src=sampleShipments"),
    ).toEqual(["Sample Shipment"]);
    // The seller's shipment page: no src for completed orders (spec), cancelledorders for cancelled.
    expect(active("Seller", "/seller/booking/order/status/4")).toEqual(["Completed Shipments"]);
    expect(active("Seller", "/seller/booking/order/status/4", "?src=cancelledorders")).toEqual([
      "Cancelled Shipments",
    ]);
    for (const src of ["pendingorders", "newshipment", "phone"]) {
      expect(active("Seller", "/seller/booking/order/status/4", `?src=${src}`)).toEqual([
        "Active Shipments",
      ]);
    }
    expect(
      active("Seller", "/seller/booking/recentorderstatus/4", "?src=currentShipments"),
    ).toEqual(["Active Shipments"]);
    // A sample's page belongs to the seller's Sample Shipment entry.
    expect(active("Seller", "/seller/booking/recentorderstatus/4", "?src=sampleShipments")).toEqual(
      ["Sample Shipment"],
    );
  });
});
