import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderRoute } from "../../test/render-route";
import SellerDashboardPage from "./SellerDashboardPage";

const ok = (data: unknown, status_code = 200) => ({
  status: "success",
  status_code,
  message: "Sample shipment created",
  data,
});

/** A server whose seller dashboard counts the samples created through it. */
function stubServer() {
  let samples = 2;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    let body: unknown = ok([]);
    if (method === "GET" && url.startsWith("/api/seller/seller-dashboard/")) {
      body = ok({ active_shipments: 1, sample_shipments: samples, completed_shipments: 0 });
    } else if (method === "POST" && url === "/api/sample-shipments/") {
      samples += 1;
      body = ok({ id: 40 + samples }, 201);
    } else if (method === "GET" && url.startsWith("/api/v1/announcement/")) {
      body = ok({ data: [], pagination_option: { page: 1, per_page: 1, total: 0 } });
    }
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
}

afterEach(() => vi.unstubAllGlobals());

describe("SellerDashboardPage", { timeout: 30_000 }, () => {
  it("counts a sample shipment created from the dashboard without a reload", async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    renderRoute(<SellerDashboardPage />, { path: "/seller/dashboard" });
    await waitFor(() => expect(screen.getByTestId("Sample Shipment")).toHaveTextContent("2"));

    await user.click(screen.getByRole("button", { name: "Create Sample Shipment" }));
    await user.type(screen.getByLabelText(/Product Name/), "Bamboo cups");
    await user.type(screen.getByLabelText(/Amount of Samples/), "12");
    await user.type(screen.getByLabelText(/Delivery Address/), "12 Harbour Road, Leeds");
    await waitFor(() => expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Submit" }));

    await waitFor(() => expect(screen.getByTestId("Sample Shipment")).toHaveTextContent("3"));
  });
});
