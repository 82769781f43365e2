import type { Locator, Page } from "@playwright/test";
import { register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { shot } from "../support/screenshots";
import { acceptedShipment } from "../support/shipments";

test.describe.configure({ timeout: 240_000 });

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

test("edit and delete are offered only until the other side reads; a deleted message leaves the bell", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Sally");
  const agent = await register(request, "Shipper", "Arthur");
  const shipmentId = await acceptedShipment(request, seller, agent);
  const sellerChat = `/seller/booking/recentorderstatus/${shipmentId}?src=currentShipments`;
  const agentChat = `/shipper/dashboard/orders/status/${shipmentId}?src=accepted`;

  // The seller chats on a wide screen; the agent is elsewhere on a phone.
  const sellerPage = await openAs(seller, 1440);
  await sellerPage.goto(sellerChat);
  await expect(sellerPage.getByText("Live", { exact: true })).toBeVisible({ timeout: 45_000 });
  const agentPhone = await openAs(agent, 375);
  await agentPhone.goto("/shipper/dashboard");

  // Unread: the author may still change it. The agent's bell quotes it meanwhile.
  await send(sellerPage, "Gate code is 4711");
  await agentPhone.getByRole("button", { name: /^Notifications/ }).click();
  const bell = agentPhone.getByRole("dialog", { name: "Notifications" });
  const quoted = bell.getByTestId("notification-item").first();
  await expect(quoted).toContainText("New message from Sally Tester: Gate code is 4711");
  await openActions(sellerPage, "Gate code is 4711");
  await expect(sellerPage.getByRole("menuitem", { name: "Edit" })).not.toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await sellerPage.getByRole("menuitem", { name: "Delete" }).click();
  await sellerPage.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(messageRow(sellerPage, "Gate code is 4711")).toHaveCount(0);
  // The open list on the phone loses the text at once.
  await expect(quoted).toContainText("New message from Sally Tester: (message deleted)");
  await expect(bell.getByText(/4711/)).toHaveCount(0);
  await shot(agentPhone, "chat-deleted-bell-375", false);
  await agentPhone.keyboard.press("Escape");

  // The seller starts an edit; the agent opens the chat and reads the message first.
  await send(sellerPage, "Pickup at 9");
  await openActions(sellerPage, "Pickup at 9");
  await sellerPage.getByRole("menuitem", { name: "Edit" }).click();
  const box = sellerPage.getByRole("textbox", { name: "Message" });
  await box.press("End");
  await box.pressSequentially(" sharp, gate B");
  await agentPhone.goto(`${agentChat}#chat`);
  await expect(messageRow(agentPhone, "Pickup at 9")).toBeInViewport({ timeout: 45_000 });
  // The typed edit stays, edit mode ends, and the reason shows beside the box.
  const notice = sellerPage.getByTestId("composer-notice");
  await expect(notice).toContainText("Read by Arthur Tester, so your edit was not saved.");
  await expect(box).toHaveValue("Pickup at 9 sharp, gate B");
  await expect(sellerPage.getByText("Editing message")).toHaveCount(0);
  await openActions(sellerPage, "Pickup at 9");
  for (const name of ["Edit", "Delete"]) {
    await expect(sellerPage.getByRole("menuitem", { name })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  }
  await expect(sellerPage.getByTestId("message-lock-note")).toHaveText(
    "Read by Arthur Tester: it can no longer be edited or deleted.",
  );
  await shot(sellerPage, "chat-edit-locked-1440", false);
  await sellerPage.keyboard.press("Escape");
  // What was typed goes out as a new message instead.
  await sellerPage.getByRole("button", { name: "Send" }).click();
  await expect(messageRow(agentPhone, "Pickup at 9 sharp, gate B")).toBeVisible();

  // On a phone the same: the seller has the chat open, so the agent's message is read at once.
  await send(agentPhone, "Driver is on the way");
  await expect(
    messageRow(agentPhone, "Driver is on the way").getByRole("img", {
      name: "Read by Sally Tester",
    }),
  ).toBeVisible();
  await openActions(agentPhone, "Driver is on the way");
  await expect(agentPhone.getByRole("menuitem", { name: "Edit" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expect(agentPhone.getByTestId("message-lock-note")).toBeVisible();
  await shot(agentPhone, "chat-edit-locked-375", false);
});
