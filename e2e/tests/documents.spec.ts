import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { exampleShipmentInput } from "@fba/contract/examples";
import { bearer, logInAdmin, register, type Account } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { waitForMailMatch } from "../support/mail";
import { docsShot } from "../support/screenshots";
import { acceptQuotation, shipmentInput } from "../support/shipments";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

/**
 * Power banks to ONT8 (so a safety data sheet is needed too), bid on by the agent, approved early
 * by an admin and accepted: no bid window to wait for.
 */
async function acceptedOrder(
  request: APIRequestContext,
  seller: Account,
  agent: Account,
  admin: Account,
  product: string,
): Promise<number> {
  const carton = exampleShipmentInput().packages[0]!;
  const booked = await request.post("/api/shipments/", {
    headers: bearer(seller),
    data: {
      ...shipmentInput(seller, product),
      packages: [{ ...carton, delivery_location: "ONT8 - Moreno Valley, CA" }],
      compliance: {
        detailed_product_description: "Power banks",
        compliance: ["Batteries or Hazardous Materials"],
      },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const id = ((await booked.json()) as { data: { id: number } }).data.id;
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

const documentsPanel = (page: Page): Locator =>
  page.getByRole("region", { name: "Documents", exact: true });

/** Chooses a type (and a leg), picks the file and sends it. */
async function upload(
  page: Page,
  type: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  leg?: string,
) {
  const panel = documentsPanel(page);
  await panel.getByRole("combobox", { name: /Document type/ }).selectOption({ label: type });
  if (leg) {
    const legs = panel.getByRole("combobox", { name: "Leg" });
    const label = await legs.locator("option").filter({ hasText: leg }).first().textContent();
    await legs.selectOption({ label: label ?? leg });
  }
  await panel.getByLabel("Document file").setInputFiles(file);
  await panel.getByRole("button", { name: "Upload", exact: true }).click();
}

/** Closes the toasts still showing, so they do not cover a documentation screenshot. */
async function dismissToasts(page: Page) {
  const closers = page.getByRole("button", { name: "close" });
  for (const close of await closers.all()) await close.click().catch(() => undefined);
  await expect(closers).toHaveCount(0);
}

/** The agent records a milestone on ONT8 through its quick form. */
async function record(page: Page, milestone: string, fill: (dialog: Locator) => Promise<void>) {
  const leg = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: /^ONT8/ }) });
  await leg.getByRole("button", { name: "Record milestone" }).click();
  const dialog = page.getByRole("dialog", { name: "Record milestone · ONT8" });
  await dialog.getByRole("combobox", { name: "Milestone" }).click();
  await page.getByRole("option", { name: milestone, exact: true }).click();
  await fill(dialog);
  await dialog.getByRole("button", { name: "Record" }).click();
  await expect(dialog).toBeHidden();
}

test("the seller uploads the invoice and sees the checklist update; the agent delivers to another FC with a POD; the seller accepts the change", async ({
  openAs,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await register(request, "Seller", "Sally");
  const agent = await register(request, "Shipper", "Arthur");
  const admin = await logInAdmin(request);
  const id = await acceptedOrder(
    request,
    seller,
    agent,
    admin,
    `Power banks ${Date.now() % 100000}`,
  );

  // The seller, on a wide screen: what the agent needs before pickup, all of it missing.
  const sellerPage = await openAs(seller, 1440);
  await sellerPage.goto(`/seller/booking/recentorderstatus/${id}?src=currentShipments`);
  const panel = documentsPanel(sellerPage);
  // The summary says what comes next, naming what is missing, and the documents are one jump
  // away from the top.
  await expect(sellerPage.getByTestId("order-next-step")).toHaveText(
    "Next: Upload what the agent still needs: Commercial invoice, Packing list, FBA box labels and Safety data sheet. Then follow the destinations and chat with the agent.",
  );
  const sellerNav = sellerPage.getByRole("navigation", { name: "On this page" });
  await expect(sellerNav).toBeInViewport();
  await docsShot(sellerPage, "order-summary-1440");
  // Every panel has its data first: a jump made while a panel above still loads lands short.
  await sellerPage.waitForLoadState("networkidle");
  await sellerNav.getByRole("link", { name: "Documents" }).click();
  await expect(panel).toBeInViewport();
  await expect(sellerPage).toHaveURL(/#order-documents$/);
  const checklist = panel.getByRole("list", { name: "Needed before pickup" });
  await expect(checklist.getByRole("listitem")).toHaveText([
    "Commercial invoice: missing",
    "Packing list: missing",
    "FBA box labels: missing",
    "Safety data sheet: missing",
  ]);

  // A file that is not a PDF inside is refused, saying why; the real invoice goes in.
  await upload(sellerPage, "Commercial invoice", {
    name: "invoice.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("MZ this is a program, not an invoice"),
  });
  await expect(panel.getByText("Only PDF, PNG, JPEG or WebP files can be uploaded")).toBeVisible();
  await upload(sellerPage, "Commercial invoice", {
    name: "Commercial invoice 2291.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await expect(checklist.getByRole("listitem").first()).toHaveText("Commercial invoice: uploaded");
  const table = panel.getByRole("table", { name: "Order documents" });
  await expect(table.getByRole("row").nth(1)).toContainText(
    "Commercial invoiceWhole orderv1Commercial invoice 2291.pdfSally Tester",
  );
  await dismissToasts(sellerPage);
  await panel.scrollIntoViewIfNeeded();
  await docsShot(sellerPage, "documents-panel-1440", { keepScroll: true });

  // The agent, on a phone: the proof of delivery for ONT8, then Picked up and Delivered at ONT2.
  const agentPage = await openAs(agent, 375);
  await agentPage.goto(`/shipper/dashboard/orders/status/${id}/?src=accepted`);
  const agentPanel = documentsPanel(agentPage);
  const agentNav = agentPage.getByRole("navigation", { name: "On this page" });
  // What the agent still lacks before completing, and what the seller has not uploaded yet.
  await expect(agentPage.getByTestId("order-next-step")).toHaveText(
    "Next: Still missing: delivery to the destination, the tracking number and the final amount; then complete the order. The seller has not uploaded Packing list, FBA box labels and Safety data sheet yet.",
  );
  await docsShot(agentPage, "order-summary-375");
  await agentNav.getByRole("link", { name: "Documents" }).click();
  await expect(agentPanel).toBeInViewport();
  // The section links stay under the app bar while the page scrolls.
  await expect(agentNav).toBeInViewport();
  await expect(agentPanel.getByRole("list", { name: "Needed before pickup" })).toContainText(
    "Packing list",
  );
  await upload(
    agentPage,
    "Proof of delivery",
    { name: "pod-ont2.pdf", mimeType: "application/pdf", buffer: PDF },
    "ONT8",
  );
  await expect(agentPanel.getByRole("link", { name: "pod-ont2.pdf" })).toBeVisible();
  await dismissToasts(agentPage);
  await agentPanel.scrollIntoViewIfNeeded();
  await docsShot(agentPage, "documents-panel-375", { keepScroll: true });
  await record(agentPage, "Picked up", async (dialog) => {
    await dialog.getByRole("textbox", { name: "Location" }).fill("Shenzhen");
  });
  await record(agentPage, "Delivered to FC", async (dialog) => {
    await dialog.getByRole("textbox", { name: "Delivered to FC" }).fill("ONT2");
  });
  const agentBanner = agentPage.getByRole("alert", { name: "Delivered to a different FC: ONT8" });
  await expect(agentBanner).toContainText("Booked for ONT8, delivered to ONT2");
  await expect(agentBanner.getByRole("button")).toHaveCount(0);

  // The seller hears of it by email, and sees the flag on a phone.
  await waitForMailMatch(seller.email, new RegExp(`Shipment #${id} delivered to a different FC`));
  const sellerPhone = await openAs(seller, 375);
  await sellerPhone.goto(`/seller/booking/recentorderstatus/${id}?src=currentShipments`);
  const phoneBanner = sellerPhone.getByRole("alert", { name: "Delivered to a different FC: ONT8" });
  await expect(phoneBanner.getByRole("button", { name: "Accept change" })).toBeVisible();
  await docsShot(sellerPhone, "different-fc-banner-375");

  // On the wide screen, the seller accepts the change.
  await sellerPage.reload();
  const banner = sellerPage.getByRole("alert", { name: "Delivered to a different FC: ONT8" });
  await expect(banner).toContainText("Booked for ONT8, delivered to ONT2 with proof of delivery.");
  await docsShot(sellerPage, "different-fc-banner-1440");
  await banner.getByRole("button", { name: "Accept change" }).click();
  await expect(banner).toContainText(/Accepted by Sally Tester on \d{2}\/\d{2}\/\d{4}\./);
  await expect(banner.getByRole("button")).toHaveCount(0);
});
