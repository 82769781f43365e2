import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "@mui/material/styles";
import { CHAT_CLIENT_ID_PATTERN, type ChatHistory } from "@fba/contract";
import { theme } from "../../../app/theme";
import { agent, history, message, seller } from "../../../test/chat-fixtures";
import { FakeSocket, fakeFetch, signIn } from "../../../test/fake-socket";
import type { ChatPanelProps } from "../types";
import { ChatPanel } from "./ChatPanel";

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn() },
}));
const { notify } = await import("../../../lib/toast");

async function renderChat(data: ChatHistory, props: Partial<ChatPanelProps> = {}) {
  const fetchMock = vi.fn(fakeFetch({ "chat/messages/7": () => data }));
  vi.stubGlobal("fetch", fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ChatPanel kind="shipment" id={7} side="seller" canSend {...props} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  // The view is lazy: wait for it (slow machines take a while for the first Suspense round).
  await screen.findByTestId("chat-panel", {}, { timeout: 15_000 });
  return { fetchMock, queryClient };
}

const agentName = { id: agent.id, first_name: agent.first_name, last_name: agent.last_name };

beforeAll(async () => {
  // The panel lazy-loads its view; load it once up front so the first test is not timing it.
  // Transforming it takes seconds on a busy 2-core machine: more than the default hook timeout.
  await import("./ChatView");
}, 60_000);

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  signIn({ ...seller, groups: "Seller" });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe("ChatPanel", { timeout: 60_000 }, () => {
  it("shows the empty state text and names the agent", async () => {
    await renderChat(history());
    expect(
      await screen.findByText(
        "No messages yet - Messages will appear here once they are placed. Check back later for updates.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Chat with Alex Agent")).toBeInTheDocument();
    expect(FakeSocket.latest("/ws/group-chat/7/").url).toContain("?token=token-for-tests");
  });

  it("renders links as anchors and markup as plain text", async () => {
    await renderChat(
      history([
        message({
          sender: agentName,
          sender_type: "Shipper",
          content: "Tracking: https://track.example/ABC <img src=x onerror=alert(1)>",
          read_by: [agent.id],
        }),
      ]),
    );
    const link = await screen.findByRole("link", { name: "https://track.example/ABC" });
    expect(link).toHaveAttribute("href", "https://track.example/ABC");
    expect(link).toHaveAttribute("rel", expect.stringContaining("noopener"));
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(document.querySelector("img[src='x']")).toBeNull();
  });

  it("offers edit and delete only on own messages", async () => {
    const user = userEvent.setup({ delay: null });
    await renderChat(
      history([
        message({ content: "Mine" }),
        message({
          sender: agentName,
          sender_type: "Shipper",
          content: "Theirs",
          read_by: [agent.id],
        }),
      ]),
    );
    const [own, theirs] = await screen.findAllByTestId("chat-message");
    await user.click(within(own!).getByRole("button", { name: "Message actions" }));
    expect(screen.getByRole("menuitem", { name: "Edit" })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Delete" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await user.click(within(theirs!).getByRole("button", { name: "Message actions" }));
    expect(screen.getByRole("menuitem", { name: "Reply" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Delete" })).not.toBeInTheDocument();
  });

  it("disables edit and delete as soon as a read receipt arrives, with the reason", async () => {
    const user = userEvent.setup({ delay: null });
    await renderChat(history([message({ content: "Mine" })]));
    const [own] = await screen.findAllByTestId("chat-message");
    const socket = FakeSocket.latest("/ws/group-chat/7/");
    socket.open();
    await user.click(within(own!).getByRole("button", { name: "Message actions" }));
    expect(screen.getByRole("menuitem", { name: "Edit" })).not.toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(screen.queryByTestId("message-lock-note")).not.toBeInTheDocument();

    // The agent reads it while the menu is open: the menu changes at once.
    socket.emit("message_read", { user: agent.id });
    const note = await screen.findByTestId("message-lock-note");
    expect(note).toHaveTextContent("Read by Alex Agent: it can no longer be edited or deleted.");
    for (const name of ["Edit", "Delete"]) {
      const item = screen.getByRole("menuitem", { name });
      expect(item).toHaveAttribute("aria-disabled", "true");
      expect(item).toHaveAccessibleDescription(/Read by Alex Agent/);
    }
    expect(screen.getByRole("menuitem", { name: "Reply" })).not.toHaveAttribute("aria-disabled");
  });

  it("keeps the typed edit and shows the reason when the server refuses it", async () => {
    const user = userEvent.setup({ delay: null });
    const mine = message({ content: "Pickup at 9" });
    await renderChat(history([mine]));
    const [own] = await screen.findAllByTestId("chat-message");
    const socket = FakeSocket.latest("/ws/group-chat/7/");
    socket.open();
    await user.click(within(own!).getByRole("button", { name: "Message actions" }));
    await user.click(screen.getByRole("menuitem", { name: "Edit" }));
    const box = screen.getByRole("textbox", { name: "Message" });
    await user.clear(box);
    await user.type(box, "Pickup at 10, gate B");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(socket.sent).toContainEqual(
      expect.objectContaining({ action: "edit_message", message_id: mine.id }),
    );

    // The other side read it first: the server refuses, naming the frame.
    socket.emit("error", {
      message: "This message has already been read and can no longer be changed",
      action: "edit_message",
      message_id: mine.id,
    });
    expect(await screen.findByTestId("composer-notice")).toHaveTextContent(
      "This message has already been read and can no longer be changed, so your edit was not saved.",
    );
    expect(box).toHaveValue("Pickup at 10, gate B");
    expect(screen.queryByText("Editing message")).not.toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();

    // Sending now posts the kept text as a new message.
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(socket.sent).toContainEqual(
      expect.objectContaining({ action: "send_message", message: "Pickup at 10, gate B" }),
    );
  });

  it("clears the box once the server saved the edit", async () => {
    const user = userEvent.setup({ delay: null });
    const mine = message({ content: "Pickup at 9" });
    await renderChat(history([mine]));
    const [own] = await screen.findAllByTestId("chat-message");
    const socket = FakeSocket.latest("/ws/group-chat/7/");
    socket.open();
    await user.click(within(own!).getByRole("button", { name: "Message actions" }));
    await user.click(screen.getByRole("menuitem", { name: "Edit" }));
    const box = screen.getByRole("textbox", { name: "Message" });
    await user.type(box, " sharp");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(box).toHaveValue("Pickup at 9 sharp");
    socket.emit("message_edited", { ...mine, content: "Pickup at 9 sharp" });
    await waitFor(() => expect(box).toHaveValue(""));
    expect(screen.queryByText("Editing message")).not.toBeInTheDocument();
    expect(screen.queryByTestId("composer-notice")).not.toBeInTheDocument();
    expect(within(own!).getByText("Pickup at 9 sharp")).toBeInTheDocument();
  });

  it("leaves edit mode but keeps the text when the message is read while being edited", async () => {
    const user = userEvent.setup({ delay: null });
    await renderChat(history([message({ content: "Draft" })]));
    const [own] = await screen.findAllByTestId("chat-message");
    const socket = FakeSocket.latest("/ws/group-chat/7/");
    socket.open();
    await user.click(within(own!).getByRole("button", { name: "Message actions" }));
    await user.click(screen.getByRole("menuitem", { name: "Edit" }));
    const box = screen.getByRole("textbox", { name: "Message" });
    await user.type(box, " v2");
    socket.emit("message_read", { user: agent.id });
    expect(await screen.findByTestId("composer-notice")).toHaveTextContent(
      "Read by Alex Agent, so your edit was not saved.",
    );
    expect(box).toHaveValue("Draft v2");
    expect(screen.queryByText("Editing message")).not.toBeInTheDocument();
  });

  it("sends, replies and shows live messages once", async () => {
    const user = userEvent.setup({ delay: null });
    const theirs = message({
      sender: agentName,
      sender_type: "Shipper",
      content: "Which port?",
      read_by: [agent.id],
    });
    await renderChat(history([theirs]));
    await screen.findByText("Which port?");
    const socket = FakeSocket.latest("/ws/group-chat/7/");
    socket.open();

    // Reading the agent's message marks the chat read.
    await waitFor(() =>
      expect(socket.sent).toContainEqual({
        action: "mark_read",
        shipment_id: 7,
        user_id: seller.id,
      }),
    );

    await user.type(screen.getByRole("textbox", { name: "Message" }), "Hello there");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(socket.sent).toContainEqual({
      action: "send_message",
      message: "Hello there",
      user_id: seller.id,
      sender_type: "Seller",
      attachment: null,
      client_id: expect.stringMatching(CHAT_CLIENT_ID_PATTERN),
    });

    const mine = message({ content: "Hello there" });
    socket.emit("message_sent", mine);
    socket.emit("message_sent", mine);
    expect(await screen.findAllByText("Hello there")).toHaveLength(1);

    const [first] = screen.getAllByTestId("chat-message");
    await user.click(within(first!).getByRole("button", { name: "Message actions" }));
    await user.click(screen.getByRole("menuitem", { name: "Reply" }));
    expect(screen.getByText("Replying to Alex Agent")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Felixstowe");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(socket.sent).toContainEqual(
      expect.objectContaining({
        action: "reply_to_thread",
        message: "Felixstowe",
        reply_to_id: theirs.id,
      }),
    );
    expect(screen.queryByText("Replying to Alex Agent")).not.toBeInTheDocument();

    socket.emit(
      "message_replied",
      message({ content: "Felixstowe", parent: { ...theirs, parent: null } }),
    );
    const quote = await screen.findByTestId("reply-quote");
    expect(within(quote).getByText("Which port?")).toBeInTheDocument();

    socket.emit("message_read", { user: agent.id });
    await waitFor(() =>
      expect(screen.getAllByRole("img", { name: "Read by Alex Agent" }).length).toBeGreaterThan(0),
    );
  });

  it("keeps a message typed while offline as Not sent and sends it once the connection opens", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
      await renderChat(history([message({ content: "Before" })]));
      await screen.findByText("Before");
      const socket = FakeSocket.latest("/ws/group-chat/7/");

      // Not connected yet: the message is kept, marked, announced and saved on this device.
      await user.type(screen.getByRole("textbox", { name: "Message" }), "Pickup at 9");
      await user.click(screen.getByRole("button", { name: "Send" }));
      const pending = await screen.findByTestId("chat-pending-message");
      expect(within(pending).getByText("Pickup at 9")).toBeInTheDocument();
      expect(within(pending).getByText("Not sent")).toBeInTheDocument();
      expect(within(pending).getByRole("button", { name: "Retry" })).toBeEnabled();
      expect(within(pending).getByRole("button", { name: "Delete" })).toBeEnabled();
      expect(screen.getByRole("status")).toHaveTextContent(
        "Not sent: your message is kept here and sent when the connection is back.",
      );
      expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("");
      expect(socket.sent.some((frame) => frame.action === "send_message")).toBe(false);
      const saved = JSON.parse(localStorage.getItem("CHAT_OUTBOX:1:shipment:7") ?? "[]");
      expect(saved).toMatchObject([{ text: "Pickup at 9", state: "queued" }]);
      const clientId = saved[0].client_id as string;

      // Connected: sent with its client_id; with no answer in time it shows as not sent again.
      socket.open();
      const sends = () => socket.sent.filter((frame) => frame.action === "send_message");
      await waitFor(() => expect(sends()).toHaveLength(1));
      expect(sends()[0]).toMatchObject({ message: "Pickup at 9", client_id: clientId });
      expect(await within(pending).findByText("Sending…")).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      expect(within(pending).getByTestId("not-sent-label")).toHaveTextContent(
        "Not sent · No answer from the server",
      );
      expect(screen.getByRole("status")).toHaveTextContent(
        "Not sent: No answer from the server. Use Retry to send it again or Delete to discard it.",
      );

      // Retry sends the same message again, under the same client_id.
      await user.click(within(pending).getByRole("button", { name: "Retry" }));
      await waitFor(() => expect(sends()).toHaveLength(2));
      expect(sends()[1]).toMatchObject({ message: "Pickup at 9", client_id: clientId });
      socket.emit("message_sent", { ...message({ content: "Pickup at 9" }), client_id: clientId });
      await waitFor(() => expect(screen.queryByTestId("chat-pending-message")).toBeNull());
      expect(screen.getAllByText("Pickup at 9")).toHaveLength(1);
      expect(localStorage.getItem("CHAT_OUTBOX:1:shipment:7")).toBeNull();
      expect(screen.getByRole("status")).toHaveTextContent("");
    } finally {
      vi.useRealTimers();
    }
  });

  it("restores unsent messages after a reload, shows a refusal on the message, and deletes", async () => {
    const user = userEvent.setup({ delay: null });
    const entry = {
      attachment: null,
      reply_to: null,
      created_at: "2026-12-01T21:00:00.000Z",
      error: null,
    };
    localStorage.setItem(
      "CHAT_OUTBOX:1:shipment:7",
      JSON.stringify([
        // It was on the wire when the page went away: it goes again.
        { ...entry, client_id: "restored-1", text: "First", state: "sending" },
        { ...entry, client_id: "restored-2", text: "Second", state: "failed", error: "Offline" },
      ]),
    );
    await renderChat(history([message({ content: "Before" })]));
    const [first, second] = await screen.findAllByTestId("chat-pending-message");
    expect(within(first!).getByText("First")).toBeInTheDocument();
    expect(within(first!).getByText("Not sent")).toBeInTheDocument();
    expect(within(second!).getByText("Not sent · Offline")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Not sent: 2 messages kept from before.");

    const socket = FakeSocket.latest("/ws/group-chat/7/");
    socket.open();
    await waitFor(() =>
      expect(socket.sent).toContainEqual(
        expect.objectContaining({
          action: "send_message",
          message: "First",
          client_id: "restored-1",
        }),
      ),
    );
    // The failed one waits for Retry.
    expect(socket.sent.some((frame) => frame.client_id === "restored-2")).toBe(false);
    socket.emit("error", {
      message: "Chat is available only when the status is Quotation Accepted.",
      action: "send_message",
      client_id: "restored-1",
    });
    expect(
      await within(first!).findByText(
        "Not sent · Chat is available only when the status is Quotation Accepted.",
      ),
    ).toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
    expect(screen.getByRole("status")).toHaveTextContent(
      "Not sent: Chat is available only when the status is Quotation Accepted.",
    );

    await user.click(within(first!).getByRole("button", { name: "Delete" }));
    await user.click(within(second!).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryAllByTestId("chat-pending-message")).toHaveLength(0));
    expect(localStorage.getItem("CHAT_OUTBOX:1:shipment:7")).toBeNull();
    expect(screen.getByText("Before")).toBeInTheDocument();
  });

  it("shows the server's refusal as an error toast", async () => {
    await renderChat(history([message({ content: "Mine" })]));
    await screen.findByText("Mine");
    const socket = FakeSocket.latest("/ws/group-chat/7/");
    socket.open();
    socket.emit("error", {
      message: "This message has already been read and can no longer be changed",
    });
    expect(notify.error).toHaveBeenCalledWith(
      "This message has already been read and can no longer be changed",
    );
  });

  it("keeps history readable without a composer when sending is closed", async () => {
    await renderChat(history([message({ content: "Old news" })]), { canSend: false });
    await screen.findByText("Old news");
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Message actions" })).not.toBeInTheDocument();
    expect(
      screen.getByText("This chat is closed. The history stays readable."),
    ).toBeInTheDocument();
  });

  it("shows Reconnecting… after a drop, and Retry now reconnects and backfills", async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(Math, "random").mockReturnValue(1);
    const { fetchMock } = await renderChat(history([message({ content: "Before" })]));
    await screen.findByText("Before");
    FakeSocket.latest("/ws/group-chat/7/").open();
    expect(screen.getByText("Live")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Retry now" })).not.toBeInTheDocument();

    // The server stays away through the quick tries and into the longer waits.
    vi.useFakeTimers();
    try {
      for (let attempt = 1; attempt <= 8; attempt += 1) {
        const before = FakeSocket.all.length;
        FakeSocket.latest("/ws/group-chat/7/").drop();
        while (FakeSocket.all.length === before) {
          await act(async () => {
            await vi.advanceTimersByTimeAsync(500);
          });
        }
      }
      FakeSocket.latest("/ws/group-chat/7/").drop();
    } finally {
      // The pending wait is dropped with the fake clock: only Retry now can reconnect from here.
      vi.useRealTimers();
    }
    expect(within(screen.getByTestId("chat-header")).getByText("Reconnecting…")).toBeVisible();
    const socketsBefore = FakeSocket.all.length;
    const fetchesBefore = fetchMock.mock.calls.length;

    await user.click(screen.getByRole("button", { name: "Retry now" }));
    await waitFor(() => expect(FakeSocket.all.length).toBe(socketsBefore + 1));
    FakeSocket.latest("/ws/group-chat/7/").open();
    expect(await screen.findByText("Live")).toBeInTheDocument();
    expect(screen.queryByText("Reconnecting…")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Retry now" })).not.toBeInTheDocument();
    // What was missed is fetched on the way back.
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(fetchesBefore));
  });

  it("reconnects after a drop and fetches what was missed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { fetchMock } = await renderChat(history([message({ content: "Before" })]));
      await screen.findByText("Before");
      const first = FakeSocket.latest("/ws/group-chat/7/");
      first.open();
      const fetchesBefore = fetchMock.mock.calls.length;
      first.drop();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      const second = FakeSocket.latest("/ws/group-chat/7/");
      expect(second).not.toBe(first);
      second.open();
      await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(fetchesBefore));
    } finally {
      vi.useRealTimers();
    }
  });
});
