import { register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { shot } from "../support/screenshots";

test("a seller requests a sample, an agent completes it, and both see the status", async ({
  openAs,
  request,
}) => {
  test.setTimeout(180_000);
  const seller = await register(request, "Seller", "Sally");
  const agent = await register(request, "Shipper", "Arthur");
  const product = `Bamboo cups ${Date.now()}`;

  const sellerPage = await openAs(seller);
  await sellerPage.goto("/seller/booking/sampleshipments");
  // The first screen of a fresh server on a busy machine can take a while.
  await expect(sellerPage.getByRole("heading", { name: "Sample Shipments" })).toBeVisible({
    timeout: 45_000,
  });
  await sellerPage.getByRole("button", { name: "Create Sample Shipment", exact: true }).click();

  const dialog = sellerPage.getByRole("dialog", { name: "Request a Sample Shipment" });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole("button", { name: "Submit" });
  await expect(submit).toBeDisabled();
  // Escape closes the dialog; a click outside does too.
  await sellerPage.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await sellerPage.getByRole("button", { name: "Create Sample Shipment", exact: true }).click();
  await expect(dialog).toBeVisible();
  await sellerPage.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  await sellerPage.getByRole("button", { name: "Create Sample Shipment", exact: true }).click();

  await dialog.getByLabel("Product Name").fill(product);
  // A quantity with a decimal point is refused as typed, not read as 15.
  await dialog.getByLabel("Amount of Samples").fill("1.5");
  await expect(dialog.getByText("Amount of Samples must contain only digits")).toBeVisible();
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Amount of Samples").fill("12");
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Delivery Address").fill("12 Harbour Road, Leeds LS1 4AP");
  await expect(submit).toBeEnabled();
  await shot(sellerPage, "sample-dialog-1280");
  await submit.click();
  await expect(sellerPage.getByText("Sample Shipment created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  const sellerRow = sellerPage.getByRole("row").filter({ hasText: product });
  await expect(sellerRow).toContainText("Shipment Pending");
  await expect(sellerRow).toContainText("12 Harbour Road, Leeds LS1 4AP");
  await shot(sellerPage, "seller-samples-1280");

  const agentPage = await openAs(agent);
  await agentPage.goto("/shipper/dashboard/orders/sample-shipments");
  const agentRow = agentPage.getByRole("row").filter({ hasText: product });
  await expect(agentRow).toContainText("Shipment Pending");
  await expect(agentRow).toContainText(String(seller.user.id));
  await shot(agentPage, "shipper-samples-1280");
  await agentRow.getByRole("button", { name: "Mark as complete" }).click();
  const confirm = agentPage.getByRole("dialog");
  await expect(confirm).toContainText("Are you sure you want to mark this shipment complete?");
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(agentRow).toContainText("Shipment Completed");
  await expect(agentRow.getByRole("button", { name: "Mark as complete" })).toHaveCount(0);

  // The agent's view of the sample (details with the sample stepper, beside its chat).
  await agentRow.getByRole("link", { name: /View sample shipment/ }).click();
  await expect(agentPage).toHaveURL(
    /\/shipper\/dashboard\/orders\/status\/\d+\?src=sampleShipments/,
  );
  const details = agentPage.getByRole("region", { name: "Sample shipment details" });
  await expect(details).toContainText(product);
  await expect(details).toContainText("Shipment Completed");
  // A completed sample's chat keeps its history but takes no new messages.
  await expect(
    agentPage.getByText("This chat is closed. The history stays readable."),
  ).toBeVisible();
  await shot(agentPage, "sample-details-1280");

  await sellerPage.reload();
  await expect(sellerPage.getByRole("row").filter({ hasText: product })).toContainText(
    "Shipment Completed",
  );

  // Phones: the lists become cards.
  const sellerPhone = await openAs(seller, 375);
  await sellerPhone.goto("/seller/booking/sampleshipments");
  await expect(sellerPhone.getByText(product)).toBeVisible();
  await shot(sellerPhone, "seller-samples-375");
  await sellerPhone.getByRole("button", { name: "Create Sample Shipment", exact: true }).click();
  await expect(sellerPhone.getByRole("dialog")).toBeVisible();
  await shot(sellerPhone, "sample-dialog-375");
  const agentPhone = await openAs(agent, 375);
  await agentPhone.goto("/shipper/dashboard/orders/sample-shipments");
  await expect(agentPhone.getByText(product)).toBeVisible();
  await shot(agentPhone, "shipper-samples-375");
});
