import type { APIRequestContext, Page } from "@playwright/test";
import { bearer, logInAdmin, register, type Account } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";
import { createShipment, placeBid } from "../support/shipments";

test.describe.configure({ timeout: 150_000 });

async function quotationOf(request: APIRequestContext, agent: Account, shipmentId: number) {
  const res = await request.get(`/api/quotations/?shipment_id=${shipmentId}`, {
    headers: bearer(agent),
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: Array<{ id: number }> }).data[0]!.id;
}

/** The admin approves the bid now, closing the window (the e2e window otherwise lasts 36 s). */
async function approveNow(request: APIRequestContext, quotationId: number, shipmentId: number) {
  const admin = await logInAdmin(request);
  const res = await request.post(`/api/admin/shipments/${shipmentId}/winner/`, {
    headers: bearer(admin),
    data: { quotation_id: quotationId },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function call(
  request: APIRequestContext,
  method: "patch" | "post",
  url: string,
  account: Account,
  data: Record<string, unknown>,
) {
  const res = await request[method](url, { headers: bearer(account), data });
  expect(res.status(), await res.text()).toBe(200);
}

test("a list whose request fails says so with Retry, and Retry shows its rows, at 1440 and 375 px", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Fern");
  await createShipment(request, seller, "Linen Table Runner");

  for (const width of [1440, 375]) {
    const page = await openAs(seller, width);
    await page.route("**/api/seller/shipments/**", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({
          status: "error",
          status_code: 500,
          message: "Internal Server Error",
          errors: [],
        }),
      }),
    );
    await page.goto("/seller/booking");
    const alert = page.getByRole("alert").filter({ hasText: "Could not load your shipments" });
    await expect(alert).toBeVisible();
    await expect(page.getByText("You have no order yet")).toHaveCount(0);
    await docsShot(page, `list-error-retry-${width}`);

    await page.unroute("**/api/seller/shipments/**");
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByText("Linen Table Runner")).toBeVisible();
    await expect(alert).toHaveCount(0);
  }
});

test("a bid window's end: the loser is told and reads their lost bid, the winner sees the order wait for the seller, a bidless seller sees No bids received", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Gwen");
  const winner = await register(request, "Shipper", "Wade");
  const loser = await register(request, "Shipper", "Lena");
  // Booked first: its 36 s window runs out while the rest of the journey goes on.
  const bidless = await createShipment(request, seller, "Unwanted Umbrellas");
  const contested = await createShipment(request, seller, "Cedar Planters");
  await placeBid(request, winner, contested, "800");
  await placeBid(request, loser, contested, "950");

  // The losing agent's bell is open when the window closes.
  const loserPage = await openAs(loser, 1440);
  await loserPage.goto("/shipper/dashboard");
  await expect(loserPage.getByRole("heading", { name: "Pending Quotations" })).toBeVisible();
  await approveNow(request, await quotationOf(request, winner, contested), contested);

  const bell = loserPage.getByRole("button", { name: /^Notifications, \d+ unread/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await loserPage
    .getByTestId("notification-item")
    .filter({ hasText: `Your quotation for shipment #${contested}` })
    .filter({ hasText: "did not win the bidding" })
    .click();
  await expect(loserPage).toHaveURL(
    new RegExp(`/shipper/dashboard/orders/shipmenthistories/status/${contested}`),
  );
  await expectLostBid(loserPage);
  await docsShot(loserPage, "lost-bid-1440");
  const loserPhone = await openAs(loser, 375);
  await loserPhone.goto(
    `/shipper/dashboard/orders/shipmenthistories/status/${contested}?src=accepted`,
  );
  await expectLostBid(loserPhone);
  await docsShot(loserPhone, "lost-bid-375");

  // The winner's current shipments show the order waiting for the seller, not "no order".
  for (const width of [1440, 375]) {
    const winnerPage = await openAs(winner, width);
    await winnerPage.goto("/shipper/dashboard/orders");
    const waiting = winnerPage.getByRole("region", { name: "Waiting for the seller's decision" });
    await expect(waiting.getByText("Cedar Planters")).toBeVisible();
    await waiting.getByRole("link", { name: "View Shipment" }).click();
    await expect(winnerPage.getByText(/Waiting for the seller's decision\./)).toBeVisible();
  }

  // The bidless window ends: the seller's list and page say so, with the ways forward.
  for (const width of [1440, 375]) {
    const sellerPage = await openAs(seller, width);
    await sellerPage.goto("/seller/booking");
    const row = width === 1440 ? sellerPage.getByRole("row") : sellerPage.getByRole("listitem");
    const bidlessRow = row.filter({ hasText: "Unwanted Umbrellas" });
    await expect(async () => {
      await sellerPage.reload();
      await expect(bidlessRow.getByText("No bids received")).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 90_000, intervals: [2_000] });
    await docsShot(sellerPage, `no-bids-list-${width}`);
    await bidlessRow.getByRole("link", { name: "View shipment" }).click();
    await expect(sellerPage).toHaveURL(new RegExp(`/seller/booking/order/status/${bidless}`));
    const panel = sellerPage.getByRole("region", { name: "No bids received" });
    await expect(panel.getByRole("button", { name: "Reopen bidding" })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Cancel shipment" })).toBeVisible();
    await docsShot(sellerPage, `no-bids-${width}`);
  }
  // And the bell told the seller once.
  const sellerPage = await openAs(seller, 1440);
  await sellerPage.goto("/seller/dashboard");
  await sellerPage.getByRole("button", { name: /^Notifications/ }).click();
  await expect(
    sellerPage
      .getByTestId("notification-item")
      .filter({ hasText: `Bidding closed for shipment #${bidless}` }),
  ).toHaveCount(1);
});

async function expectLostBid(page: Page) {
  await expect(page.getByText("Bid lost")).toBeVisible();
  await expect(page.getByText(/Your quotation did not win the bidding/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Your Quotation" })).toContainText("$1,050.00");
  await expect(page.getByText("You cannot view this shipment right now.")).toHaveCount(0);
  await expect(page.getByTestId("chat-panel")).toHaveCount(0);
}

test("after completion both sides keep the chat history, read-only", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Hana");
  const agent = await register(request, "Shipper", "Ivo");
  const shipmentId = await createShipment(request, seller, "Slate Coasters");
  await placeBid(request, agent, shipmentId, "700");
  const quotationId = await quotationOf(request, agent, shipmentId);
  await approveNow(request, quotationId, shipmentId);
  await call(request, "patch", `/api/quotations/${quotationId}/`, seller, {
    shipment_status: "Quotation Accepted",
  });

  const agentPage = await openAs(agent, 1440);
  await agentPage.goto(`/shipper/dashboard/orders/status/${shipmentId}?src=accepted`);
  const box = agentPage.getByRole("textbox", { name: "Message" });
  await box.fill("Delivered to ONT8, proof attached");
  await agentPage.getByRole("button", { name: "Send" }).click();
  await expect(box).toHaveValue("");
  // The box empties as the message is sent; completion closes the chat, so wait for it to be kept.
  await expect
    .poll(async () =>
      (await request.get(`/api/chat/messages/${shipmentId}/`, { headers: bearer(agent) })).text(),
    )
    .toContain("Delivered to ONT8, proof attached");
  // The bid's total (100 + 700): a final amount above it would open a charge change, and the
  // chat stays open until that is settled.
  await call(request, "patch", `/api/shipments/${shipmentId}/`, agent, {
    tracking_number: "123456789012",
    final_amount: "800",
  });
  await call(request, "patch", `/api/shipment-status-update/${shipmentId}/`, agent, {
    status: "Shipment Completed",
  });

  for (const width of [1440, 375]) {
    const sellerPage = await openAs(seller, width);
    await sellerPage.goto(`/seller/booking/order/status/${shipmentId}`);
    const chat = sellerPage.getByTestId("chat-panel");
    await expect(chat.getByText("Delivered to ONT8, proof attached")).toBeAttached();
    await expect(sellerPage.getByRole("textbox", { name: "Message" })).toHaveCount(0);
  }
  await agentPage.goto(`/shipper/dashboard/orders/pastorders/status/${shipmentId}?src=accepted`);
  await expect(agentPage.getByText("Delivered to ONT8, proof attached")).toBeVisible();
  await expect(agentPage.getByRole("textbox", { name: "Message" })).toHaveCount(0);
});
