import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { stubFetch } from "../test/render-route";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A fresh copy of the module: the window is asked once per page load. */
async function load() {
  const [{ BidWindowText }, lib] = await Promise.all([
    import("../components/BidWindowText"),
    import("./bid-window"),
  ]);
  return { BidWindowText, ...lib };
}

const settings = (hours: number) => ({
  "GET /api/settings/": {
    status: "success",
    status_code: 200,
    message: "Settings fetched successfully",
    data: { bid_window_hours: hours },
  },
});

describe("the bid window the texts say", () => {
  it("is the server's configured window, asked once", async () => {
    const { calls } = stubFetch(settings(48));
    const { BidWindowText } = await load();
    render(
      <p>
        Bids for <BidWindowText />, in a <BidWindowText form="adjective" /> window
      </p>,
    );
    expect(await screen.findByText("48 hours")).toBeInTheDocument();
    expect(screen.getByText("48-hour")).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith("/api/settings/"))).toHaveLength(1);
  });

  it("says the spec's 72 hours for the default window, and while the server cannot be asked", async () => {
    stubFetch(settings(72));
    const first = await load();
    render(<first.BidWindowText />);
    expect(await screen.findByText("72 hours")).toBeInTheDocument();

    vi.resetModules();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const offline = await load();
    await expect(offline.loadBidWindowHours()).resolves.toBe(72);
  });

  it("rewrites the prerendered landing page's texts", async () => {
    stubFetch(settings(1.5));
    const { showConfiguredBidWindow } = await load();
    const root = document.createElement("div");
    root.innerHTML =
      '<p>For <span data-bid-window="duration">72 hours</span></p>' +
      '<p>A <span data-bid-window="adjective">72-hour</span> window</p>';
    await showConfiguredBidWindow(root);
    expect(root.textContent).toBe("For 90 minutesA 90-minute window");
  });
});
