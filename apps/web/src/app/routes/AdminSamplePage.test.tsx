import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SampleShipment } from "@fba/contract";
import { agent, history, message } from "../../test/chat-fixtures";
import { FakeSocket, signIn } from "../../test/fake-socket";
import { renderRoute, setViewport, stubFetch } from "../../test/render-route";
import { AdminSamplesTable } from "../../features/samples/components/AdminSamplesTable";
import AdminSamplePage from "./AdminSamplePage";

const ok = (data: unknown) => ({ status: "success", status_code: 200, message: "", data });

function sample(overrides: Partial<SampleShipment> = {}): SampleShipment {
  return {
    id: 12,
    product_name: "Bamboo cups",
    quantity: 3,
    address: "12 Harbour Road, Leeds",
    status: "Quotation Received",
    created_at: "2026-11-20T10:00:00Z",
    seller: { id: 1, first_name: "Sally", last_name: "Seller", image: null },
    message_count: 0,
    delivery_address: "12 Harbour Road, Leeds",
    samples_desk_address: "Samples desk for seller 1",
    ...overrides,
  } as SampleShipment;
}

beforeAll(async () => {
  await import("../../features/chat/components/ChatView");
});

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  signIn({ id: 3, first_name: "Ada", last_name: "Admin", groups: "Admin" });
  setViewport(1440);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the admin's sample shipment page", { timeout: 60_000 }, () => {
  it("shows the sample with its chat, where the admin can post", async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({
      "GET /api/sample-shipments/12/": ok(sample()),
      "GET /api/chat/sample-shipment-messages/12/": ok(history()),
    });
    renderRoute(<AdminSamplePage />, { path: "/admin/samples/:id", url: "/admin/samples/12" });
    const details = await screen.findByRole("region", { name: "Sample shipment details" });
    expect(within(details).getByText("Bamboo cups")).toBeInTheDocument();
    await screen.findByTestId("chat-panel", {}, { timeout: 15_000 });
    const socket = FakeSocket.latest("/ws/sample-shipment-chat/12/");
    socket.open();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Samples leave today");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(socket.sent).toContainEqual(
      expect.objectContaining({
        action: "send_message",
        message: "Samples leave today",
        sender_type: "Admin",
      }),
    );
    expect(screen.getByRole("link", { name: /All sample shipments/ })).toHaveAttribute(
      "href",
      "/admin/dashboard?tab=samples",
    );
  });

  it("shows who handles the sample as soon as an agent's first message claims it", async () => {
    const routes: Record<string, unknown> = {
      "GET /api/sample-shipments/12/": ok(sample()),
      "GET /api/chat/sample-shipment-messages/12/": ok(history()),
    };
    stubFetch(routes);
    renderRoute(<AdminSamplePage />, { path: "/admin/samples/:id", url: "/admin/samples/12" });
    const details = await screen.findByRole("region", { name: "Sample shipment details" });
    await screen.findByTestId("chat-panel", {}, { timeout: 15_000 });
    expect(within(details).queryByText(/Handled by/)).not.toBeInTheDocument();

    // The server has the claim once the agent wrote; the page asks for the sample again.
    const handler = { id: agent.id, first_name: agent.first_name, last_name: agent.last_name };
    routes["GET /api/sample-shipments/12/"] = ok(
      sample({
        claim: {
          claimed_at: "2026-11-21T09:00:00Z",
          is_mine: false,
          agent: { ...handler, company_name: "" },
        },
      }),
    );
    const socket = FakeSocket.latest("/ws/sample-shipment-chat/12/");
    socket.open();
    socket.emit("message_sent", message({ sender: handler, sender_type: "Shipper" }));
    expect(await within(details).findByText("Handled by Alex Agent")).toBeInTheDocument();
  });

  it("lands a #chat link on the chat and keeps it there while the page settles, until the reader scrolls", async () => {
    setViewport(375);
    const scrolled: Element[] = [];
    // jsdom neither lays out nor scrolls: record what the page brings into view, and let a fake
    // ResizeObserver stand for content growing above the chat.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const resized: Array<() => void> = [];
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(callback: () => void) {
          resized.push(callback);
        }
        observe() {}
        disconnect() {
          resized.length = 0;
        }
      },
    );
    stubFetch({
      "GET /api/sample-shipments/12/": ok(sample()),
      "GET /api/chat/sample-shipment-messages/12/": ok(history()),
    });
    renderRoute(<AdminSamplePage />, { path: "/admin/samples/:id", url: "/admin/samples/12#chat" });
    await screen.findByTestId("chat-panel", {}, { timeout: 15_000 });
    const chat = document.getElementById("chat")!;
    await waitFor(() => expect(scrolled).toContain(chat));
    const landings = scrolled.length;
    for (const callback of [...resized]) callback();
    expect(scrolled.length).toBeGreaterThan(landings);
    // The reader takes over: the page is theirs to scroll.
    window.dispatchEvent(new Event("wheel"));
    expect(resized).toHaveLength(0);
  });

  it("keeps a completed sample's chat readable but closed", async () => {
    stubFetch({
      "GET /api/sample-shipments/12/": ok(sample({ status: "Shipment Completed" })),
      "GET /api/chat/sample-shipment-messages/12/": ok(history()),
    });
    renderRoute(<AdminSamplePage />, { path: "/admin/samples/:id", url: "/admin/samples/12" });
    expect(
      await screen.findByText(
        "This chat is closed. The history stays readable.",
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
  });

  it("is reached from the sample list", async () => {
    stubFetch({
      "GET /api/sample-shipments/": ok({
        data: [sample()],
        pagination_option: { page: 1, pages: 1, per_page: 50, count: 1 },
      }),
    });
    renderRoute(<AdminSamplesTable />);
    const link = await screen.findByRole("link", { name: "View sample shipment 12" });
    expect(link).toHaveAttribute("href", "/admin/samples/12");
  });
});
