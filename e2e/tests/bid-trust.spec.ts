import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { bearer, logInAdmin, register, type Account } from "../support/accounts";
import { fillBidDetails } from "../support/bids";
import { expect, test } from "../support/fixtures";
import { docsShot, shot } from "../support/screenshots";
import { createShipment, getShipment } from "../support/shipments";

test.describe.configure({ timeout: 120_000 });

interface QuotationRow {
  id: number;
  pickup_amount: string;
  fast_amount: string | null;
  normal_amount: string | null;
  total_amount: string;
  accepted_service: string | null;
  user: { id: number };
}

async function ownQuotation(request: APIRequestContext, agent: Account, shipmentId: number) {
  const res = await request.get(`/api/quotations/?shipment_id=${shipmentId}`, {
    headers: bearer(agent),
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: QuotationRow[] }).data[0];
}

/** Scrolls a field to the middle of the screen (clear of the phone's floating buttons). */
const centre = (field: Locator) =>
  field.evaluate((element) => element.scrollIntoView({ block: "center" }));

/** Types a bid on the agent's bid page and submits it; resolves to the confirmation dialog. */
async function typeBid(page: Page, amounts: { pickup: string; fast: string; normal: string }) {
  await page.getByRole("textbox", { name: "Pickup amount" }).fill(amounts.pickup);
  await page.getByRole("textbox", { name: "Fast shipping amount" }).fill(amounts.fast);
  await page.getByRole("textbox", { name: "Normal shipping amount" }).fill(amounts.normal);
  await fillBidDetails(page, {
    ...(amounts.fast ? { fast: { type: "Air express", min: 5, max: 7 } } : {}),
    ...(amounts.normal ? { normal: { type: "Sea", min: 30, max: 38 } } : {}),
  });
  await page.getByRole("button", { name: "Submit" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm your quotation" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("bids keep their cents and are confirmed; counts refuse decimals; the seller buys the fast service and the agent sees it", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Selma");
  const agent = await register(request, "Shipper", "Amos");
  const rival = await register(request, "Shipper", "Rita");
  const shipmentId = await createShipment(request, seller, "Walnut Serving Tray");

  // A new bid holds 14 days past the window's end date unless its agent changes it.
  const windowEnd = new Date((await getShipment(request, seller, shipmentId)).bidding_ends_at);
  const validity = new Date(`${windowEnd.toISOString().slice(0, 10)}T00:00:00Z`);
  validity.setUTCDate(validity.getUTCDate() + 14);
  const validUntil = validity.toISOString().slice(0, 10);

  // 1440 px: "$1,850.50" is taken as typed and shown as stored; it stays 1850.50 in the
  // confirmation, and nothing is sent before Confirm.
  const agentPage = await openAs(agent, 1440);
  await agentPage.goto(`/shipper/bid/${shipmentId}`);
  await expect(agentPage.getByLabel("Valid until")).toHaveValue(validUntil);
  await centre(agentPage.getByLabel("Valid until"));
  await docsShot(agentPage, "bid-valid-until-1440", { keepScroll: true });
  await agentPage.getByRole("textbox", { name: "Pickup amount" }).fill("$1,850.50");
  await expect(agentPage.getByText("Stored as $1,850.50")).toBeVisible();
  await centre(agentPage.getByRole("textbox", { name: "Pickup amount" }));
  await docsShot(agentPage, "bid-amount-stored-as-1440", { keepScroll: true });
  const bid = await typeBid(agentPage, { pickup: "$1,850.50", fast: "1,200", normal: "900.25" });
  await expect(bid.getByText("$1,850.50")).toBeVisible();
  await expect(bid.getByText("$1,200.00")).toBeVisible();
  await expect(bid.getByText("$900.25")).toBeVisible();
  // The seller's total: pickup plus the cheaper service.
  await expect(bid.getByText("$2,750.75")).toBeVisible();
  await docsShot(agentPage, "bid-confirmation-1440", { keepScroll: true });
  expect(await ownQuotation(request, agent, shipmentId)).toBeUndefined();
  await bid.getByRole("button", { name: "Confirm" }).click();
  await expect(agentPage.getByText("Your quotation has been submitted.")).toBeVisible();
  expect(await ownQuotation(request, agent, shipmentId)).toMatchObject({
    pickup_amount: "1850.50",
    fast_amount: "1200.00",
    normal_amount: "900.25",
    total_amount: "2750.75",
  });

  // 375 px: a third decimal is refused with its message; Back sends nothing.
  const rivalPage = await openAs(rival, 375);
  await rivalPage.goto(`/shipper/bid/${shipmentId}`);
  await expect(rivalPage.getByLabel("Valid until")).toHaveValue(validUntil);
  await centre(rivalPage.getByLabel("Valid until"));
  await docsShot(rivalPage, "bid-valid-until-375", { keepScroll: true });
  await rivalPage.getByRole("textbox", { name: "Pickup amount" }).fill("US$ 1,999.99");
  await expect(rivalPage.getByText("Stored as $1,999.99")).toBeVisible();
  await centre(rivalPage.getByRole("textbox", { name: "Pickup amount" }));
  await docsShot(rivalPage, "bid-amount-stored-as-375", { keepScroll: true });
  await rivalPage.getByRole("textbox", { name: "Pickup amount" }).fill("1999.999");
  await rivalPage.getByRole("textbox", { name: "Normal shipping amount" }).fill("2000");
  await rivalPage.getByRole("button", { name: "Submit" }).click();
  await expect(rivalPage.getByText("Amount can have at most 2 decimals (cents)")).toBeVisible();
  await expect(rivalPage.getByRole("dialog")).toHaveCount(0);
  const rivalBid = await typeBid(rivalPage, { pickup: "1999.99", fast: "", normal: "2000" });
  await expect(rivalBid.getByText("$1,999.99")).toBeVisible();
  await expect(rivalBid.getByText("$3,999.99")).toBeVisible();
  await docsShot(rivalPage, "bid-confirmation-375", { keepScroll: true });
  await rivalBid.getByRole("button", { name: "Back" }).click();
  await expect(rivalPage.getByRole("dialog")).toHaveCount(0);
  expect(await ownQuotation(request, rival, shipmentId)).toBeUndefined();

  // The booking form refuses 1.5 cartons with its message instead of booking 15, at both widths.
  const sellerPage = await openAs(seller, 1440);
  for (const width of [1440, 375]) {
    await sellerPage.setViewportSize({ width, height: 900 });
    await sellerPage.goto("/quotes");
    const cartons = sellerPage
      .getByRole("group", { name: "Amazon warehouse 1" })
      .getByRole("textbox", { name: "Number of cartons" });
    await cartons.fill("1.5");
    await cartons.blur();
    await expect(cartons).toHaveValue("1.5");
    await expect(
      sellerPage.getByText("Total number of cartons must be a whole number"),
    ).toBeVisible();
    // Dollars are taken as people write them, and what will be stored is shown.
    const cost = sellerPage
      .getByRole("group", { name: "Amazon warehouse 1" })
      .getByRole("textbox", { name: "Total cost of goods ($)" });
    await cost.fill("$2,500");
    await expect(sellerPage.getByText("Stored as $2,500.00")).toBeVisible();
    await centre(cost);
    await docsShot(sellerPage, `booking-cost-stored-as-${width}`, { keepScroll: true });
  }

  // The window is closed early by an admin approving the bid (the e2e window lasts 36 s).
  const admin = await logInAdmin(request);
  const quotation = await ownQuotation(request, agent, shipmentId);
  const approve = await request.post(`/api/admin/shipments/${shipmentId}/winner/`, {
    headers: bearer(admin),
    data: { quotation_id: quotation!.id },
  });
  expect(approve.status(), await approve.text()).toBe(200);

  // 375 px: the accept dialog offers both services, the total's one chosen; Back decides nothing.
  const estimate = `/seller/booking/order/status/${shipmentId}?src=pendingorders`;
  await sellerPage.goto(estimate);
  await sellerPage.getByRole("button", { name: "Accept estimate" }).click();
  let dialog = sellerPage.getByRole("dialog", { name: "Accept estimate" });
  await expect(dialog.getByRole("radio", { name: /^Normal: \$900\.25/ })).toBeChecked();
  await expect(dialog.getByRole("group", { name: "Accepted service and amount" })).toContainText(
    "$2,750.75",
  );
  await docsShot(sellerPage, "accept-service-375", { keepScroll: true });
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await getShipment(request, seller, shipmentId)).status).toBe("Quotation Approved");

  // 1440 px: the seller chooses fast, sees its total and confirms.
  await sellerPage.setViewportSize({ width: 1440, height: 900 });
  await sellerPage.goto(estimate);
  await sellerPage.getByRole("button", { name: "Accept estimate" }).click();
  dialog = sellerPage.getByRole("dialog", { name: "Accept estimate" });
  await dialog.getByRole("radio", { name: /^Fast: \$1,200\.00/ }).check();
  const chosen = dialog.getByRole("group", { name: "Accepted service and amount" });
  await expect(chosen).toContainText("Fast");
  await expect(chosen).toContainText("$3,050.50");
  await docsShot(sellerPage, "accept-service-1440", { keepScroll: true });
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(sellerPage).toHaveURL(/\/seller\/booking$/);
  expect(await ownQuotation(request, agent, shipmentId)).toMatchObject({
    accepted_service: "fast",
  });

  // The agent's order names the service bought and its total, at both widths.
  for (const width of [1440, 375]) {
    await agentPage.setViewportSize({ width, height: 900 });
    await agentPage.goto(`/shipper/dashboard/orders/status/${shipmentId}?src=accepted`);
    const yours = agentPage.getByRole("heading", { name: "Your Quotation" }).locator("..");
    await expect(yours.getByText("Service bought")).toBeVisible();
    await expect(yours.getByText("Fast", { exact: true })).toBeVisible();
    await expect(yours.getByText("Total (fast)")).toBeVisible();
    await expect(yours.getByText("$3,050.50")).toBeVisible();
    await shot(agentPage, `bid-trust-agent-order-${width}`);
  }

  // The admin's bids name it beside the winning total.
  const adminPage = await openAs(admin, 1440);
  await adminPage.goto(`/admin/shipments/${shipmentId}`);
  await expect(adminPage.getByText("Fast bought: $3,050.50")).toBeVisible();
  await shot(adminPage, "bid-trust-admin-1440");
});
