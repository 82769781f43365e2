import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "@mui/material/styles";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { Notification } from "@fba/contract";
import { theme } from "../../../app/theme";
import { FakeSocket, fakeFetch, signIn } from "../../../test/fake-socket";
import { registerOpenChat } from "../../../lib/open-chats";
import { NotificationBell } from "./NotificationBell";

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    notification_type: "Shipment",
    shipment_id: 42,
    sample_shipment_id: 0,
    content: "New quotation received for shipment #42 (Mugs)",
    is_read: false,
    updated_at: new Date().toISOString(),
    user: { id: 9, first_name: "Sam" },
    ...overrides,
  };
}

function renderBell(list: Notification[], status = "Quotation Received") {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      fakeFetch({ "chat/notifications": () => list, "shipments/42": () => ({ id: 42, status }) }),
    ),
  );
  const router = createMemoryRouter(
    [
      { path: "/", element: <NotificationBell /> },
      { path: "*", element: <p>Went somewhere</p> },
    ],
    { initialEntries: ["/"] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { router, queryClient };
}

/** Live events are applied only once the first list load has settled. */
async function listLoaded(queryClient: QueryClient) {
  await waitFor(
    () => expect(queryClient.getQueryState(["notifications", "list"])?.status).toBe("success"),
    { timeout: 10_000 },
  );
}

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal("WebSocket", FakeSocket);
  signIn({ id: 9, first_name: "Sam", last_name: "Seller", groups: "Seller" });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("NotificationBell", { timeout: 60_000 }, () => {
  it("shows the unread count, the list with previews cut at 100 characters, and live ones", async () => {
    const user = userEvent.setup({ delay: null });
    const long = `New message from Alex: ${"a".repeat(120)}`;
    const { queryClient } = renderBell([
      notification({ id: 2, content: long }),
      notification({ id: 1, is_read: true }),
    ]);
    await listLoaded(queryClient);
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });

    const socket = FakeSocket.latest("/ws/notifications/9/");
    socket.open();
    socket.emit("send_notification", notification({ id: 3, content: "Bidding closed" }));
    socket.emit("unread_count", { count: 2 });
    expect(await screen.findByRole("button", { name: "Notifications, 2 unread" })).toBe(bell);

    await user.click(bell);
    const popover = await screen.findByRole("dialog", { name: "Notifications" });
    expect(within(popover).getByRole("heading", { name: "Notifications" })).toBeInTheDocument();
    const items = within(popover).getAllByTestId("notification-item");
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("Bidding closed");
    expect(within(popover).getByText(`${long.slice(0, 100)}...`)).toBeInTheDocument();
  });

  it("replaces a notification's text in place when the message it quoted is deleted", async () => {
    const user = userEvent.setup({ delay: null });
    const { queryClient } = renderBell([
      notification({ id: 5, content: "New message from Al: door code 4711" }),
      notification({ id: 4, content: "Bidding closed", is_read: true }),
    ]);
    await listLoaded(queryClient);
    const socket = FakeSocket.latest("/ws/notifications/9/");
    socket.open();
    await user.click(await screen.findByRole("button", { name: "Notifications, 1 unread" }));
    const popover = await screen.findByRole("dialog", { name: "Notifications" });
    expect(await within(popover).findByText(/door code 4711/)).toBeInTheDocument();

    socket.emit(
      "notification_updated",
      notification({ id: 5, content: "New message from Al: (message deleted)" }),
    );
    await waitFor(() =>
      expect(within(popover).getAllByTestId("notification-item")[0]).toHaveTextContent(
        "New message from Al: (message deleted)",
      ),
    );
    expect(within(popover).getAllByTestId("notification-item")).toHaveLength(2);
    expect(within(popover).queryByText(/4711/)).not.toBeInTheDocument();
  });

  it("marks a notification read over the socket and routes by role and status", async () => {
    const user = userEvent.setup({ delay: null });
    const { router, queryClient } = renderBell([notification({ id: 5 })], "Quotation Approved");
    await listLoaded(queryClient);
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });
    const socket = FakeSocket.latest("/ws/notifications/9/");
    socket.open();
    await user.click(bell);
    await user.click(await screen.findByTestId("notification-item"));
    expect(socket.sent).toContainEqual({
      action: "mark_notification_read",
      notification_id: 5,
      user_id: "9",
    });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        "/seller/booking/order/status/42?src=pendingorders",
      ),
    );
  });

  it("reads new-message notifications at once for a chat that is on screen", async () => {
    const { queryClient } = renderBell([]);
    await listLoaded(queryClient);
    const socket = FakeSocket.latest("/ws/notifications/9/");
    socket.open();
    const leave = registerOpenChat("shipment", 42);
    socket.emit("send_notification", notification({ id: 11, content: "New message from Al: hi" }));
    socket.emit(
      "send_notification",
      notification({ id: 12, shipment_id: 43, content: "New message from Al: yo" }),
    );
    leave();
    expect(socket.sent).toEqual([
      { action: "mark_notification_read", notification_id: 11, user_id: "9" },
    ]);
    expect(
      await screen.findByRole("button", { name: "Notifications, 1 unread" }),
    ).toBeInTheDocument();
  });

  it("shows Reconnecting… while the live updates are away, with Retry now in the list", async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { queryClient } = renderBell([notification({ id: 1, is_read: true })]);
    await listLoaded(queryClient);
    const first = FakeSocket.latest("/ws/notifications/9/");
    first.open();
    expect(screen.queryByText("Reconnecting…")).not.toBeInTheDocument();

    vi.useFakeTimers();
    try {
      first.drop();
    } finally {
      // The scheduled try goes with the fake clock: only Retry now can reconnect from here.
      vi.useRealTimers();
    }
    expect(await screen.findByText("Reconnecting…")).toBeVisible();
    const bell = screen.getByRole("button", { name: "Notifications, reconnecting" });
    await user.click(bell);
    const popover = screen.getByRole("dialog", { name: "Notifications" });
    const socketsBefore = FakeSocket.all.length;
    await user.click(within(popover).getByRole("button", { name: "Retry now" }));
    await waitFor(() => expect(FakeSocket.all.length).toBe(socketsBefore + 1));
    FakeSocket.latest("/ws/notifications/9/").open();
    await waitFor(() => expect(screen.queryByText("Reconnecting…")).not.toBeInTheDocument());
    expect(within(popover).queryByRole("button", { name: "Retry now" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Notifications", hidden: true })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
