import { describe, expect, it } from "vitest";
import { isMenuItemActive, MENUS, visibleMenu } from "./menus";

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe("menus", () => {
  it("gives each role the spec's entries", () => {
    expect(labels(MENUS.Shipper)).toEqual([
      "Pending Quotations",
      "Current Shipments",
      "Completed Shipments",
      "Shipments History",
      "Sample Shipment",
      "Announcement",
    ]);
    expect(labels(MENUS.Admin)).toEqual(["Dashboard", "Users", "Warehouses", "Announcements"]);
  });

  it("shows the seller's Sample Shipment entry only on the seller dashboard", () => {
    expect(labels(visibleMenu("Seller", "/seller/dashboard"))).toEqual([
      "Dashboard",
      "Active Shipments",
      "Sample Shipment",
      "Completed Shipments",
      "Cancelled Shipments",
    ]);
    expect(labels(visibleMenu("Seller", "/seller/booking"))).not.toContain("Sample Shipment");
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
});
