import type { APIRequestContext, Page } from "@playwright/test";
import { bearer, logInAdmin, register, type Account } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot, shot } from "../support/screenshots";
import { acceptQuotation, createShipment } from "../support/shipments";

/** Booked, bid on by the agent, approved early by an admin and accepted: no bid window to wait for. */
async function acceptedOrder(
  request: APIRequestContext,
  seller: Account,
  agent: Account,
  admin: Account,
  product: string,
): Promise<number> {
  const id = await createShipment(request, seller, product);
  const bid = await request.post("/api/shipper/quotation/", {
    headers: bearer(agent),
    data: { shipment: id, pickup_amount: "100", fast_amount: "900", normal_amount: "" },
  });
  expect(bid.status(), await bid.text()).toBe(201);
  const quotationId = ((await bid.json()) as { data: { id: number } }).data.id;
  const approved = await request.post(`/api/admin/shipments/${id}/winner/`, {
    headers: bearer(admin),
    data: { quotation_id: quotationId },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await acceptQuotation(request, seller, quotationId);
  return id;
}

/** Opens the agent's current orders and the Add Info dialog of the order. */
async function openAddInfo(page: Page, id: number) {
  await page.goto("/shipper/dashboard/orders");
  // Rows of a table on wide screens, cards of a list on phones.
  const order = page
    .getByRole(page.viewportSize()!.width < 900 ? "listitem" : "row")
    .filter({ hasText: new RegExp(`#${id}(?!\\d)`) });
  await order.getByRole("button", { name: "Add info" }).click({ timeout: 45_000 });
  const dialog = page.getByRole("dialog", { name: "Add Info" });
  await expect(dialog).toBeVisible();
  return { order, dialog };
}

test("an agent adds a UPS and a DHL number; the seller sees each carrier's tracking link", async ({
  openAs,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await register(request, "Seller", "Sally");
  const agent = await register(request, "Shipper", "Arthur");
  const admin = await logInAdmin(request);
  const stamp = Date.now() % 100000;
  const upsOrder = await acceptedOrder(request, seller, agent, admin, `Mugs UPS ${stamp}`);
  const dhlOrder = await acceptedOrder(request, seller, agent, admin, `Mugs DHL ${stamp}`);

  // Wide screen: a UPS number typed in groups, recognised as it is typed.
  const wide = await openAs(agent, 1440);
  const ups = await openAddInfo(wide, upsOrder);
  await ups.dialog.getByRole("textbox", { name: "Final amount" }).fill("950");
  await ups.dialog.getByRole("textbox", { name: "Tracking number" }).fill("1Z5R 8939 0357 5671 27");
  await expect(ups.dialog.getByText("Carrier: UPS")).toBeVisible();
  await expect(ups.dialog.getByRole("combobox", { name: "Carrier" })).toHaveCount(0);
  await docsShot(wide, "add-info-carrier-1440", { keepScroll: true });
  await ups.dialog.getByRole("button", { name: "Save" }).click();
  await expect(ups.dialog).toBeHidden();
  await expect(
    ups.order.getByRole("link", {
      name: "https://www.ups.com/track?tracknum=1Z5R89390357567127",
    }),
  ).toBeVisible();
  await shot(wide, "shipper-orders-tracking-1280");

  // Phone: a number that could be DHL's or an air waybill asks for the carrier; a DHL Express
  // number does not.
  const phone = await openAs(agent, 375);
  const dhl = await openAddInfo(phone, dhlOrder);
  await dhl.dialog.getByRole("textbox", { name: "Final amount" }).fill("720");
  const number = dhl.dialog.getByRole("textbox", { name: "Tracking number" });
  await number.fill("82617809676");
  const carrier = dhl.dialog.getByRole("combobox", { name: "Carrier" });
  await expect(carrier).toHaveText("DHL");
  await docsShot(phone, "add-info-carrier-375", { keepScroll: true });
  await number.fill("3318810025");
  await expect(dhl.dialog.getByText("Carrier: DHL")).toBeVisible();
  await expect(carrier).toHaveCount(0);
  await dhl.dialog.getByRole("button", { name: "Save" }).click();
  await expect(dhl.dialog).toBeHidden();
  await expect(dhl.order.getByRole("link", { name: /dhl\.com/ })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(phone, "shipper-orders-tracking-375");

  // The seller's orders link to UPS and DHL, and the long links wrap on a phone.
  const sellerWide = await openAs(seller, 1440);
  await sellerWide.goto(`/seller/booking/recentorderstatus/${upsOrder}?src=currentShipments`);
  await expect(sellerWide.getByText("UPS", { exact: true })).toBeVisible({ timeout: 45_000 });
  const upsLink = sellerWide.getByRole("link", { name: /ups\.com\/track/ });
  await expect(upsLink).toHaveAttribute(
    "href",
    "https://www.ups.com/track?tracknum=1Z5R89390357567127",
  );
  await upsLink.scrollIntoViewIfNeeded();
  await docsShot(sellerWide, "seller-order-carrier-link-1440", { keepScroll: true });

  const sellerPhone = await openAs(seller, 375);
  await sellerPhone.goto(`/seller/booking/recentorderstatus/${dhlOrder}?src=currentShipments`);
  const dhlLink = sellerPhone.getByRole("link", { name: /dhl\.com/ });
  await expect(dhlLink).toHaveAttribute(
    "href",
    "https://www.dhl.com/us-en/home/tracking.html?tracking-id=3318810025&submit=1",
  );
  await expect(sellerPhone.getByText("DHL", { exact: true })).toBeVisible();
  await dhlLink.scrollIntoViewIfNeeded();
  const box = (await dhlLink.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(
    await sellerPhone.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(375);
  await docsShot(sellerPhone, "seller-order-carrier-link-375", { keepScroll: true });
});
