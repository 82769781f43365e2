import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { bearer, register, type Account } from "../support/accounts";
import { apiBidDetails, fillBidDetails } from "../support/bids";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";
import { approveEarly, createShipment, getShipment, isoDate, placeBid } from "../support/shipments";

test.describe.configure({ timeout: 300_000 });

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

async function notificationTexts(request: APIRequestContext, account: Account) {
  const res = await request.get("/api/chat/notifications/", { headers: bearer(account) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: Array<{ content: string }> }).data.map((n) => n.content);
}

test("two agents bid with details, the seller compares, picks the faster with a reason, both agents learn why, and the seller rates the agent", async ({
  openAs,
  request,
}) => {
  const [seller, slow, fast] = await Promise.all([
    register(request, "Seller", "Selina"),
    register(request, "Shipper", "Sam"),
    register(request, "Shipper", "Faye"),
  ]);
  const shipmentId = await createShipment(request, seller, "Ceramic Planters");

  // The slow, cheaper agent bids on a wide screen: sea, 30-38 days, with what it includes.
  const slowPage = await openAs(slow, 1440);
  await slowPage.goto(`/shipper/bid/${shipmentId}`);
  await slowPage.getByRole("textbox", { name: "Pickup amount" }).fill("150");
  await slowPage.getByRole("textbox", { name: "Normal shipping amount" }).fill("850");
  await fillBidDetails(slowPage, { normal: { type: "Sea", min: 30, max: 38 } }, [
    "Pickup at origin",
    "Main freight",
  ]);
  await slowPage.getByRole("textbox", { name: "Note" }).fill("Weekly sailing from Ningbo");
  const total = slowPage.getByRole("status", { name: "Bid total" });
  await expect(total).toContainText("Total $1,000.00");
  await expect(total).toContainText("per chargeable kg");
  await slowPage.getByRole("checkbox", { name: "Main freight" }).scrollIntoViewIfNeeded();
  await docsShot(slowPage, "bid-form-1440", { keepScroll: true });
  await expectAccessible(slowPage);
  await slowPage.getByRole("button", { name: "Submit" }).click();
  const confirm = slowPage.getByRole("dialog", { name: "Confirm your quotation" });
  await expect(confirm).toContainText("Sea, 30–38 days");
  await expect(confirm).toContainText("Duties and taxes are always excluded");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(slowPage.getByText("Your quotation has been submitted.")).toBeVisible();

  // The faster agent bids by air express (or by sea), all in including delivery to the FC, for
  // more.
  const fastBid = await request.post("/api/shipper/quotation/", {
    headers: bearer(fast),
    data: {
      shipment: shipmentId,
      pickup_amount: "150",
      fast_amount: "1250",
      normal_amount: "1150",
      ...apiBidDetails(isoDate(3), { fast: true, normal: true }),
      inclusions: [
        "pickup_origin",
        "export_customs",
        "main_freight",
        "import_customs",
        "fc_delivery",
      ],
    },
  });
  expect(fastBid.status(), await fastBid.text()).toBe(201);

  // The window closes (an admin approves at once); the lowest total is the automatic winner.
  await approveEarly(request, slow, shipmentId);

  const shipmentPath = `/seller/booking/order/status/${shipmentId}`;
  for (const width of [1440, 375]) {
    const page = await openAs(seller, width);
    await page.goto(shipmentPath);
    const panel = page.getByRole("region", { name: "Compare bids" });
    await expect(panel).toContainText("Automatic winner: Sam Tester, lowest total of 2 bids.");
    if (width === 1440) {
      const table = panel.getByRole("table", { name: "Bid comparison" });
      await expect(table.getByRole("columnheader").nth(1)).toContainText("Sam Tester");
      await expect(table.getByRole("row", { name: /Delivery to each Amazon FC/ })).toContainText(
        "Not included",
      );
      await panel.getByRole("combobox", { name: "Sort by" }).selectOption("Transit time");
      await expect(table.getByRole("columnheader").nth(1)).toContainText("Faye Tester");
    } else {
      const cards = panel.getByRole("listitem").filter({ hasText: "Tester" });
      await expect(cards.first()).toContainText("Sam Tester");
      await expect(panel.getByRole("listitem", { name: "Faye Tester's bid" })).toContainText(
        "Air express, 5–7 days",
      );
    }
    await panel.scrollIntoViewIfNeeded();
    await docsShot(page, `comparison-${width}`, { keepScroll: true });
    await expectAccessible(page);
    if (width === 375) {
      // Picking another bid names each service's own price (as the comparison lists it) and its
      // total with the pickup, on a phone as on a wide screen.
      await page.getByRole("button", { name: "Pick Faye Tester's bid" }).click();
      const phoneAward = page.getByRole("dialog", { name: "Accept Faye Tester's bid" });
      await expect(
        phoneAward.getByRole("radio", {
          name: "Normal (Sea, 30–38 days): $1,150.00 (total $1,300.00)",
        }),
      ).toBeChecked();
      await expect(
        phoneAward.getByRole("radio", {
          name: "Fast (Air express, 5–7 days): $1,250.00 (total $1,400.00)",
        }),
      ).toBeVisible();
      await expect(
        phoneAward.getByRole("group", { name: "Accepted service and amount" }),
      ).toContainText("Total$1,300.00");
      await docsShot(page, "award-dialog-375");
      await phoneAward.getByRole("button", { name: "Back" }).click();
      await expect(phoneAward).toBeHidden();
      await page.close();
    }
  }

  // The seller picks the faster bid, not the lowest, with a reason.
  const sellerPage = await openAs(seller, 1440);
  await sellerPage.goto(shipmentPath);
  await sellerPage.getByRole("button", { name: "Pick Faye Tester's bid" }).click();
  const award = sellerPage.getByRole("dialog", { name: "Accept Faye Tester's bid" });
  await award
    .getByRole("radio", { name: "Fast (Air express, 5–7 days): $1,250.00 (total $1,400.00)" })
    .check();
  await expect(award.getByRole("group", { name: "Accepted service and amount" })).toContainText(
    "Total$1,400.00",
  );
  await award.getByRole("button", { name: "Accept this bid" }).click();
  await expect(award.getByText("Choose why you pick this bid")).toBeVisible();
  await award.getByRole("combobox", { name: /Reason/ }).click();
  await sellerPage.getByRole("option", { name: "Faster transit" }).click();
  // The reason's menu fades out: axe judges the dialog once it is gone, not its fading options.
  await expect(sellerPage.getByRole("listbox")).toBeHidden();
  await docsShot(sellerPage, "award-dialog-1440");
  await expectAccessible(sellerPage);
  await award.getByRole("button", { name: "Accept this bid" }).click();
  await expect(award).toBeHidden();
  await expect(sellerPage.getByRole("region", { name: "Compare bids" })).toContainText(
    "You accepted Faye Tester's bid instead: Faster transit.",
  );

  // Both agents learn the outcome and why.
  for (const agent of [fast, slow]) {
    await expect
      .poll(async () => (await notificationTexts(request, agent)).join("\n"))
      .toMatch(new RegExp(`#${shipmentId}[\\s\\S]*Faster transit`));
  }
  const slowBell = await openAs(slow, 375);
  await slowBell.goto("/shipper/dashboard/orders/shipment-histories");
  await expect(slowBell.getByRole("heading", { name: "Shipments History" })).toBeVisible();
  // A click while the header still mounts can be lost on a slow machine: click until it opens.
  const slowBellDialog = slowBell.getByRole("dialog", { name: "Notifications" });
  await expect(async () => {
    if (!(await slowBellDialog.isVisible()))
      await slowBell.getByRole("button", { name: /notifications/i }).click();
    await expect(slowBellDialog).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(slowBellDialog).toContainText("Faster transit");

  // The order is delivered and completed; the seller rates the agent on a phone.
  const info = await request.patch(`/api/shipments/${shipmentId}/`, {
    headers: bearer(fast),
    data: { tracking_number: "123456789012", final_amount: "1400" },
  });
  expect(info.status(), await info.text()).toBe(200);
  const completed = await request.patch(`/api/shipment-status-update/${shipmentId}/`, {
    headers: bearer(fast),
    data: { status: "Shipment Completed" },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  const before = await request.get(`/api/agents/${fast.user.id}/scorecard/`, {
    headers: bearer(seller),
  });
  expect(before.status(), await before.text()).toBe(200);
  expect(((await before.json()) as { data: { rating_count: number } }).data.rating_count).toBe(0);

  const phone = await openAs(seller, 375);
  await phone.goto(shipmentPath);
  const rate = phone.getByRole("region", { name: "Rate the agent" });
  await rate.getByRole("button", { name: "Send rating" }).click();
  await expect(rate.getByText("Give a score from 1 to 5").first()).toBeVisible();
  for (const [group, stars] of [
    ["Overall", "5 Stars"],
    ["Communication", "5 Stars"],
    ["Care of cargo", "4 Stars"],
    ["Punctuality", "5 Stars"],
    ["As described", "4 Stars"],
  ] as const) {
    await rate.getByRole("group", { name: group }).locator("label", { hasText: stars }).click();
    await expect(
      rate.getByRole("group", { name: group }).getByRole("radio", { name: stars }),
    ).toBeChecked();
  }
  await rate.getByRole("textbox", { name: /Comment/ }).fill("Arrived a week early, well packed");
  await rate.scrollIntoViewIfNeeded();
  await docsShot(phone, "rating-form-375", { keepScroll: true });
  await expectAccessible(phone);
  await rate.getByRole("button", { name: "Send rating" }).click();
  await expect(rate).toContainText("“Arrived a week early, well packed”");
  await expect(rate.getByRole("button", { name: "Send rating" })).toHaveCount(0);

  const after = await request.get(`/api/agents/${fast.user.id}/scorecard/`, {
    headers: bearer(seller),
  });
  const scorecard = (
    (await after.json()) as { data: { rating_count: number; rating_average: number } }
  ).data;
  expect(scorecard).toMatchObject({ rating_count: 1, rating_average: 5 });

  // The agent answers once.
  const fastPage = await openAs(fast, 1440);
  await fastPage.goto(`/shipper/dashboard/orders/pastorders/status/${shipmentId}`);
  const rating = fastPage.getByRole("region", { name: "Rating" });
  await expect(rating).toContainText("Arrived a week early, well packed");
  await rating
    .getByRole("textbox", { name: /Your answer/ })
    .fill("Thank you, glad it arrived early");
  await rating.getByRole("button", { name: "Send answer" }).click();
  await expect(rating).toContainText("The agent's answer");
  await expect(rating.getByRole("button", { name: "Send answer" })).toHaveCount(0);
});

test("the seller passes over the winning estimate for the next bid, whose agent is told, at 1440 and 375 px", async ({
  openAs,
  request,
}) => {
  const [seller, lowest, next] = await Promise.all([
    register(request, "Seller", "Nadia"),
    register(request, "Shipper", "Lou"),
    register(request, "Shipper", "Nico"),
  ]);
  const shipmentId = await createShipment(request, seller, "Oak Coasters");
  // Totals $400 and $700; an admin approves the lowest at once (the window closes).
  await placeBid(request, lowest, shipmentId, "300");
  await placeBid(request, next, shipmentId, "600");
  await approveEarly(request, lowest, shipmentId);

  const page = await openAs(seller, 1440);
  const estimate = `/seller/booking/order/status/${shipmentId}?src=pendingorders`;
  await page.goto(estimate);
  const panel = page.getByRole("region", { name: "Estimate", exact: true });
  await expect(panel).toContainText("lowest quotation from Lou Tester");
  // Beside the spec's decline (which cancels the shipment).
  await expect(panel.getByRole("button", { name: "Decline" })).toBeVisible();
  await panel.getByRole("button", { name: "Take the next bid" }).click();
  const dialog = page.getByRole("dialog", { name: "Take the next bid" });
  await expect(dialog).toContainText("Lou Tester's estimate will be declined");
  await dialog.getByRole("textbox", { name: /Reason/ }).fill("Pickup date does not work for us");
  await docsShot(page, "take-next-bid-1440");
  await dialog.getByRole("button", { name: "Take the next bid" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("The next lowest bid is now your estimate")).toBeVisible();
  await expect(panel).toContainText("the next lowest quotation from Nico Tester");
  expect(await getShipment(request, seller, shipmentId)).toMatchObject({
    status: "Quotation Approved",
    quotation: { user: { id: next.user.id } },
  });
  // The agent passed over is told why; the next one that its bid now wins.
  expect(await notificationTexts(request, lowest)).toContain(
    `Your quotation for shipment #${shipmentId} (Oak Coasters) was declined: Pickup date does not work for us`,
  );
  expect(await notificationTexts(request, next)).toContain(
    `Your quotation for shipment #${shipmentId} (Oak Coasters) won the bidding`,
  );

  // On a phone: the new estimate, with no next bid left to take.
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto(estimate);
  await expect(panel).toContainText("the next lowest quotation from Nico Tester");
  // The comparison offers no pick of the bid passed over.
  const passedOver = page.getByRole("listitem", { name: "Lou Tester's bid" });
  await expect(passedOver.getByText("Declined when you took the next bid")).toBeVisible();
  await expect(passedOver.getByRole("button", { name: /Pick/ })).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await docsShot(page, "take-next-bid-375", { keepScroll: true });
  await panel.getByRole("button", { name: "Take the next bid" }).click();
  await dialog.getByRole("textbox", { name: /Reason/ }).fill("Still too slow");
  await dialog.getByRole("button", { name: "Take the next bid" }).click();
  await expect(
    page.getByText("There is no other bid to take: decline the estimate or keep it"),
  ).toBeVisible();
});
