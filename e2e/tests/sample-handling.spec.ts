import { bearer, logInAdmin, register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { shot } from "../support/screenshots";

test("agents deliver to the seller's address, and everyone sees who handles a sample; only they act on it", async ({
  openAs,
  request,
}) => {
  test.setTimeout(180_000);
  const seller = await register(request, "Seller", "Sally");
  const handler = await register(request, "Shipper", "Arthur");
  const rival = await register(request, "Shipper", "Rita");
  const product = `Linen towels ${Date.now()}`;
  const created = await request.post("/api/sample-shipments/", {
    headers: bearer(seller),
    data: { product_name: product, quantity: 4, address: "12 Harbour Road, Leeds LS1 4AP" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sampleId = ((await created.json()) as { data: { id: number } }).data.id;

  // The first agent to write in its chat takes the sample over (wide screen).
  const handlerPage = await openAs(handler, 1440);
  await handlerPage.goto(`/shipper/dashboard/orders/status/${sampleId}?src=sampleShipments`);
  const details = handlerPage.getByRole("region", { name: "Sample shipment details" });
  // The agent delivers to what the seller typed; the fixed desk address is labelled as such.
  await expect(details.getByText("Sample Delivery Address")).toBeVisible({ timeout: 45_000 });
  await expect(details).toContainText("12 Harbour Road, Leeds LS1 4AP");
  await expect(details.getByText("FBA Freight samples desk")).toBeVisible();
  await expect(handlerPage.getByText("Live", { exact: true })).toBeVisible();
  await handlerPage.getByRole("textbox", { name: "Message" }).fill("I will bring them Monday");
  await handlerPage.getByRole("button", { name: "Send" }).click();
  await expect(details.getByText("Handled by you")).toBeVisible();
  await shot(handlerPage, "sample-handled-by-you-1440", false);

  // Another agent on a phone: sees who has it, cannot complete it, and its chat is closed.
  const rivalPhone = await openAs(rival, 375);
  await rivalPhone.goto("/shipper/dashboard/orders/sample-shipments");
  const rivalCard = rivalPhone.getByRole("listitem").filter({ hasText: product });
  await expect(rivalCard).toContainText("Handled by Arthur Tester", { timeout: 45_000 });
  await expect(rivalCard).toContainText("12 Harbour Road, Leeds LS1 4AP");
  await expect(rivalCard.getByRole("button", { name: "Mark as complete" })).toHaveCount(0);
  await shot(rivalPhone, "sample-list-rival-375", false);
  await rivalCard.getByRole("link", { name: `View sample shipment ${sampleId}` }).click();
  await expect(rivalPhone).toHaveURL(new RegExp(`/status/${sampleId}\\?`));
  await expect(
    rivalPhone
      .getByRole("region", { name: "Sample shipment details" })
      .getByText("Handled by Arthur Tester"),
  ).toBeVisible();
  await expect(
    rivalPhone.getByText(
      "Arthur Tester is handling this sample shipment, so its chat is closed to you.",
    ),
  ).toBeVisible();
  await expect(rivalPhone.getByRole("button", { name: "Mark as complete" })).toHaveCount(0);
  await expect(rivalPhone.getByTestId("chat-panel")).toHaveCount(0);
  await shot(rivalPhone, "sample-rival-375");

  // The seller (phone) and an admin (wide) see the handler too.
  const sellerPhone = await openAs(seller, 375);
  await sellerPhone.goto("/seller/booking/sampleshipments");
  const sellerCard = sellerPhone.getByRole("listitem").filter({ hasText: product });
  await expect(sellerCard).toContainText("Handled by Arthur Tester", { timeout: 45_000 });
  const admin = await logInAdmin(request);
  const adminPage = await openAs(admin, 1440);
  await adminPage.goto("/admin/dashboard?tab=samples");
  const adminRow = adminPage.getByRole("row").filter({ hasText: product });
  await expect(adminRow).toContainText("Handled by Arthur Tester", { timeout: 45_000 });
  await shot(adminPage, "admin-samples-1440", false);

  // Only the handler completes it from the list.
  await handlerPage.goto("/shipper/dashboard/orders/sample-shipments");
  const handlerRow = handlerPage.getByRole("row").filter({ hasText: product });
  await expect(handlerRow).toContainText("Handled by you");
  await handlerRow.getByRole("button", { name: "Mark as complete" }).click();
  await handlerPage.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await expect(handlerRow).toContainText("Shipment Completed");
  await shot(handlerPage, "sample-list-handler-1440", false);
});
