import type { Page, WebSocketRoute } from "@playwright/test";
import { bearer, register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";
import { acceptedShipment } from "../support/shipments";

const messageRow = (page: Page, text: string) =>
  page.getByTestId("chat-message").filter({ hasText: text });

// The page alone takes seconds on a busy machine; the journey itself is short.
test.describe.configure({ timeout: 180_000 });

test("a message typed while the server is away is kept as Not sent, survives a reload and is sent once", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Sally");
  const agent = await register(request, "Shipper", "Arthur");
  const shipmentId = await acceptedShipment(request, seller, agent);
  const text = "Labels are on the pallets, pickup from 9 am";

  // The seller's chat sockets go through a switch that can cut them and refuse new ones.
  const sellerPage = await openAs(seller, 1440);
  let isCut = false;
  let refusedTries = 0;
  const open: WebSocketRoute[] = [];
  await sellerPage.routeWebSocket(/\/ws\/group-chat\//, (socket) => {
    if (isCut) {
      refusedTries += 1;
      void socket.close({ code: 1006, reason: "unreachable" });
      return;
    }
    socket.connectToServer();
    open.push(socket);
  });
  await sellerPage.goto(`/seller/booking/recentorderstatus/${shipmentId}?src=currentShipments`);
  const chat = sellerPage.getByTestId("chat-panel");
  await expect(chat.getByText("Live", { exact: true })).toBeVisible({ timeout: 90_000 });

  // The server becomes unreachable for the seller's page; the seller writes anyway.
  isCut = true;
  await Promise.all(open.splice(0).map((socket) => socket.close({ code: 1006 })));
  await expect(chat.getByText("Reconnecting…")).toBeVisible();
  const box = chat.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await chat.getByRole("button", { name: "Send" }).click();
  await expect(box).toHaveValue("");
  const pending = chat.getByTestId("chat-pending-message").filter({ hasText: text });
  await expect(pending.getByText("Not sent")).toBeVisible();
  await expect(chat.getByRole("status")).toHaveText(
    "Not sent: your message is kept here and sent when the connection is back.",
  );

  // A reload while still unreachable keeps it, with its actions.
  await sellerPage.reload();
  await expect(pending.getByText("Not sent")).toBeVisible({ timeout: 90_000 });
  await expect(pending.getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(pending.getByRole("button", { name: "Delete" })).toBeVisible();
  await expect(chat.getByText("Reconnecting…")).toBeVisible();
  await docsShot(sellerPage, "chat-not-sent-1440");
  await sellerPage.setViewportSize({ width: 375, height: 800 });
  await chat.evaluate((element) => element.scrollIntoView({ block: "end" }));
  await expect(pending.getByRole("button", { name: "Delete" })).toBeInViewport();
  await docsShot(sellerPage, "chat-not-sent-375", { keepScroll: true });

  // The network comes back: the page tries at once and sends the kept message, stored once.
  expect(refusedTries).toBeGreaterThan(0);
  isCut = false;
  await sellerPage.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(chat.getByText("Live", { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(pending).toHaveCount(0);
  await expect(messageRow(sellerPage, text)).toHaveCount(1);
  // The agent's copy of the chat holds it once.
  const history = await request.get(`/api/chat/messages/${shipmentId}/`, {
    headers: bearer(agent),
  });
  expect(history.status()).toBe(200);
  const messages = ((await history.json()) as { data: { messages: { content: string }[] } }).data
    .messages;
  expect(messages.filter((message) => message.content === text)).toHaveLength(1);
  // Nothing is left behind on the device.
  expect(
    await sellerPage.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith("CHAT_OUTBOX")),
    ),
  ).toEqual([]);
});
