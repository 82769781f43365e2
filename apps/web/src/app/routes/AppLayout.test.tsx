import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FakeSocket, fakeFetch, signIn } from "../../test/fake-socket";
import { renderRoute, setViewport } from "../../test/render-route";
import AppLayout from "./AppLayout";

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("fetch", vi.fn(fakeFetch({ "chat/notifications": () => [] })));
  signIn({ id: 9, first_name: "Sam", last_name: "Seller", groups: "Seller" });
});

afterEach(() => vi.unstubAllGlobals());

describe("the signed-in layout", { timeout: 30_000 }, () => {
  it("on a phone builds its menu drawer on the first opening and keeps it", async () => {
    setViewport(375);
    renderRoute(<AppLayout />);
    const open = await screen.findByRole("button", { name: "Open menu" });
    // Nothing of the sidebar is built with the page.
    expect(screen.queryByRole("navigation", { name: "Main menu", hidden: true })).toBeNull();
    expect(document.getElementById("app-sidebar")).toBeNull();
    expect(open).not.toHaveAttribute("aria-controls");
    expect(open).toHaveAttribute("aria-expanded", "false");

    await userEvent.click(open);
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    expect(nav).toBeVisible();
    expect(open).toHaveAttribute("aria-controls", "app-sidebar");
    expect(document.getElementById("app-sidebar")).toContainElement(nav);

    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(open).toHaveAttribute("aria-expanded", "false"));
    // Closed, it stays built (hidden) for the next opening.
    await waitFor(() => expect(document.getElementById("app-sidebar")).not.toBeVisible());
    expect(document.getElementById("app-sidebar")).toContainElement(nav);
  });

  it("on a desktop shows the sidebar with the page and no menu button", async () => {
    setViewport(1440);
    renderRoute(<AppLayout />);
    expect(await screen.findByRole("navigation", { name: "Main menu" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Open menu" })).toBeNull();
  });
});
