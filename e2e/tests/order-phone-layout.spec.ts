import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { bearer, register, type Account } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";
import {
  acceptQuotation,
  approveEarly,
  getShipment,
  placeBid,
  shipmentInput,
} from "../support/shipments";

test.describe.configure({ timeout: 240_000 });

// The longest goods category: on a phone its chip must wrap, not be cut.
const LONG_CATEGORY = "No, my shipment does not contain any of the goods listed";

/** An accepted order whose goods category is the longest one. */
async function acceptedOrder(request: APIRequestContext, seller: Account, agent: Account) {
  const input = shipmentInput(seller, "Linen Table Runners");
  const res = await request.post("/api/shipments/", {
    headers: bearer(seller),
    data: { ...input, compliance: { ...input.compliance, compliance: [LONG_CATEGORY] } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const shipmentId = ((await res.json()) as { data: { id: number } }).data.id;
  await placeBid(request, agent, shipmentId, "900");
  await approveEarly(request, agent, shipmentId);
  const { quotation } = await getShipment(request, seller, shipmentId);
  await acceptQuotation(request, seller, quotation!.id);
  return shipmentId;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

/** The goods category's chip shows whole: inside the screen and its text not cut short. */
async function expectCategoryChipWhole(page: Page, width: number) {
  const label = page.getByText(LONG_CATEGORY, { exact: true });
  await label.scrollIntoViewIfNeeded();
  await expect(label).toBeVisible();
  const chip = label.locator("xpath=..");
  const chipBox = await box(chip);
  expect(chipBox.x).toBeGreaterThanOrEqual(0);
  expect(chipBox.x + chipBox.width).toBeLessThanOrEqual(width);
  const cut = await label.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(cut).toBeLessThanOrEqual(0);
}

/**
 * On a phone the Chat button sits in the sticky bar under the app bar, never over the page's
 * content: whatever is scrolled into view, at the bottom of the screen or anywhere, is clear of it.
 */
async function expectChatButtonClearOf(page: Page, content: Locator) {
  const button = page.getByRole("button", { name: /^Chat/ });
  await expect(button).toBeVisible();
  for (const block of ["end", "center"] as const) {
    await content.evaluate((element, at) => element.scrollIntoView({ block: at }), block);
    await expect(button).toBeVisible();
    const buttonBox = await box(button);
    const contentBox = await box(content);
    const overlaps =
      buttonBox.x < contentBox.x + contentBox.width &&
      contentBox.x < buttonBox.x + buttonBox.width &&
      buttonBox.y < contentBox.y + contentBox.height &&
      contentBox.y < buttonBox.y + buttonBox.height;
    expect(overlaps, `the Chat button covers the content scrolled to ${block}`).toBe(false);
  }
  // The button is part of the bar the content scrolls under, not over the content itself.
  const bar = await box(page.getByRole("navigation", { name: "On this page" }));
  const buttonBox = await box(button);
  expect(buttonBox.y).toBeGreaterThanOrEqual(bar.y);
  expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(bar.y + bar.height + 0.5);
}

/**
 * Each rating's five stars on one line, and the ratings' stars starting at one left edge per
 * column of the layout (two on a wide screen, one on a phone).
 */
async function expectStarsLinedUp(stars: Locator, columns: number) {
  const count = await stars.count();
  expect(count).toBeGreaterThanOrEqual(5);
  const lefts: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const row = stars.nth(index);
    const tops = await row
      .locator("svg")
      .evaluateAll((svgs) =>
        svgs
          .filter((svg) => !svg.closest("[data-filled]"))
          .map((svg) => Math.round(svg.getBoundingClientRect().bottom)),
      );
    expect(tops.length).toBe(5);
    expect(new Set(tops).size, `stars of rating ${index + 1} on one line`).toBe(1);
    lefts.push(Math.round((await box(row)).x));
  }
  expect(
    new Set(lefts).size,
    `the ratings' stars start at ${columns} edge(s): ${lefts.join(", ")}`,
  ).toBeLessThanOrEqual(columns);
}

test("an order on a phone: the Chat button covers nothing, the goods category shows whole, the rating's stars line up", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Selma");
  const agent = await register(request, "Shipper", "Anton");
  const shipmentId = await acceptedOrder(request, seller, agent);
  const agentOrder = `/shipper/dashboard/orders/status/${shipmentId}?src=accepted`;
  const sellerOrder = `/seller/booking/recentorderstatus/${shipmentId}?src=currentShipments`;
  const needs = "Completing the shipment needs the final amount and the tracking number.";

  // Wide: the chat sits beside the order, there is no Chat button, the chip is whole.
  const agentWide = await openAs(agent, 1440);
  await agentWide.goto(agentOrder);
  await expect(agentWide.getByText(needs)).toBeVisible({ timeout: 45_000 });
  await expect(agentWide.getByTestId("chat-panel")).toBeVisible();
  await expect(agentWide.getByRole("button", { name: /^Chat/ })).toHaveCount(0);
  await expectCategoryChipWhole(agentWide, 1440);

  // Phone: the agent's order.
  const agentPhone = await openAs(agent, 375);
  await agentPhone.goto(agentOrder);
  const needsText = agentPhone.getByText(needs);
  await expect(needsText).toBeVisible({ timeout: 45_000 });
  await expectChatButtonClearOf(agentPhone, needsText);
  await docsShot(agentPhone, "order-phone-chat-button-375", { keepScroll: true });
  await expectCategoryChipWhole(agentPhone, 375);
  await docsShot(agentPhone, "order-phone-goods-category-375", { keepScroll: true });
  // The button still takes the reader to the chat.
  await agentPhone.getByRole("button", { name: /^Chat/ }).click();
  await expect(agentPhone.getByTestId("chat-panel")).toBeInViewport({ ratio: 0.9 });

  // Phone: the seller's order, the summary at the top clear of the button too.
  const sellerPhone = await openAs(seller, 375);
  await sellerPhone.goto(sellerOrder);
  const next = sellerPhone.getByTestId("order-next-step");
  await expect(next).toBeVisible({ timeout: 45_000 });
  await expectChatButtonClearOf(sellerPhone, next);
  await expectCategoryChipWhole(sellerPhone, 375);

  // Completed: the seller's rating form, then the rating given.
  const details = await request.patch(`/api/shipments/${shipmentId}/`, {
    headers: bearer(agent),
    data: { tracking_number: "123456789012", final_amount: "1000" },
  });
  expect(details.status(), await details.text()).toBe(200);
  const done = await request.patch(`/api/shipment-status-update/${shipmentId}/`, {
    headers: bearer(agent),
    data: { status: "Shipment Completed" },
  });
  expect(done.status(), await done.text()).toBe(200);

  for (const width of [1440, 375]) {
    const page = await openAs(seller, width);
    await page.goto(sellerOrder);
    const form = page.getByRole("region", { name: "Rate the agent" });
    await expect(form.getByRole("radio").first()).toBeAttached({ timeout: 45_000 });
    await form.scrollIntoViewIfNeeded();
    await expectStarsLinedUp(form.locator(".MuiRating-root"), width === 375 ? 1 : 2);
    if (width === 375) await docsShot(page, "order-phone-rating-form-375", { keepScroll: true });
  }

  const rated = await request.post(`/api/shipments/${shipmentId}/rating/`, {
    headers: bearer(seller),
    data: {
      overall: 5,
      communication: 4,
      care_of_cargo: 5,
      punctuality: 3,
      as_described: 4,
      comment: "On time",
    },
  });
  expect(rated.status(), await rated.text()).toBe(201);
  for (const width of [1440, 375]) {
    const page = await openAs(seller, width);
    await page.goto(sellerOrder);
    const summary = page.getByRole("region", { name: "Rate the agent" });
    const stars = summary.getByRole("img", { name: / out of 5$/ });
    await expect(stars.first()).toBeVisible({ timeout: 45_000 });
    await summary.scrollIntoViewIfNeeded();
    await expectStarsLinedUp(stars, width === 375 ? 1 : 2);
    if (width === 375) await docsShot(page, "order-phone-rating-375", { keepScroll: true });
  }
});
