import { bearer, logInAdmin, logInByApi, PASSWORD, register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { shot } from "../support/screenshots";
import { acceptQuotation, createShipment, getShipment, placeBid } from "../support/shipments";

test.describe.configure({ timeout: 240_000 });

test("an admin approves a bid early, picks another winner and posts in the order chat", async ({
  openAs,
  request,
}) => {
  // The e2e server closes bid windows after 36 s, so everything up to the early approval is quick.
  const seller = await register(request, "Seller", "Sally");
  const cheap = await register(request, "Shipper", "Carla");
  const dear = await register(request, "Shipper", "Dmitri");
  const product = `Admin cups ${Date.now()}`;
  const shipmentId = await createShipment(request, seller, product);
  await placeBid(request, cheap, shipmentId, "900");
  await placeBid(request, dear, shipmentId, "1400");

  const admin = await logInAdmin(request);
  const page = await openAs(admin);
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByTestId("Shipments")).not.toHaveText("0");
  const row = page.getByRole("row").filter({ hasText: product });
  await expect(row).toContainText("Quotation Received");
  await shot(page, "admin-dashboard-1280");
  await row.getByRole("link", { name: `#${shipmentId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/shipments/${shipmentId}$`));

  // Early approval of the dearer bid: bidding closes and it becomes the winner.
  const bids = page.getByRole("table", { name: "Bids" });
  await expect(bids.getByRole("row")).toHaveCount(3);
  await bids.getByRole("button", { name: "Approve bid: Dmitri Tester" }).click();
  await expect(page.getByRole("dialog")).toContainText("Dmitri Tester");
  await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  const dmitri = bids.getByRole("row").filter({ hasText: "Dmitri Tester" });
  const carla = bids.getByRole("row").filter({ hasText: "Carla Tester" });
  await expect(dmitri).toContainText("Winner");
  await expect(page.getByText("Quotation Approved").first()).toBeVisible();

  // Then a different winner: the cheaper bid.
  await carla.getByRole("button", { name: "Make winner: Carla Tester" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await expect(carla).toContainText("Winner");
  await expect(dmitri).not.toContainText("Winner");
  await expect(dmitri.getByRole("button", { name: "Make winner: Dmitri Tester" })).toBeVisible();

  const detail = await getShipment(request, seller, shipmentId);
  expect(detail.status).toBe("Quotation Approved");
  expect(detail.quotation?.user.id).toBe(cheap.user.id);

  // The seller accepts; the admin can now write in the order chat.
  await acceptQuotation(request, seller, detail.quotation!.id);
  await page.reload();
  const box = page.getByRole("textbox", { name: "Message" });
  await expect(box).toBeEditable({ timeout: 30_000 });
  await box.fill("Admin here: pickup slot confirmed for Monday");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(
    page.getByTestId("chat-message").filter({ hasText: "pickup slot confirmed" }),
  ).toBeVisible();
  await shot(page, "admin-shipment-1280");

  const history = await request.get(`/api/chat/messages/${shipmentId}/`, {
    headers: bearer(seller),
  });
  const messages = (
    (await history.json()) as {
      data: { messages: Array<{ content: string; sender_type: string }> };
    }
  ).data.messages;
  expect(messages).toContainEqual(
    expect.objectContaining({
      content: "Admin here: pickup slot confirmed for Monday",
      sender_type: "Admin",
    }),
  );

  const phone = await openAs(admin, 375);
  await phone.goto(`/admin/shipments/${shipmentId}`);
  await expect(phone.getByText("pickup slot confirmed")).toBeVisible({ timeout: 30_000 });
  await shot(phone, "admin-shipment-375");
  await phone.goto("/admin/dashboard");
  await expect(phone.getByText(product)).toBeVisible();
  await shot(phone, "admin-dashboard-375");
});

test("an admin disables and re-enables a user and manages warehouses", async ({
  openAs,
  request,
}) => {
  const agent = await register(request, "Shipper", "Zelda");
  const admin = await logInAdmin(request);
  const page = await openAs(admin);

  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible({ timeout: 45_000 });
  await page.getByRole("textbox", { name: "Search" }).fill(agent.email);
  const row = page.getByRole("row").filter({ hasText: agent.email });
  await expect(row).toContainText("Active");
  await expect(page.getByRole("table", { name: "Users" }).getByRole("row")).toHaveCount(2);
  await row.getByRole("button", { name: "Disable Zelda Tester" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disable" }).click();
  await expect(row).toContainText("Disabled");
  const refused = await logInByApi(request, agent.email, PASSWORD, "Shipper");
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  await shot(page, "admin-users-1280");
  await row.getByRole("button", { name: "Enable Zelda Tester" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Enable" }).click();
  await expect(row).toContainText("Active");
  const allowed = await logInByApi(request, agent.email, PASSWORD, "Shipper");
  expect(allowed.status(), await allowed.text()).toBe(200);
  // Wrong recovery codes of every account show over the list; an owner's recovery opens again.
  await expect(
    page.getByText(/Wrong password-recovery codes in the last 24 hours: \d/),
  ).toBeVisible();
  await row.getByRole("button", { name: "Open password recovery for Zelda Tester" }).click();
  await expect(page.getByText("Password recovery was not paused for this account")).toBeVisible();

  const code = `Z${Date.now().toString().slice(-6)}`;
  await page.goto("/admin/warehouses");
  await expect(page.getByRole("heading", { name: "Warehouses" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Add warehouse" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Add" }).click();
  await expect(dialog.getByText("Code is required")).toBeVisible();
  await dialog.getByLabel("FC Code").fill(code.toLowerCase());
  await dialog.getByLabel("Country").fill("US");
  await dialog.getByLabel("Address").fill("1 Test Way, Reno, NV 89501");
  await dialog.getByLabel("City").fill("Reno");
  await dialog.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("Warehouse added successfully")).toBeVisible();
  await page.getByRole("textbox", { name: "Search" }).fill(code);
  const warehouse = page.getByRole("row").filter({ hasText: code });
  await expect(warehouse).toContainText("Reno", { timeout: 30_000 });
  await warehouse.getByRole("button", { name: `Edit ${code}` }).click();
  await dialog.getByLabel("City").fill("Sparks");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(warehouse).toContainText("Sparks");
  await warehouse.getByRole("button", { name: `Disable ${code}` }).click();
  await expect(warehouse).toContainText("Disabled");
  const offered = await request.get(`/api/warehouses/?q=${code}`, { headers: bearer(admin) });
  expect(((await offered.json()) as { data: unknown[] }).data).toHaveLength(0);
  await shot(page, "admin-warehouses-1280");

  const phone = await openAs(admin, 375);
  await phone.goto("/admin/users");
  await expect(phone.getByRole("heading", { name: "Users" })).toBeVisible({ timeout: 30_000 });
  await shot(phone, "admin-users-375");
  await phone.goto("/admin/warehouses");
  await expect(phone.getByRole("heading", { name: "Warehouses" })).toBeVisible({
    timeout: 30_000,
  });
  await shot(phone, "admin-warehouses-375");
});
