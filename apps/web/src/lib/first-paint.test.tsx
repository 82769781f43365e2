import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { FIRST_PAINT_ANSWERS_ID, FIRST_PAINT_ID, VIEW_COOKIE } from "@fba/contract/constants";
import { PageHeader } from "../components/PageHeader";
import { api } from "./api-client";
import { authStorage } from "./auth-storage";
import { revealApp, startBehindFirstPaint, useRevealOnLeave } from "./first-paint";

const ANSWER = { status: "success", data: { id: 7, product_name: "Bamboo Board" } };

/** A page as the server sends it with a first paint: the paint, the app's root, the answers. */
function paintedPage(answers: string = JSON.stringify({ "/api/shipments/7/": ANSWER })) {
  document.body.innerHTML = `<div id="${FIRST_PAINT_ID}"><p>Painted order</p></div><div id="root"></div><script type="application/json" id="${FIRST_PAINT_ANSWERS_ID}">${answers}</script>`;
  const root = document.getElementById("root");
  if (!root) throw new Error("no root");
  return root;
}

describe("the app behind a first paint", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem("AUTH_TOKEN", "token");
  });
  afterEach(() => {
    revealApp();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
    document.body.innerHTML = "";
  });

  it("starts hidden behind the paint and reads the answers the page brought, not the network", async () => {
    const fetchMock = vi.fn(() => Promise.reject(new Error("no network in this test")));
    vi.stubGlobal("fetch", fetchMock);
    const root = paintedPage();
    startBehindFirstPaint(root);
    expect(root.style.visibility).toBe("hidden");
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    // The answers are taken once, out of the page.
    expect(document.getElementById(FIRST_PAINT_ANSWERS_ID)).toBeNull();
    await expect(api.get("shipments/7/")).resolves.toEqual(ANSWER);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("takes the paint's place once the page's header is laid out", () => {
    const root = paintedPage();
    startBehindFirstPaint(root);
    render(<PageHeader title="Shipment #7" />, { container: root });
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
    expect(root.style.cssText).toBe("");
    expect(screen.getByRole("heading", { name: "Shipment #7" })).toBeVisible();
  });

  it("takes its place when the app goes to another page", () => {
    const root = paintedPage();
    startBehindFirstPaint(root);
    let go: (path: string) => void = () => {};
    function Routes() {
      const [pathname, setPathname] = useState(window.location.pathname);
      go = setPathname;
      useRevealOnLeave(pathname);
      return null;
    }
    render(<Routes />, { container: root });
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    act(() => go("/login"));
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
    expect(root.style.visibility).toBe("");
  });

  it("takes its place after ten seconds whatever happened", () => {
    const root = paintedPage("not json");
    startBehindFirstPaint(root);
    vi.advanceTimersByTime(9_999);
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
    expect(root.style.visibility).toBe("");
  });

  it("leaves a page without a first paint alone", () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById("root") as HTMLElement;
    startBehindFirstPaint(root);
    expect(root.style.cssText).toBe("");
  });
});

describe("the access token's cookie", () => {
  const cookie = () =>
    document.cookie
      .split("; ")
      .find((part) => part.startsWith(`${VIEW_COOKIE}=`))
      ?.slice(VIEW_COOKIE.length + 1);

  it("follows the stored token: set at login and refresh, gone at logout", () => {
    authStorage.setTokens("access-1", "refresh-1");
    expect(cookie()).toBe("access-1");
    authStorage.setTokens("access-2", "refresh-2");
    expect(cookie()).toBe("access-2");
    authStorage.clear();
    expect(cookie()).toBeUndefined();
  });
});
