import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "@mui/material/styles";
import { MemoryRouter } from "react-router";
import type { SampleShipment } from "@fba/contract";
import { theme } from "../../../app/theme";
import ShipperSamplesPage from "./ShipperSamplesPage";

function sample(overrides: Partial<SampleShipment> = {}): SampleShipment {
  return {
    id: 11,
    product_name: "Bamboo cups",
    quantity: 12,
    address: "12 Harbour Road",
    delivery_address: "12 Harbour Road",
    samples_desk_address: "Samples desk, seller 42",
    status: "Shipment Pending",
    created_at: "2026-11-20T10:00:00Z",
    seller: { id: 42, first_name: "Sally", last_name: "Tester", image: null },
    message_count: 0,
    claim: null,
    ...overrides,
  };
}

function listBody(rows: SampleShipment[]) {
  return {
    status: "success",
    status_code: 200,
    message: "Fetched successfully",
    data: {
      data: rows,
      pagination_option: { page: 1, pages: 1, per_page: 10, count: rows.length },
    },
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <ShipperSamplesPage />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("ShipperSamplesPage", { timeout: 30_000 }, () => {
  it("lists every sample with the agent's columns and a page size of 10", async () => {
    // A fresh Response per call: a body can be read only once.
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(json(listBody([sample()]))));
    vi.stubGlobal("fetch", fetchMock);
    renderPage();
    const row = (await screen.findByText("Bamboo cups", undefined, { timeout: 10_000 })).closest(
      "tr",
    )!;
    const cells = within(row)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual([
      "1",
      "42",
      "Bamboo cups",
      "11/20/2026",
      "12",
      "12 Harbour Road",
      "Shipment Pending",
    ]);
    expect(String(fetchMock.mock.calls[0]![0])).toContain("per_page=10");
    expect(within(row).getByRole("link", { name: "View sample shipment 11" })).toHaveAttribute(
      "href",
      "/shipper/dashboard/orders/status/11?src=sampleShipments",
    );
  });

  it("names who handles each sample and offers Mark as complete only where this agent may act", async () => {
    const andy = { id: 7, first_name: "Andy", last_name: "Agent", company_name: "Andy Freight" };
    const claimedAt = "2026-11-21T09:00:00Z";
    const rows = [
      sample({ id: 1, product_name: "Open one" }),
      sample({
        id: 2,
        product_name: "Mine",
        claim: { claimed_at: claimedAt, is_mine: true, agent: { ...andy, id: 9 } },
      }),
      sample({
        id: 3,
        product_name: "Andy's",
        claim: { claimed_at: claimedAt, is_mine: false, agent: andy },
      }),
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn().mockImplementation(() => Promise.resolve(json(listBody(rows)))),
    );
    renderPage();
    const rowOf = async (name: string) =>
      (await screen.findByText(name, undefined, { timeout: 10_000 })).closest("tr")!;
    const handledBy = (row: HTMLElement) =>
      within(row).queryByTestId("sample-handler")?.textContent ?? null;
    const completable = (row: HTMLElement) =>
      within(row).queryByRole("button", { name: "Mark as complete" }) !== null;

    expect(handledBy(await rowOf("Open one"))).toBeNull();
    expect(completable(await rowOf("Open one"))).toBe(true);
    expect(handledBy(await rowOf("Mine"))).toBe("Handled by you");
    expect(completable(await rowOf("Mine"))).toBe(true);
    expect(handledBy(await rowOf("Andy's"))).toBe("Handled by Andy Agent / Andy Freight");
    expect(completable(await rowOf("Andy's"))).toBe(false);
  });

  it("asks before marking complete, sends Shipment Completed and refreshes the list", async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(listBody([sample()])))
      .mockResolvedValueOnce(
        json({
          status: "success",
          status_code: 200,
          message: "Sample shipment marked as completed",
          data: sample({ status: "Shipment Completed" }),
        }),
      )
      .mockImplementation(() =>
        Promise.resolve(json(listBody([sample({ status: "Shipment Completed" })]))),
      );
    vi.stubGlobal("fetch", fetchMock);
    renderPage();

    await user.click(
      await screen.findByRole("button", { name: "Mark as complete" }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Are you sure you want to mark this shipment complete?");
    await user.click(within(dialog).getByRole("button", { name: "No" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole("button", { name: "Mark as complete" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }),
    );

    await waitFor(() => expect(screen.getByText("Shipment Completed")).toBeInTheDocument());
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe("/api/status-update/11/");
    expect(init.method).toBe("PATCH");
    expect(JSON.parse(init.body as string)).toEqual({ status: "Shipment Completed" });
    expect(screen.queryByRole("button", { name: "Mark as complete" })).not.toBeInTheDocument();
  });
});
