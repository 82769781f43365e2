import { readFileSync } from "node:fs";
import type { APIRequestContext, Download, Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { bearer, logInAdmin, register, type Account } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { waitForMailMatch } from "../support/mail";
import { docsShot, shot } from "../support/screenshots";
import { acceptQuotation, createShipment } from "../support/shipments";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

/** Bid on (100 pickup + 900 fast: a bid total of $1,000.00), approved early by an admin, accepted. */
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

/** The text of a downloaded PDF, spaces collapsed. */
async function pdfText(download: Download): Promise<string> {
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, " ");
}

async function downloadPdf(page: Page, label: string): Promise<Download> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: label }).click();
  return download;
}

const chargeCard = (page: Page) =>
  page.getByRole("region", { name: "Final amount above the accepted bid" });

test("the agent sets a final amount above the bid with a reason and evidence, the seller disputes it, an admin decides; both PDFs read back", async ({
  openAs,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await register(request, "Seller", "Sally");
  const agent = await register(request, "Shipper", "Arthur");
  const admin = await logInAdmin(request);
  const product = `Bamboo Lamps ${Date.now() % 100000}`;
  const id = await acceptedOrder(request, seller, agent, admin, product);

  // The agent's evidence is one of the order's documents.
  const uploaded = await request.post(`/api/shipments/${id}/documents/`, {
    headers: bearer(agent),
    multipart: {
      type: "Carrier invoice",
      file: { name: "cfs-remeasure.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  // The agent, on a wide screen: $180.00 above the bid asks why, and offers the document.
  const agentPage = await openAs(agent, 1440);
  await agentPage.goto(`/shipper/dashboard/orders/status/${id}/?src=accepted`);
  await agentPage.getByRole("button", { name: "Add info" }).click();
  const dialog = agentPage.getByRole("dialog", { name: "Add Info" });
  await dialog.getByRole("textbox", { name: "Tracking number" }).fill("1Z999AA10123456784");
  await dialog.getByRole("textbox", { name: "Final amount" }).fill("1180");
  await expect(dialog.getByText("$180.00 above the accepted bid of $1,000.00")).toBeVisible();
  await dialog.getByRole("combobox", { name: /Reason/ }).click();
  await agentPage.getByRole("option", { name: "Re-measured cartons" }).click();
  await dialog.getByRole("textbox", { name: /Note/ }).fill("Cartons measured 62 cm at the CFS");
  await dialog.getByRole("combobox", { name: /Evidence/ }).click();
  await agentPage.getByRole("option", { name: /cfs-remeasure\.pdf/ }).click();
  await shot(agentPage, "disputes-add-info-1440", false);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(chargeCard(agentPage)).toContainText(
    "Waiting for the seller to accept or dispute it.",
  );
  await waitForMailMatch(
    seller.email,
    new RegExp(`Final amount above the bid \\(shipment #${id}\\)`),
  );

  // On the agent's phone, Edit info asks again only for a new amount above the bid.
  const agentPhone = await openAs(agent, 375);
  await agentPhone.goto(`/shipper/dashboard/orders/status/${id}/?src=accepted`);
  await expect(chargeCard(agentPhone)).toContainText("Awaiting the seller's answer");
  await agentPhone.getByRole("button", { name: "Edit info" }).click();
  const phoneDialog = agentPhone.getByRole("dialog", { name: "Edit Info" });
  await expect(phoneDialog.getByRole("combobox", { name: /Reason/ })).toHaveCount(0);
  await phoneDialog.getByRole("textbox", { name: "Final amount" }).fill("1250.50");
  await expect(phoneDialog.getByText("$250.50 above the accepted bid of $1,000.00")).toBeVisible();
  await expect(phoneDialog.getByRole("combobox", { name: /Reason/ })).toBeVisible();
  await shot(agentPhone, "disputes-add-info-375", false);
  await phoneDialog.getByRole("button", { name: "Cancel" }).click();

  // The seller, on a phone: the difference first, then Dispute with a reason.
  const sellerPhone = await openAs(seller, 375);
  await sellerPhone.goto(`/seller/booking/recentorderstatus/${id}?src=currentShipments`);
  const phoneCard = chargeCard(sellerPhone);
  await expect(phoneCard).toContainText(
    "$180.00 above the accepted bid: re-measured cartons, evidence attached",
  );
  await expect(phoneCard.getByRole("link", { name: "cfs-remeasure.pdf" })).toBeVisible();
  await phoneCard.scrollIntoViewIfNeeded();
  await docsShot(sellerPhone, "charge-change-seller-375", { keepScroll: true });
  await phoneCard.getByRole("button", { name: "Dispute" }).click();
  const dispute = sellerPhone.getByRole("dialog", { name: "Dispute the final amount" });
  await dispute
    .getByRole("textbox", { name: /Why do you dispute it/ })
    .fill("The cartons were 60 cm when they left the factory");
  await dispute.getByRole("button", { name: "Send dispute" }).click();
  await expect(phoneCard).toContainText("The seller disputed it: an admin will decide.");
  await expect(phoneCard.getByRole("button", { name: "Dispute" })).toHaveCount(0);
  await waitForMailMatch(admin.email, new RegExp(`Final amount disputed \\(shipment #${id}\\)`));

  // The agent delivers and completes the order meanwhile.
  const completed = await request.patch(`/api/shipment-status-update/${id}/`, {
    headers: bearer(agent),
    data: { status: "Shipment Completed" },
  });
  expect(completed.status(), await completed.text()).toBe(200);

  // An admin on a phone finds it under Disputes, with the evidence and the order's chat.
  const adminPhone = await openAs(admin, 375);
  await adminPhone.goto("/admin/disputes");
  const phoneList = adminPhone.getByRole("list", { name: "Open disputes" });
  const phoneRow = phoneList.getByRole("listitem").filter({ hasText: product });
  await expect(phoneRow).toContainText("The cartons were 60 cm when they left the factory");
  await docsShot(adminPhone, "disputes-admin-375");

  // On a wide screen: the chat is one click away, then the decision from the list.
  const adminPage = await openAs(admin, 1440);
  await adminPage.goto("/admin/dashboard");
  await adminPage
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link", { name: "Disputes" })
    .click();
  const table = adminPage.getByRole("table", { name: "Open disputes" });
  const row = table.getByRole("row").filter({ hasText: product });
  await expect(row).toContainText("Re-measured cartons: Cartons measured 62 cm at the CFS");
  await expect(row.getByRole("link", { name: "cfs-remeasure.pdf" })).toBeVisible();
  await expect(row).toContainText("(+$180.00)");
  await docsShot(adminPage, "disputes-admin-1440");
  await row.getByRole("link", { name: `Open the chat of shipment #${id}` }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/admin/shipments/${id}#chat$`));
  await expect(adminPage.getByLabel("Chat history")).toBeVisible();
  await adminPage.goBack();
  await row.getByRole("button", { name: `Decide the dispute on shipment #${id}` }).click();
  const decide = adminPage.getByRole("dialog", { name: `Decide the dispute on shipment #${id}` });
  await decide.getByRole("radio", { name: /An amount in between/ }).check();
  await decide.getByRole("textbox", { name: /Amount/ }).fill("1190");
  await decide.getByRole("textbox", { name: /Note/ }).fill("Half of the re-measure charge");
  await decide.getByRole("button", { name: "Record decision" }).click();
  await expect(decide.getByText("The amount must be from $1,000.00 to $1,180.00")).toBeVisible();
  // Typed as people write amounts: the form shows what it will store.
  await decide.getByRole("textbox", { name: /Amount/ }).fill("$1,090");
  await expect(decide.getByText(/Stored as \$1,090\.00/)).toBeVisible();
  await decide.getByRole("button", { name: "Record decision" }).click();
  await expect(decide).toBeHidden();
  await expect(table.getByRole("row").filter({ hasText: product })).toHaveCount(0);
  // The decided dispute is in the history, with its decision.
  await adminPage.getByLabel("Status").selectOption("decided");
  await expect(
    adminPage
      .getByRole("table", { name: "Disputes" })
      .getByRole("row")
      .filter({ hasText: product }),
  ).toContainText("An amount in between: $1,090.00");
  await docsShot(adminPage, "disputes-decided-1440");

  // The seller's order page keeps every step; both PDFs download with their text.
  const sellerPage = await openAs(seller, 1440);
  await sellerPage.goto(`/seller/booking/order/status/${id}`);
  const card = chargeCard(sellerPage);
  await expect(card).toContainText("Decided: An amount in between, $1,090.00");
  const history = card.getByRole("region", { name: "History of the final amount" });
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await expect(history.getByRole("listitem").nth(0)).toContainText(
    "Final amount set above the bid: $1,000.00 → $1,180.00 by Arthur Tester",
  );
  await expect(history.getByRole("listitem").nth(1)).toContainText(
    "Seller disputed the final amount",
  );
  await expect(history.getByRole("listitem").nth(2)).toContainText(
    "Admin decided the dispute: $1,180.00 → $1,090.00",
  );
  await card.scrollIntoViewIfNeeded();
  await docsShot(sellerPage, "charge-change-seller-1440", { keepScroll: true });

  const confirmation = await downloadPdf(sellerPage, "Order confirmation (PDF)");
  expect(confirmation.suggestedFilename()).toBe(`fba-freight-order-${id}-confirmation.pdf`);
  const confirmationText = await pdfText(confirmation);
  expect(confirmationText).toContain("FBA Freight");
  expect(confirmationText).toContain(`Order number: #${id}`);
  expect(confirmationText).toContain(`Product: ${product}`);
  expect(confirmationText).toContain("Bid total: $1,000.00");

  const statement = await downloadPdf(sellerPage, "Final statement (PDF)");
  expect(statement.suggestedFilename()).toBe(`fba-freight-order-${id}-statement.pdf`);
  const statementText = await pdfText(statement);
  for (const expected of [
    "Final statement",
    "Final amount set by the agent: $1,180.00",
    "Reason: Re-measured cartons: Cartons measured 62 cm at the CFS",
    "Evidence: cfs-remeasure.pdf (Carrier invoice)",
    "Decision: An amount in between",
    "Amount due: $1,090.00",
  ]) {
    expect(statementText).toContain(expected);
  }
});
