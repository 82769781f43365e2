import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { ThemeProvider } from "@mui/material/styles";
import { createMemoryRouter, RouterProvider } from "react-router";
import { theme } from "../../../app/theme";
import { FakeSocket, fakeFetch, signIn } from "../../../test/fake-socket";
import { DeferredNotificationBell } from "./DeferredNotificationBell";

/** A page whose one read (a shipment list) answers when the test says so. */
function renderPage() {
  let answer: (rows: string[]) => void = () => {};
  let fail: () => void = () => {};
  const reads = vi.fn(
    () =>
      new Promise<string[]>((resolve, reject) => {
        answer = resolve;
        fail = () => reject(new Error("failed"));
      }),
  );
  function Page() {
    const rows = useQuery({ queryKey: ["shipments", "list", "active"], queryFn: reads });
    if (rows.isError) return <p>failed</p>;
    return <p>{rows.data ? `rows: ${rows.data.join(", ")}` : "loading"}</p>;
  }
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <DeferredNotificationBell />
            <Page />
          </>
        ),
      },
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
  return { reads, answer: (rows: string[]) => answer(rows), fail: () => fail() };
}

const notificationSockets = () => FakeSocket.all.filter((s) => s.url.includes("notification"));

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("fetch", vi.fn(fakeFetch({ "chat/notifications": () => [] })));
  signIn({ id: 9, first_name: "Sam", last_name: "Seller", groups: "Seller" });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("DeferredNotificationBell", { timeout: 30_000 }, () => {
  it("holds the bell's place while the page reads, then loads it and opens its socket", async () => {
    const page = renderPage();
    expect(screen.getByRole("button", { name: "Notifications" })).toBeInTheDocument();
    await waitFor(() => expect(page.reads).toHaveBeenCalledTimes(1));
    // Nothing of the bell's own work before the page's data: no socket, no list read.
    expect(notificationSockets()).toHaveLength(0);
    expect(screen.queryByTestId("notification-badge")).toBeNull();

    page.answer(["#1"]);
    expect(await screen.findByText("rows: #1")).toBeInTheDocument();
    expect(await screen.findByTestId("notification-badge", {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(notificationSockets()).toHaveLength(1));
  });

  it("reads the page again when its socket first opens, for a change made before it listened", async () => {
    const page = renderPage();
    await waitFor(() => expect(page.reads).toHaveBeenCalledTimes(1));
    page.answer(["#1"]);
    await waitFor(() => expect(notificationSockets()).toHaveLength(1), { timeout: 10_000 });
    expect(page.reads).toHaveBeenCalledTimes(1);

    notificationSockets()[0]!.open();
    await waitFor(() => expect(page.reads).toHaveBeenCalledTimes(2));
    page.answer(["#1", "#2"]);
    expect(await screen.findByText("rows: #1, #2")).toBeInTheDocument();
  });

  it("a tap on its placeholder loads the bell at once and opens its popover, page data or not", async () => {
    const user = userEvent.setup({ delay: null });
    const page = renderPage();
    await waitFor(() => expect(page.reads).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole("button", { name: "Notifications" }));
    expect(
      await screen.findByRole("dialog", { name: "Notifications" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("loading")).toBeInTheDocument();
    await user.keyboard("{Escape}");
  });

  it("leaves a read that failed with its error when the socket first opens", async () => {
    const page = renderPage();
    await waitFor(() => expect(page.reads).toHaveBeenCalledTimes(1));
    page.fail();
    expect(await screen.findByText("failed")).toBeInTheDocument();
    await waitFor(() => expect(notificationSockets()).toHaveLength(1), { timeout: 10_000 });
    notificationSockets()[0]!.open();
    // The socket's refresh reads what was read; what failed waits for its Retry.
    await screen.findByTestId("notification-badge");
    expect(page.reads).toHaveBeenCalledTimes(1);
  });
});
