import type { Locator, Page } from "@playwright/test";
import { register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { shot } from "../support/screenshots";
import { acceptedShipment } from "../support/shipments";

const messageRow = (page: Page, text: string): Locator =>
  page.getByTestId("chat-message").filter({ hasText: text });

async function openActions(page: Page, text: string) {
  const row = messageRow(page, text);
  await row.hover();
  await row.getByRole("button", { name: "Message actions" }).click();
}

async function send(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(box).toHaveValue("");
}

test.describe.configure({ timeout: 240_000 });

test("seller and agent chat live: send, reply, react, edit, read receipts and the bell", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Sally");
  const agent = await register(request, "Shipper", "Arthur");
  const shipmentId = await acceptedShipment(request, seller, agent);

  const sellerPage = await openAs(seller);
  const agentPage = await openAs(agent);
  const sellerChatUrl = `/seller/booking/recentorderstatus/${shipmentId}?src=currentShipments`;
  const agentChatUrl = `/shipper/dashboard/orders/status/${shipmentId}?src=accepted`;
  await sellerPage.goto(sellerChatUrl);
  await agentPage.goto(agentChatUrl);

  const empty =
    "No messages yet - Messages will appear here once they are placed. Check back later for updates.";
  await expect(sellerPage.getByText(empty)).toBeVisible();
  await expect(agentPage.getByText(empty)).toBeVisible();
  await expect(sellerPage.getByText("Chat with Arthur Tester")).toBeVisible();
  await expect(agentPage.getByText("Chat with Sally Tester")).toBeVisible();
  await expect(sellerPage.getByRole("button", { name: "Send" })).toBeDisabled();
  await expect(sellerPage.getByText("Live", { exact: true })).toBeVisible();
  await expect(agentPage.getByText("Live", { exact: true })).toBeVisible();

  // Seller writes; the agent sees it without a reload, with a clickable link.
  await send(sellerPage, "Hello! Supplier details: https://supplier.example/orders/77");
  await expect(messageRow(agentPage, "Hello! Supplier details")).toBeVisible();
  await expect(
    agentPage.getByRole("link", { name: "https://supplier.example/orders/77" }),
  ).toHaveAttribute("href", "https://supplier.example/orders/77");
  // The agent had it on screen, so the seller sees it read.
  await expect(
    messageRow(sellerPage, "Hello! Supplier details").getByRole("img", {
      name: "Read by Arthur Tester",
    }),
  ).toBeVisible();

  // Agent replies to it; the seller sees the quote.
  await openActions(agentPage, "Hello! Supplier details");
  await agentPage.getByRole("menuitem", { name: "Reply" }).click();
  await expect(agentPage.getByText("Replying to Sally Tester")).toBeVisible();
  await send(agentPage, "Pickup is booked for Monday");
  const reply = messageRow(sellerPage, "Pickup is booked for Monday");
  await expect(reply).toBeVisible();
  await expect(reply.getByTestId("reply-quote")).toContainText("Hello! Supplier details");

  // Seller reacts to the reply; the agent sees the reaction.
  await openActions(sellerPage, "Pickup is booked for Monday");
  await sellerPage.getByRole("menuitem", { name: "React" }).click();
  // The quick row opens right above the message it reacts to.
  const quick = sellerPage.getByRole("group", { name: "Quick reactions" });
  await expect(quick).toBeVisible();
  const rowBox = (await messageRow(sellerPage, "Pickup is booked for Monday").boundingBox())!;
  const quickBox = (await quick.boundingBox())!;
  expect(Math.abs(quickBox.y + quickBox.height - rowBox.y)).toBeLessThan(80);
  await quick.getByRole("button", { name: "React with 👍" }).click();
  await expect(
    messageRow(agentPage, "Pickup is booked for Monday").getByRole("button", {
      name: /👍 reacted by Sally Tester/,
    }),
  ).toBeVisible();
  // The full picker is one click further, from the same row.
  await messageRow(sellerPage, "Pickup is booked for Monday")
    .getByRole("button", { name: "React", exact: true })
    .click();
  await sellerPage.getByRole("button", { name: "More reactions" }).click();
  await expect(sellerPage.locator("button.epr-emoji").first()).toBeVisible();
  await sellerPage.keyboard.press("Escape");

  // An image attachment previews inline on the other side; other files show as a file card.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  await sellerPage
    .getByTestId("chat-file-input")
    .setInputFiles({ name: "carton-label-photo-final.png", mimeType: "image/png", buffer: png });
  await expect(sellerPage.getByText(/carton-label-ph….png · 70 B/)).toBeVisible();
  await sellerPage.getByRole("textbox", { name: "Message" }).fill("Label photo attached");
  await sellerPage.getByRole("button", { name: "Send" }).click();
  const photo = messageRow(agentPage, "Label photo attached").getByRole("img", {
    name: "carton-label-photo-final.png",
  });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);

  await shot(sellerPage, "chat-seller-1280", false);
  await shot(agentPage, "chat-agent-1280", false);

  // The agent leaves the chat; a message written now stays unread, so it can be edited.
  await agentPage.goto("/shipper/dashboard");
  const bell = agentPage.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await send(sellerPage, "Cartons ready on Tuesday");
  await openActions(sellerPage, "Cartons ready on Tuesday");
  await sellerPage.getByRole("menuitem", { name: "Edit" }).click();
  await expect(sellerPage.getByText("Editing message")).toBeVisible();
  await sellerPage.getByRole("textbox", { name: "Message" }).fill("Cartons ready on Wednesday");
  await sellerPage.getByRole("button", { name: "Send" }).click();
  await expect(messageRow(sellerPage, "Cartons ready on Wednesday")).toContainText("edited");
  await expect(messageRow(sellerPage, "Cartons ready on Tuesday")).toHaveCount(0);

  // The agent's bell shows the new message live; clicking it opens the order's chat.
  await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/);
  await bell.click();
  const popover = agentPage.getByRole("dialog", { name: "Notifications" });
  await expect(popover.getByRole("heading", { name: "Notifications" })).toBeVisible();
  const chatNotification = popover
    .getByTestId("notification-item")
    .filter({ hasText: "New message from Sally" })
    .first();
  await expect(chatNotification).toBeVisible();
  await shot(agentPage, "bell-popover-1280", false);
  await chatNotification.click();
  await expect(agentPage).toHaveURL(new RegExp(`/shipper/dashboard/orders/status/${shipmentId}`));
  await expect(messageRow(agentPage, "Cartons ready on Wednesday")).toBeVisible();

  // Read now: the seller sees the receipt, and Edit and Delete are no longer offered, with why.
  const edited = messageRow(sellerPage, "Cartons ready on Wednesday");
  await expect(edited.getByRole("img", { name: "Read by Arthur Tester" })).toBeVisible();
  await openActions(sellerPage, "Cartons ready on Wednesday");
  for (const name of ["Edit", "Delete"]) {
    await expect(sellerPage.getByRole("menuitem", { name })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  }
  await expect(sellerPage.getByTestId("message-lock-note")).toHaveText(
    "Read by Arthur Tester: it can no longer be edited or deleted.",
  );
  await sellerPage.keyboard.press("Escape");

  // Phone widths.
  await sellerPage.setViewportSize({ width: 375, height: 812 });
  await agentPage.setViewportSize({ width: 375, height: 812 });
  await sellerPage.locator("#chat").scrollIntoViewIfNeeded();
  await shot(sellerPage, "chat-seller-375", false);
  await agentPage.getByTestId("chat-panel").scrollIntoViewIfNeeded();
  await shot(agentPage, "chat-agent-375", false);
});
