import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ChatHistory, Quotation } from "@fba/contract";
import { agent, history, message, seller } from "../../test/chat-fixtures";
import { FakeSocket, signIn } from "../../test/fake-socket";
import { shipmentKeys } from "../../entities/shipment/api/get-shipment";
import type { Shipment } from "../../entities/shipment/api/types";
import { renderRoute, setViewport, stubFetch } from "../../test/render-route";
import SellerOrderChatPage from "./SellerOrderChatPage";
import SellerShipmentPage from "./SellerShipmentPage";
import ShipperOrderPage from "./ShipperOrderPage";
import AdminShipmentPage from "./AdminShipmentPage";

function shipment(overrides: Partial<Shipment> = {}): Shipment {
  return {
    id: 31,
    status: "Quotation Accepted",
    created_at: "2026-11-20T10:00:00Z",
    updated_at: "2026-11-20T10:00:00Z",
    bidding_ends_at: "2026-11-23T10:00:00Z",
    is_bidding_open: false,
    freight_booking_reference_number: "REF 2001",
    shipment_ready_date: "2026-11-30",
    supplier_contact_name: "Li Wei",
    supplier_contact_phone: "+86 555 0100",
    product_name: "Bamboo Cutting Board",
    main_competitor_asin: "B000000001",
    pickup_location: { full_address: "1 Harbour Road, Ningbo" } as Shipment["pickup_location"],
    user: {
      id: seller.id,
      first_name: seller.first_name,
      last_name: seller.last_name,
      email: "sally@example.com",
      profile: { phone: null },
    },
    quotation: {
      id: 5,
      shipment: 31,
      pickup_amount: "100.00",
      fast_amount: "900.00",
      normal_amount: "",
      total_amount: "1000.00",
      is_accepted: true,
      cancel_reason: null,
      accepted_service: null,
      is_winner: true,
      is_masked: false,
      details: null,
      is_expired: false,
      reconfirm_requested_at: null,
      created_at: "2026-11-20T10:00:00Z",
      updated_at: "2026-11-20T10:00:00Z",
      user: {
        id: agent.id,
        first_name: agent.first_name,
        last_name: agent.last_name,
        email: "a@x",
      },
    },
    tracking_number: null,
    tracking_link: null,
    tracking_carrier: null,
    final_amount: null,
    cancel_reason: null,
    message_count: 2,
    quotation_count: 1,
    documents_missing: [],
    delivery: null,
    packages: [
      {
        id: 1,
        carton_dimensions_length: 50,
        carton_dimensions_width: 40,
        carton_dimensions_height: 30,
        weight_per_carton_kg: 12,
        total_cost_of_goods: 2500,
        number_of_cartons: 10,
        delivery_location: "ONT8",
        chargeable_weight: 120,
        fba_shipment_id: null,
        tracking_number: null,
        tracking_link: null,
      },
    ],
    compliance: { detailed_product_description: "Boards", compliance: [], additional_notes: null },
    contact_information: { first_name: "Sally", last_name: "Seller", email: "sally@example.com" },
    ...overrides,
  };
}

const ok = (data: unknown) => ({ status: "success", status_code: 200, message: "", data });
const noBids = {
  ...ok([]),
  pagination_option: { page: 1, pages: 1, per_page: 200, count: 0 },
};

/** Two messages from the agent the seller has not read yet. */
const unreadBySeller: ChatHistory = history([
  message({
    sender: { id: agent.id, first_name: agent.first_name, last_name: agent.last_name },
    sender_type: "Shipper",
    content: "Pickup on Monday",
    read_by: [agent.id],
  }),
  message({
    sender: { id: agent.id, first_name: agent.first_name, last_name: agent.last_name },
    sender_type: "Shipper",
    content: "Cartons labelled?",
    read_by: [agent.id],
  }),
]);

function stubShipment(detail: Shipment, chat: ChatHistory = history()) {
  return stubFetch({
    // Before the shipment: keys match as prefixes, in this order.
    "GET /api/shipments/31/legs/": ok([]),
    "GET /api/shipments/31/documents/": ok([]),
    "GET /api/shipments/31/charge-change/": ok(null),
    "GET /api/shipments/31/": ok(detail),
    "GET /api/quotations/": noBids,
    "GET /api/chat/messages/31/": ok(chat),
  });
}

const scrolled: Element[] = [];

beforeAll(async () => {
  // The chat view is lazy: load it once so the first test does not time its download.
  await import("../../features/chat/components/ChatView");
});

beforeEach(() => {
  FakeSocket.reset();
  scrolled.length = 0;
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  // jsdom does not lay out or scroll: record what the page asks to bring into view.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sellerRoute = { path: "/seller/booking/order/status/:id" };

describe("order pages and their chat", { timeout: 60_000 }, () => {
  it("shows the chat on the seller's order page once the order is accepted", async () => {
    setViewport(1440);
    signIn({ ...seller, groups: "Seller" });
    stubShipment(shipment());
    renderRoute(<SellerShipmentPage />, {
      ...sellerRoute,
      url: "/seller/booking/order/status/31?src=pendingorders",
    });
    expect(await screen.findByTestId("chat-panel", {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toBeInTheDocument();
    expect(FakeSocket.latest("/ws/group-chat/31/")).toBeDefined();
  });

  it("shows no chat on the seller's order page before the order is accepted", async () => {
    setViewport(1440);
    signIn({ ...seller, groups: "Seller" });
    const { calls } = stubShipment(shipment({ status: "Quotation Approved" }));
    renderRoute(<SellerShipmentPage />, {
      ...sellerRoute,
      url: "/seller/booking/order/status/31?src=pendingorders",
    });
    // Past bidding with bids: the page shows once the comparison's chunk is in.
    expect(
      await screen.findByRole("heading", { name: "Shipment #31" }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Cargo table" })).toBeInTheDocument();
    expect(document.getElementById("chat")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Chat/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.includes("/chat/"))).toBe(false);
    expect(FakeSocket.all.some((socket) => socket.url.includes("group-chat"))).toBe(false);
  });

  for (const [status, src] of [
    ["Shipment Completed", ""],
    ["Shipment Cancelled", "?src=cancelledorders"],
  ] as const) {
    it(`keeps the chat history, read-only, on the seller's page once the order is ${status}`, async () => {
      setViewport(1440);
      signIn({ ...seller, groups: "Seller" });
      stubShipment(shipment({ status }), unreadBySeller);
      renderRoute(<SellerShipmentPage />, {
        ...sellerRoute,
        url: `/seller/booking/order/status/31${src}`,
      });
      expect(await screen.findByText("Pickup on Monday", {}, { timeout: 15_000 })).toBeVisible();
      expect(screen.getByTestId("chat-panel")).toBeInTheDocument();
      expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
    });
  }

  it("gives phones a Chat button with the unread count that brings the chat into view", async () => {
    setViewport(375);
    signIn({ ...seller, groups: "Seller" });
    stubShipment(shipment(), unreadBySeller);
    const user = userEvent.setup({ delay: null });
    renderRoute(<SellerShipmentPage />, {
      ...sellerRoute,
      url: "/seller/booking/order/status/31?src=pendingorders",
    });
    // The order's panels load in a chunk of their own before the page shows.
    const jump = await screen.findByRole("button", { name: "Chat, 2 unread" }, { timeout: 15_000 });
    await screen.findByTestId("chat-panel", {}, { timeout: 15_000 });
    expect(scrolled).toHaveLength(0);
    await user.click(jump);
    const chat = document.getElementById("chat")!;
    expect(scrolled).toContain(chat);
    // Focus moves into the chat, so keyboard and screen reader users land there too.
    await waitFor(() => expect(chat.contains(document.activeElement)).toBe(true));
  });

  it("gives the agent's and the admin's order pages the same Chat button on phones", async () => {
    setViewport(375);
    signIn({ ...agent, groups: "Shipper" });
    stubShipment(shipment());
    const agentView = renderRoute(<ShipperOrderPage />, {
      path: "/shipper/dashboard/orders/status/:id",
      url: "/shipper/dashboard/orders/status/31?src=accepted",
    });
    expect(await screen.findByRole("button", { name: "Chat" })).toBeInTheDocument();
    agentView.unmount();

    signIn({ id: 3, first_name: "Ada", last_name: "Admin", groups: "Admin" });
    stubShipment(shipment());
    renderRoute(<AdminShipmentPage />, {
      path: "/admin/shipments/:id",
      url: "/admin/shipments/31",
    });
    expect(await screen.findByRole("button", { name: "Chat" })).toBeInTheDocument();
  });

  it("shows an agent whose bid lost the shipment as bid on, with their bid and no chat", async () => {
    setViewport(1440);
    signIn({ ...agent, groups: "Shipper" });
    const { calls } = stubShipment(
      shipment({
        status: "Quotation Approved",
        outcome: "lost",
        user: { id: 0, first_name: "", last_name: "", email: "", profile: { phone: null } },
        quotation: { ...(shipment().quotation as Quotation), is_winner: false, is_accepted: null },
      }),
    );
    renderRoute(<ShipperOrderPage />, {
      path: "/shipper/dashboard/orders/shipmenthistories/status/:id",
      url: "/shipper/dashboard/orders/shipmenthistories/status/31?src=accepted",
    });
    expect(await screen.findByText("Bid lost")).toBeInTheDocument();
    expect(screen.getByText(/Your quotation did not win the bidding/)).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Your Quotation" })).toHaveTextContent("$1,000.00");
    expect(screen.queryByText("You cannot view this shipment right now.")).not.toBeInTheDocument();
    expect(screen.queryByTestId("chat-panel")).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.includes("/chat/"))).toBe(false);
  });

  it("tells the winning agent their order waits for the seller's decision", async () => {
    setViewport(1440);
    signIn({ ...agent, groups: "Shipper" });
    stubShipment(shipment({ status: "Quotation Approved", outcome: "won" }));
    renderRoute(<ShipperOrderPage />, {
      path: "/shipper/dashboard/orders/status/:id",
      url: "/shipper/dashboard/orders/status/31?src=accepted",
    });
    expect(await screen.findByText(/Waiting for the seller's decision/)).toBeInTheDocument();
  });

  it("keeps the chat beside the details on wide screens, without a Chat button", async () => {
    setViewport(1440);
    signIn({ ...agent, groups: "Shipper" });
    stubShipment(shipment());
    renderRoute(<ShipperOrderPage />, {
      path: "/shipper/dashboard/orders/status/:id",
      url: "/shipper/dashboard/orders/status/31?src=accepted",
    });
    await screen.findByTestId("chat-panel", {}, { timeout: 15_000 });
    expect(screen.queryByRole("button", { name: /^Chat/ })).not.toBeInTheDocument();
  });

  it("lands on the chat for #chat links even when the bids arrive after the shipment", async () => {
    setViewport(375);
    signIn({ ...seller, groups: "Seller" });
    let releaseBids: () => void = () => undefined;
    const bidsHeld = new Promise<void>((resolve) => {
      releaseBids = resolve;
    });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.includes("/api/quotations/")) {
          await bidsHeld;
          return json(noBids);
        }
        if (url.includes("/api/chat/messages/31/")) return json(ok(history()));
        if (/\/api\/shipments\/31\/(legs|documents)\//.test(url)) return json(ok([]));
        if (url.includes("/api/shipments/31/charge-change/")) return json(ok(null));
        return json(ok(shipment()));
      }),
    );
    const { queryClient } = renderRoute(<SellerOrderChatPage />, {
      path: "/seller/booking/recentorderstatus/:id",
      url: "/seller/booking/recentorderstatus/31?src=currentShipments#chat",
    });
    // The shipment answer lands while the bids are still on their way.
    await waitFor(() =>
      expect(queryClient.getQueryState(shipmentKeys.detail(31))?.status).toBe("success"),
    );
    releaseBids();
    await screen.findByTestId("chat-panel", {}, { timeout: 15_000 });
    await waitFor(() => expect(scrolled).toContain(document.getElementById("chat")));
  });
});
