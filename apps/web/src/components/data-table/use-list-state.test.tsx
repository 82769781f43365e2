import { DEFAULT_PAGE_SIZE } from "@fba/contract/constants";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { BrowserRouter } from "react-router";
import { describe, expect, it } from "vitest";
import {
  listEmptyText,
  listParamsFromUrl,
  urlWithListChange,
  useUrlListState,
} from "./use-list-state";

describe("list state in the page address", () => {
  it("reads search, status, date and page, with defaults for the rest", () => {
    const url = new URLSearchParams("search=%235&status=Quotation+Received&date=2026-12-01&page=3");
    expect(listParamsFromUrl(url, { with: "destinations" })).toEqual({
      page: 3,
      per_page: DEFAULT_PAGE_SIZE,
      search: "#5",
      ordering: undefined,
      shipment_ready_date: "2026-12-01",
      status: "Quotation Received",
      with: "destinations",
    });
  });

  it("ignores malformed values and keeps a fixed page size", () => {
    const url = new URLSearchParams("page=-2&per_page=500&date=tomorrow");
    expect(listParamsFromUrl(url, { per_page: 10 })).toMatchObject({
      page: 1,
      per_page: 10,
      shipment_ready_date: undefined,
    });
  });

  it("goes back to page 1 on any change but the page, keeping other parameters", () => {
    const url = new URLSearchParams("src=x&page=4&search=old");
    expect(urlWithListChange(url, { search: "ONT8" }).toString()).toBe("src=x&search=ONT8");
    expect(urlWithListChange(url, { search: "" }).toString()).toBe("src=x");
    expect(urlWithListChange(url, { page: 5 }).toString()).toBe("src=x&page=5&search=old");
    expect(urlWithListChange(url, { page: 1 }).toString()).toBe("src=x&search=old");
    expect(urlWithListChange(url, { status: "Shipment Pending" }).get("status")).toBe(
      "Shipment Pending",
    );
  });
});

describe("listEmptyText", () => {
  it("keeps the list's own text when nothing narrows it", () => {
    expect(listEmptyText("You have no order yet", {})).toBe("You have no order yet");
    expect(listEmptyText("You have no bid yet", { search: "  " })).toBe("You have no bid yet");
  });

  it("says that nothing matches a search or a filter", () => {
    expect(listEmptyText("You have no order yet", { search: "#5" })).toBe(
      "No shipments match “#5”",
    );
    expect(listEmptyText("You have no order yet", { status: "Shipment Pending" })).toBe(
      "No shipments match these filters",
    );
  });
});

describe("useUrlListState", () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <BrowserRouter>{children}</BrowserRouter>
  );

  it("puts a search in the address, and not after the user has gone to another page", () => {
    window.history.replaceState(null, "", "/shipper/dashboard");
    const { result } = renderHook(() => useUrlListState(), { wrapper });
    act(() => result.current.setSearch("Yoga"));
    expect(window.location.pathname + window.location.search).toBe(
      "/shipper/dashboard?search=Yoga",
    );

    // A row was clicked: the address already names the next page while it loads, the list is
    // still mounted, and its debounced search arrives late.
    window.history.pushState(null, "", "/shipper/bid/6");
    act(() => result.current.setSearch("Yoga mat"));
    expect(window.location.pathname).toBe("/shipper/bid/6");
  });
});
