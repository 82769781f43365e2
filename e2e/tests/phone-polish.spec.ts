import { bearer, register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";
import { createShipment } from "../support/shipments";

test("on a phone: the tabs all fit, toasts sit on top, Open chat lands on the chat, Place bid stays at hand", async ({
  openAs,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await register(request, "Seller", "Sally");
  const agent = await register(request, "Shipper", "Arthur");
  const sample = await request.post("/api/sample-shipments/", {
    headers: bearer(seller),
    data: { product_name: "Ceramic mugs", quantity: 6, address: "12 Harbour Road, Leeds" },
  });
  expect(sample.status(), await sample.text()).toBe(201);
  const sampleId = ((await sample.json()) as { data: { id: number } }).data.id;
  const shipmentId = await createShipment(request, seller, "Phone stands");

  // The tab strip fits the phone: every tab in full view, none cut off.
  const sellerPhone = await openAs(seller, 375);
  await sellerPhone.goto("/seller/booking/sampleshipments");
  const tabs = sellerPhone.getByRole("tablist", { name: "Shipment lists" });
  await expect(tabs.getByRole("tab", { name: "Sample Shipments" })).toHaveAttribute(
    "aria-selected",
    "true",
    { timeout: 45_000 },
  );
  for (const name of [
    "Current Shipments",
    "Completed Shipments",
    "Cancelled Shipments",
    "Sample Shipments",
  ]) {
    await expect(tabs.getByRole("tab", { name })).toBeInViewport({ ratio: 1 });
  }
  await docsShot(sellerPhone, "seller-tabs-375");

  // A toast does not cover the bottom of the screen (a chat's message box) on a phone.
  await sellerPhone.getByRole("button", { name: "Create Sample Shipment", exact: true }).click();
  const dialog = sellerPhone.getByRole("dialog", { name: "Request a Sample Shipment" });
  await dialog.getByLabel("Product Name").fill("Bamboo straws");
  await dialog.getByLabel("Amount of Samples").fill("3");
  await dialog.getByLabel("Delivery Address").fill("12 Harbour Road, Leeds");
  await dialog.getByRole("button", { name: "Submit" }).click();
  const toast = sellerPhone.getByText("Sample Shipment created successfully");
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThan(200);
  await docsShot(sellerPhone, "toast-top-375", { keepScroll: true });

  // Open chat lands on the chat below the sample's details.
  const card = sellerPhone.getByRole("listitem").filter({ hasText: "Ceramic mugs" });
  await card.getByRole("link", { name: `Open chat for sample shipment ${sampleId}` }).click();
  await expect(sellerPhone).toHaveURL(/#chat$/);
  const chat = sellerPhone.getByTestId("chat-panel");
  await expect(chat).toBeInViewport({ ratio: 0.9 });
  const appBar = (await sellerPhone.getByRole("banner").boundingBox())!;
  const chatHeader = (await sellerPhone.getByTestId("chat-header").boundingBox())!;
  expect(chatHeader.y).toBeGreaterThanOrEqual(appBar.y + appBar.height);
  await docsShot(sellerPhone, "sample-open-chat-375", { keepScroll: true });

  // The bid form is far down the page: Place bid stays at the bottom of the screen until then.
  const agentPhone = await openAs(agent, 375);
  await agentPhone.goto(`/shipper/bid/${shipmentId}`);
  const placeBid = agentPhone.getByRole("button", { name: "Place bid" });
  await expect(placeBid).toBeInViewport({ timeout: 45_000 });
  const pickup = agentPhone.getByRole("textbox", { name: /Pickup amount/ });
  await expect(pickup).not.toBeInViewport();
  const pageHeight = await agentPhone.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeGreaterThan(2000);
  await docsShot(agentPhone, "place-bid-375");
  await placeBid.click();
  await expect(pickup).toBeInViewport();
  await expect(pickup).toBeFocused();
  await expect(placeBid).toBeHidden();
  // The smooth scroll has come to rest before the picture is taken.
  let lastY = -1;
  await expect
    .poll(async () => {
      const y = await agentPhone.evaluate(() => window.scrollY);
      const isResting = y === lastY;
      lastY = y;
      return isResting;
    })
    .toBe(true);
  await docsShot(agentPhone, "place-bid-form-375", { keepScroll: true });

  // From the top, the summary's section links reach the quote form too.
  await agentPhone.evaluate(() => window.scrollTo(0, 0));
  await expect(pickup).not.toBeInViewport();
  await agentPhone
    .getByRole("navigation", { name: "On this page" })
    .getByRole("link", { name: "Quote form" })
    .click();
  await expect(pickup).toBeInViewport();
});
