import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { STORAGE_KEYS } from "@fba/contract/constants";
import NotFoundPage, { NOT_FOUND_TEXT } from "../features/layout/pages/NotFoundPage";
import { RequireAuth } from "./RequireAuth";
import { renderRoute } from "../test/fake-api";
import { logoutLocally, sessionStarted, setLoggedOutHandler } from "../lib/api-client";

function signIn(groups: "Seller" | "Shipper" | "Admin") {
  localStorage.setItem(STORAGE_KEYS.accessToken, "token");
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, groups }));
}

const homes = [
  { path: "/", element: <p>landing</p> },
  { path: "/seller/dashboard", element: <p>seller home</p> },
  { path: "/shipper/dashboard", element: <p>shipper home</p> },
  { path: "/admin/dashboard", element: <p>admin home</p> },
];

describe("RequireAuth", () => {
  it("sends a visitor without a stored token home", async () => {
    renderRoute(
      <RequireAuth>
        <p>private</p>
      </RequireAuth>,
      { path: "/seller/booking", routes: homes },
    );
    expect(await screen.findByText("landing")).toBeInTheDocument();
    expect(screen.queryByText("private")).not.toBeInTheDocument();
  });

  it("sends a user whose session just ended to the login screen, not home", async () => {
    signIn("Seller");
    setLoggedOutHandler(() => {});
    window.history.pushState({}, "", "/seller/booking/recentorderstatus/4");
    logoutLocally();
    try {
      renderRoute(
        <RequireAuth>
          <p>private</p>
        </RequireAuth>,
        {
          path: "/seller/booking/recentorderstatus/4",
          routes: [...homes, { path: "/seller/login", element: <p>seller login</p> }],
        },
      );
      expect(await screen.findByText("seller login")).toBeInTheDocument();
      expect(screen.queryByText("landing")).not.toBeInTheDocument();
    } finally {
      sessionStarted();
      window.history.pushState({}, "", "/");
    }
  });

  it("lets a user into their own area", async () => {
    signIn("Shipper");
    renderRoute(
      <RequireAuth>
        <p>private</p>
      </RequireAuth>,
      { path: "/shipper/dashboard/orders", routes: homes },
    );
    expect(await screen.findByText("private")).toBeInTheDocument();
  });

  it.each([
    ["Seller", "/shipper/dashboard/orders", "seller home"],
    ["Shipper", "/quotes", "shipper home"],
    ["Admin", "/seller/booking", "admin home"],
    ["Seller", "/admin/users", "seller home"],
  ] as const)("sends a %s opening %s to their own home", async (group, path, home) => {
    signIn(group);
    renderRoute(
      <RequireAuth>
        <p>private</p>
      </RequireAuth>,
      { path, routes: homes },
    );
    expect(await screen.findByText(home)).toBeInTheDocument();
  });
});

describe("NotFoundPage", () => {
  it("shows the spec's text and links a visitor home", () => {
    renderRoute(<NotFoundPage />, { path: "*", at: "/missing" });
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to home" })).toHaveAttribute("href", "/");
  });

  it.each([
    ["Seller", "/seller/dashboard"],
    ["Shipper", "/shipper/dashboard"],
    ["Admin", "/admin/dashboard"],
  ] as const)("links a signed-in %s to %s", (group, home) => {
    signIn(group);
    renderRoute(<NotFoundPage />, { path: "*", at: "/missing" });
    expect(screen.getByRole("link", { name: "Return to home" })).toHaveAttribute("href", home);
  });
});
