import AxeBuilder from "@axe-core/playwright";
import type { Page, WebSocketRoute } from "@playwright/test";
import { bearer, logInAdmin, register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot, shot } from "../support/screenshots";
import { acceptedShipment } from "../support/shipments";

test.describe.configure({ timeout: 240_000 });
// As most readers have it: dialogs fade, and the Chat button glides to the chat.
test.use({ reducedMotion: "no-preference" });

const messageRow = (page: Page, text: string) =>
  page.getByTestId("chat-message").filter({ hasText: text });

async function send(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(box).toHaveValue("");
}

/** No serious or critical axe findings on the screen as it is. */
async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const findings = result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => `${n.target.join(" ")} ${n.html}`).join(" | ")}`,
    );
  expect(findings).toEqual([]);
}

/** Every cargo column shows without scrolling the table sideways, at 1280 and 1440 px. */
async function expectCargoTableFits(page: Page) {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const table = page.getByRole("region", { name: "Cargo table" });
    await expect(table).toBeVisible();
    const size = await table.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(size.scrollWidth, `cargo table at ${width} px`).toBeLessThanOrEqual(size.clientWidth);
    const lastHeader = table.getByRole("columnheader", { name: "Chargeable (kg)" });
    await lastHeader.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await expect(lastHeader).toBeInViewport({ ratio: 1 });
    const tableBox = (await table.boundingBox())!;
    const headerBox = (await lastHeader.boundingBox())!;
    expect(headerBox.x + headerBox.width).toBeLessThanOrEqual(tableBox.x + tableBox.width + 0.5);
    // The table is not scrolled sideways to bring the last column in.
    expect(await table.evaluate((element) => element.scrollLeft)).toBe(0);
  }
}

test("the seller's accepted order shows its chat; the cargo table fits; phones reach the chat", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Sally");
  const agent = await register(request, "Shipper", "Arthur");
  const shipmentId = await acceptedShipment(request, seller, agent);

  // The seller's order page (the one the status and pending views link to) now has the chat.
  const sellerPage = await openAs(seller, 1440);
  await sellerPage.goto(`/seller/booking/order/status/${shipmentId}?src=pendingorders`);
  await expect(sellerPage.getByRole("heading", { name: `Shipment #${shipmentId}` })).toBeVisible({
    timeout: 45_000,
  });
  const sellerChat = sellerPage.getByTestId("chat-panel");
  await expect(sellerChat).toBeVisible();
  await expect(sellerChat.getByText("Chat with Arthur Tester")).toBeVisible();
  await expect(sellerChat.getByText("Live", { exact: true })).toBeVisible();
  // Beside the details on a wide screen: no button needed to reach it.
  await expect(sellerPage.getByRole("button", { name: /^Chat/ })).toHaveCount(0);

  const agentPage = await openAs(agent, 1440);
  await agentPage.goto(`/shipper/dashboard/orders/status/${shipmentId}?src=accepted`);
  await expect(agentPage.getByText("Live", { exact: true })).toBeVisible({ timeout: 45_000 });
  await send(sellerPage, "Cartons are packed and labelled");
  await expect(messageRow(agentPage, "Cartons are packed and labelled")).toBeVisible();
  await send(agentPage, "Pickup booked for Monday morning");
  await expect(messageRow(sellerPage, "Pickup booked for Monday morning")).toBeVisible();
  await expectAccessible(sellerPage);
  await docsShot(sellerPage, "seller-order-chat-1440");

  // The cargo table keeps every column on the three order pages that have a chat.
  await expectCargoTableFits(sellerPage);
  await expectCargoTableFits(agentPage);
  const admin = await logInAdmin(request);
  const adminPage = await openAs(admin, 1440);
  await adminPage.goto(`/admin/shipments/${shipmentId}`);
  await expect(adminPage.getByTestId("chat-panel")).toBeVisible({ timeout: 45_000 });
  await expectCargoTableFits(adminPage);
  await shot(adminPage, "admin-shipment-chat-1280", false);

  // Phones: the list's Open chat lands on the chat, not under the app bar.
  const sellerPhone = await openAs(seller, 375);
  await sellerPhone.goto("/seller/booking");
  const row = sellerPhone.getByRole("listitem").filter({ hasText: `#${shipmentId}` });
  await row.getByRole("link", { name: "Open chat" }).click();
  await expect(sellerPhone).toHaveURL(/#chat$/);
  const phoneChat = sellerPhone.getByTestId("chat-panel");
  await expect(messageRow(sellerPhone, "Pickup booked for Monday morning")).toBeVisible();
  await expect(phoneChat).toBeInViewport({ ratio: 0.9 });
  const appBar = (await sellerPhone.getByRole("banner").boundingBox())!;
  const chatHeader = (await sellerPhone.getByTestId("chat-header").boundingBox())!;
  expect(chatHeader.y).toBeGreaterThanOrEqual(appBar.y + appBar.height);

  // Opened at the top, the order page offers a Chat button with the unread count (the wide
  // page is closed first: with the chat on screen there, it would read the message at once).
  await sellerPage.close();
  await sellerPhone.goto(`/seller/booking/order/status/${shipmentId}?src=pendingorders`);
  await expect(sellerPhone.getByRole("heading", { name: `Shipment #${shipmentId}` })).toBeVisible();
  await send(agentPage, "Driver will call 30 minutes ahead");
  const jump = sellerPhone.getByRole("button", { name: "Chat, 1 unread" });
  await expect(jump).toBeVisible();
  await expect(phoneChat).not.toBeInViewport();
  await expectAccessible(sellerPhone);
  await docsShot(sellerPhone, "seller-order-375");
  await jump.click();
  await expect(phoneChat).toBeInViewport({ ratio: 0.9 });
  await expect(messageRow(sellerPhone, "Driver will call 30 minutes ahead")).toBeVisible();
  await expect(sellerPhone.getByRole("button", { name: /^Chat/ })).toHaveCount(0);
  await docsShot(sellerPhone, "seller-order-chat-375", { keepScroll: true });

  // The agent's and the admin's order pages have the same button on phones.
  for (const [account, path] of [
    [agent, `/shipper/dashboard/orders/status/${shipmentId}?src=accepted`],
    [admin, `/admin/shipments/${shipmentId}`],
  ] as const) {
    const phone = await openAs(account, 375);
    await phone.goto(path);
    const button = phone.getByRole("button", { name: /^Chat/ });
    await expect(button).toBeVisible({ timeout: 45_000 });
    await button.click();
    await expect(phone.getByTestId("chat-panel")).toBeInViewport({ ratio: 0.9 });
  }
});

test("after a slow restart the chat and the bell say Reconnecting…, and Retry now brings them back", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Sally");
  const agent = await register(request, "Shipper", "Arthur");
  const shipmentId = await acceptedShipment(request, seller, agent);

  // The seller's sockets go through a switch that can cut them and refuse new ones.
  const sellerPage = await openAs(seller, 1440);
  let isCut = false;
  let refusedChatTries = 0;
  const open: WebSocketRoute[] = [];
  await sellerPage.routeWebSocket(/\/ws\//, (socket) => {
    if (isCut) {
      if (socket.url().includes("/group-chat/")) refusedChatTries += 1;
      void socket.close({ code: 1006, reason: "server restarting" });
      return;
    }
    socket.connectToServer();
    open.push(socket);
  });
  await sellerPage.goto(`/seller/booking/recentorderstatus/${shipmentId}?src=currentShipments`);
  const header = sellerPage.getByTestId("chat-panel");
  await expect(header.getByText("Live", { exact: true })).toBeVisible({ timeout: 45_000 });
  const agentPage = await openAs(agent, 1440);
  await agentPage.goto(`/shipper/dashboard/orders/status/${shipmentId}?src=accepted`);
  await expect(agentPage.getByText("Live", { exact: true })).toBeVisible({ timeout: 45_000 });

  // The server goes away and stays away.
  isCut = true;
  await Promise.all(open.splice(0).map((socket) => socket.close({ code: 1006 })));
  await expect(header.getByText("Reconnecting…")).toBeVisible();
  await expect(header.getByRole("button", { name: "Retry now" })).toBeVisible();
  const bellState = sellerPage.getByRole("status").filter({ hasText: "Reconnecting…" });
  await expect(bellState).toBeVisible();
  await expect(
    sellerPage.getByRole("button", { name: /^Notifications.*reconnecting$/ }),
  ).toBeVisible();
  await send(agentPage, "Written while you were offline");

  // Past the five quick tries the waits grow: after the ninth refusal the next try is 15 s away.
  await expect
    .poll(() => refusedChatTries, { timeout: 90_000, intervals: [500] })
    .toBeGreaterThanOrEqual(9);
  await expect(header.getByText("Reconnecting…")).toBeVisible();
  await expectAccessible(sellerPage);
  await docsShot(sellerPage, "chat-reconnecting-1440");
  const bell = sellerPage.getByRole("button", { name: /^Notifications/ });
  await bell.click();
  const popover = sellerPage.getByRole("dialog", { name: "Notifications" });
  await expect(popover.getByRole("button", { name: "Retry now" })).toBeVisible();
  await sellerPage.keyboard.press("Escape");
  await expect(popover).toBeHidden();

  // Back up: Retry now reconnects at once, and what was written meanwhile shows.
  isCut = false;
  const refusedBefore = refusedChatTries;
  await header.getByRole("button", { name: "Retry now" }).click();
  await expect(header.getByText("Live", { exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: "Retry now" })).toHaveCount(0);
  await expect(bellState).toHaveCount(0);
  expect(refusedChatTries).toBe(refusedBefore);
  await expect(messageRow(sellerPage, "Written while you were offline")).toBeVisible();
  // Live again in both directions.
  await send(sellerPage, "Back online");
  await expect(messageRow(agentPage, "Back online")).toBeVisible();

  const history = await request.get(`/api/chat/messages/${shipmentId}/`, {
    headers: bearer(seller),
  });
  expect(history.status()).toBe(200);
});

test("an admin opens a sample shipment and posts in its chat; the seller sees it live", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Sally");
  const product = `Sample mugs ${Date.now()}`;
  const created = await request.post("/api/sample-shipments/", {
    headers: bearer(seller),
    data: { product_name: product, quantity: 4, address: "12 Harbour Road, Leeds LS1 4AP" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sampleId = ((await created.json()) as { data: { id: number } }).data.id;

  const sellerPage = await openAs(seller, 1440);
  await sellerPage.goto(`/seller/booking/recentorderstatus/${sampleId}?src=sampleShipments`);
  await expect(sellerPage.getByText("Live", { exact: true })).toBeVisible({ timeout: 45_000 });

  const admin = await logInAdmin(request);
  const adminPage = await openAs(admin, 1440);
  await adminPage.goto("/admin/dashboard?tab=samples");
  await adminPage.getByRole("textbox", { name: "Search" }).fill(product);
  const row = adminPage.getByRole("row").filter({ hasText: product });
  await row.getByRole("link", { name: `View sample shipment ${sampleId}` }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/admin/samples/${sampleId}$`));
  const details = adminPage.getByRole("region", { name: "Sample shipment details" });
  await expect(details).toContainText(product);
  await expect(adminPage.getByText("Live", { exact: true })).toBeVisible();
  await send(adminPage, "Admin here: the samples leave the warehouse today");

  const posted = messageRow(sellerPage, "the samples leave the warehouse today");
  await expect(posted).toBeVisible();
  await expect(posted).toContainText("Admin");
  await expectAccessible(adminPage);
  await docsShot(adminPage, "admin-sample-chat-1440");

  // On a phone the admin reaches the same chat with the Chat button.
  const phone = await openAs(admin, 375);
  await phone.goto(`/admin/samples/${sampleId}`);
  await phone.getByRole("button", { name: /^Chat/ }).click();
  await expect(messageRow(phone, "the samples leave the warehouse today")).toBeInViewport();
  await expectAccessible(phone);
});
