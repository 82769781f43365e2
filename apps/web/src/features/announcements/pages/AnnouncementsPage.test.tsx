import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "@mui/material/styles";
import { MemoryRouter } from "react-router";
import type { Announcement } from "@fba/contract";
import { theme } from "../../../app/theme";
import { FakeSocket, signIn } from "../../../test/fake-socket";
import AnnouncementsPage from "./AnnouncementsPage";

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn() },
}));

function announcement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: 1,
    title: "Holiday schedule",
    message: "Warehouses close on the 25th.",
    timestamp: "2026-11-20T10:00:00.000Z",
    sender: { id: 50, first_name: "Ada", last_name: "Admin", groups: "Admin" },
    ...overrides,
  };
}

function page(items: Announcement[]) {
  return {
    status: "success",
    status_code: 200,
    message: "OK",
    data: {
      data: items,
      pagination_option: { page: 1, pages: 1, per_page: 50, count: items.length },
    },
  };
}

function renderPage(items: Announcement[], onPost?: (body: unknown) => void) {
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    if (init?.method === "DELETE") {
      onPost?.({ method: "DELETE", url: String(input) });
      return new Response(
        JSON.stringify({
          status: "success",
          status_code: 200,
          message: "Announcement removed and its sender's account disabled",
          data: {
            id: 1,
            removed_at: "2026-11-21T10:00:00.000Z",
            sender: { id: 60, is_active: false },
          },
        }),
        { status: 200 },
      );
    }
    if (init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as unknown;
      onPost?.(body);
      return new Response(
        JSON.stringify({
          status: "success",
          status_code: 201,
          message: "Announcement created successfully",
          data: announcement({ id: 99 }),
        }),
        { status: 201 },
      );
    }
    expect(String(input)).toContain("/api/v1/announcement/");
    return new Response(JSON.stringify(page(items)), { status: 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <AnnouncementsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return fetchMock;
}

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal("WebSocket", FakeSocket);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AnnouncementsPage", { timeout: 60_000 }, () => {
  it("shows the empty state with a create button for sellers", async () => {
    signIn({ id: 1, first_name: "Sally", last_name: "Seller", groups: "Seller" });
    renderPage([]);
    expect(await screen.findByText("You have no announcement yet")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create New Announcement" })).toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Create new announcement" }),
    ).not.toBeInTheDocument();
  });

  it("offers no create button to shipping agents", async () => {
    signIn({ id: 2, first_name: "Alex", last_name: "Agent", groups: "Shipper" });
    renderPage([announcement()]);
    expect(await screen.findByText("Holiday schedule")).toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: /create new announcement/i }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /remove announcement/i })).not.toBeInTheDocument();
  });

  it("lists announcements, creates one, and appends others' live", async () => {
    const user = userEvent.setup({ delay: null });
    signIn({ id: 1, first_name: "Sally", last_name: "Seller", groups: "Seller" });
    const posted: unknown[] = [];
    renderPage([announcement({ title: null })], (body) => posted.push(body));
    expect(await screen.findByText("No Title")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create new announcement" }));

    const send = screen.getByRole("button", { name: "Send" });
    await user.type(screen.getByRole("textbox", { name: "Message" }), "   ");
    expect(send).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "Title" }), "Rates");
    await user.type(screen.getByRole("textbox", { name: "Message" }), "New rates from Monday");
    await user.click(send);
    await waitFor(() =>
      expect(posted).toEqual([{ title: "Rates", message: "New rates from Monday" }]),
    );

    const socket = FakeSocket.latest("/ws/announcement/");
    socket.open();
    socket.emit("announcement_created", announcement({ id: 7, title: "From the admin" }));
    expect(await screen.findByText("From the admin")).toBeInTheDocument();
    // The sender's own announcement is not appended from the broadcast.
    socket.emit(
      "announcement_created",
      announcement({
        id: 8,
        title: "Own echo",
        sender: { id: 1, first_name: "Sally", last_name: "Seller", groups: "Seller" },
      }),
    );
    expect(screen.queryByText("Own echo")).not.toBeInTheDocument();
  });

  it("offers Remove only to admins, with the choice to disable the sender, and drops removed ones live", async () => {
    const user = userEvent.setup({ delay: null });
    signIn({ id: 50, first_name: "Ada", last_name: "Admin", groups: "Admin" });
    const calls: unknown[] = [];
    renderPage(
      [
        announcement({
          id: 1,
          title: "Buy followers",
          sender: { id: 60, first_name: "Sam", last_name: "Spammer", groups: "Seller" },
        }),
        announcement({ id: 2, title: "Holiday schedule" }),
      ],
      (body) => calls.push(body),
    );
    await user.click(
      await screen.findByRole("button", { name: "Remove announcement Buy followers" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Remove announcement" });
    const disable = screen.getByRole("checkbox", { name: "Also disable the sender's account" });
    expect(disable).not.toBeChecked();
    await user.click(disable);
    await user.click(screen.getByRole("button", { name: "Remove" }));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          method: "DELETE",
          url: expect.stringContaining("/api/admin/announcements/1/?disable_sender=true"),
        },
      ]),
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    // Another admin's removal reaches this open list through the broadcast.
    const socket = FakeSocket.latest("/ws/announcement/");
    socket.open();
    socket.emit("announcement_removed", { id: 2 });
    await waitFor(() => expect(screen.queryByText("Holiday schedule")).not.toBeInTheDocument());
  });

  it("keeps the admin's own account out of the disable choice", async () => {
    const user = userEvent.setup({ delay: null });
    signIn({ id: 50, first_name: "Ada", last_name: "Admin", groups: "Admin" });
    renderPage([announcement({ id: 3, title: "Maintenance" })]);
    await user.click(
      await screen.findByRole("button", { name: "Remove announcement Maintenance" }),
    );
    expect(
      screen.getByRole("checkbox", { name: "Also disable the sender's account" }),
    ).toBeDisabled();
  });
});
