import { describe, expect, it } from "vitest";
import { loginPathFor, returnPathAfterLogin } from "./paths";

describe("after a session ended on a page", () => {
  it("logs in on that page's role tab", () => {
    expect(loginPathFor("/seller/booking/recentorderstatus/4")).toBe("/seller/login");
    expect(loginPathFor("/shipper/dashboard/orders")).toBe("/shipper/login");
    expect(loginPathFor("/admin/disputes")).toBe("/login");
  });

  it("returns to the page asked for when it is the user's role's, else to their home", () => {
    expect(
      returnPathAfterLogin("/seller/booking/recentorderstatus/4?src=currentShipments", "Seller"),
    ).toBe("/seller/booking/recentorderstatus/4?src=currentShipments");
    expect(returnPathAfterLogin("/seller/dashboard", "Seller")).toBe("/seller/dashboard");
    expect(returnPathAfterLogin("/agents/7", "Seller")).toBe("/agents/7");
    // Another role's page, an entry page, another site or nothing: the role's home.
    expect(returnPathAfterLogin("/seller/dashboard", "Shipper")).toBe("/shipper/dashboard");
    expect(returnPathAfterLogin("/seller/login", "Seller")).toBe("/seller/dashboard");
    expect(returnPathAfterLogin("/", "Admin")).toBe("/admin/dashboard");
    expect(returnPathAfterLogin("//evil.example/seller/x", "Seller")).toBe("/seller/dashboard");
    expect(returnPathAfterLogin("https://evil.example", "Seller")).toBe("/seller/dashboard");
    expect(returnPathAfterLogin(undefined, "Seller")).toBe("/seller/dashboard");
  });
});
