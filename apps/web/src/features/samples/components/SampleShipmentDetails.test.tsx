import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "@mui/material/styles";
import type { SampleShipment } from "@fba/contract";
import { theme } from "../../../app/theme";
import { SampleShipmentSummary } from "./SampleShipmentDetails";

const agent = { id: 7, first_name: "Andy", last_name: "Agent", company_name: "Andy Freight LLC" };

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

function renderSummary(value: SampleShipment, side: "seller" | "shipper" | "admin") {
  const queryClient = new QueryClient();
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <SampleShipmentSummary sample={value} side={side} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const claimedAt = "2026-11-21T09:00:00Z";

describe("SampleShipmentSummary: who handles the sample", () => {
  it("shows the seller the agent's name and company", () => {
    renderSummary(sample({ claim: { claimed_at: claimedAt, is_mine: false, agent } }), "seller");
    expect(screen.getByText("Handled by Andy Agent / Andy Freight LLC")).toBeInTheDocument();
  });

  it("leaves the company out when the agent has none", () => {
    renderSummary(
      sample({
        claim: { claimed_at: claimedAt, is_mine: false, agent: { ...agent, company_name: "" } },
      }),
      "admin",
    );
    expect(screen.getByText("Handled by Andy Agent")).toBeInTheDocument();
  });

  it("tells the claiming agent it is theirs, and lets them complete it", () => {
    renderSummary(sample({ claim: { claimed_at: claimedAt, is_mine: true, agent } }), "shipper");
    expect(screen.getByText("Handled by you")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mark as complete" })).toBeInTheDocument();
  });

  it("names the handling agent to another agent, without the complete button", () => {
    renderSummary(sample({ claim: { claimed_at: claimedAt, is_mine: false, agent } }), "shipper");
    expect(screen.getByText("Handled by Andy Agent / Andy Freight LLC")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark as complete" })).not.toBeInTheDocument();
  });

  it("gives the agent the seller's address to deliver to, and the samples desk labelled apart", () => {
    renderSummary(sample(), "shipper");
    expect(screen.getByText("Sample Delivery Address").nextSibling).toHaveTextContent(
      "12 Harbour Road",
    );
    expect(screen.getByText("FBA Freight samples desk").nextSibling).toHaveTextContent(
      "Samples desk, seller 42",
    );
  });

  it("shows the seller their own address and no samples desk", () => {
    renderSummary(
      sample({ delivery_address: undefined, samples_desk_address: undefined }),
      "seller",
    );
    expect(screen.getByText("Delivery Address").nextSibling).toHaveTextContent("12 Harbour Road");
    expect(screen.queryByText("FBA Freight samples desk")).not.toBeInTheDocument();
  });

  it("shows no claim while nobody has claimed it; any agent may complete it", () => {
    renderSummary(sample(), "shipper");
    expect(screen.queryByText(/Handled by/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mark as complete" })).toBeInTheDocument();
  });
});
