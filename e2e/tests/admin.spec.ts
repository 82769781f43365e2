import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from "@playwright/test";

// The shared test machine is busy: screens get more time than the default 10 s to appear.
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "Admin#Pass123";
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
// Printed by the server at start (SEED_DEMO); admins may sign in on either tab.
const DEMO_ADMIN = { email: "demo.admin@example.com", password: "Admin#Demo1" };

interface Account {
  email: string;
  user: { id: number; first_name: string; last_name: string; groups: string };
  access_token: string;
  refresh_token: string;
}

async function register(
  request: APIRequestContext,
  groups: "Seller" | "Shipper",
  firstName: string,
): Promise<Account> {
  const email = `admin-e2e-${groups.toLowerCase()}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  const res = await request.post("/api/auth/register/", {
    data: { first_name: firstName, last_name: "Tester", email, password: PASSWORD, groups },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { data: Omit<Account, "email"> };
  return { email, ...body.data };
}

async function logInAdmin(request: APIRequestContext): Promise<Account> {
  const res = await request.post("/api/auth/login/", {
    data: { ...DEMO_ADMIN, group: "Seller" },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { data: Omit<Account, "email"> };
  return { email: DEMO_ADMIN.email, ...body.data };
}

const bearer = (account: Account) => ({ authorization: `Bearer ${account.access_token}` });

async function signedInPage(browser: Browser, account: Account, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto("/");
  await page.evaluate((a) => {
    localStorage.setItem("AUTH_TOKEN", a.access_token);
    localStorage.setItem("REFRESH_TOKEN", a.refresh_token);
    localStorage.setItem("USER_DETAILS", JSON.stringify(a.user));
  }, account);
  return page;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function createShipment(request: APIRequestContext, seller: Account, product: string) {
  const res = await request.post("/api/shipments/", {
    headers: bearer(seller),
    data: {
      freight_booking_reference_number: "REF 3001",
      shipment_ready_date: new Date().toISOString().slice(0, 10),
      supplier_contact_name: "Ningbo Supplies",
      supplier_contact_phone: "8613800138000",
      product_name: product,
      main_competitor_asin: "B07XJ8C8F5",
      pickup_location: {
        full_address: "Beverly Hills, CA 90210, USA",
        street_address: "9400 Wilshire Blvd",
        city: "Beverly Hills",
        state: "CA",
        country: "USA",
        zip_code: "90210",
        latitude: 34.0901,
        longitude: -118.4065,
        place_id: "zip:90210",
      },
      packages: [
        {
          carton_dimensions_length: 60,
          carton_dimensions_width: 40,
          carton_dimensions_height: 50,
          weight_per_carton_kg: 12,
          total_cost_of_goods: 2500,
          number_of_cartons: 10,
          delivery_location: "ONT8 - Moreno Valley, CA",
        },
      ],
      compliance: {
        detailed_product_description: "Kitchen boards made of bamboo",
        compliance: ["Wooden / Bamboo / Animal Product"],
        additional_notes: "Fragile edges",
      },
      contact_information: { first_name: "Sally", last_name: "Tester", email: seller.email },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

async function bid(request: APIRequestContext, agent: Account, shipmentId: number, fast: string) {
  const res = await request.post("/api/shipper/quotation/", {
    headers: bearer(agent),
    data: { shipment: shipmentId, pickup_amount: "100", fast_amount: fast, normal_amount: "" },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe.configure({ timeout: 240_000 });

test("an admin approves a bid early, picks another winner and posts in the order chat", async ({
  browser,
  request,
}) => {
  // The e2e server closes bid windows after 36 s, so everything up to the early approval is quick.
  const seller = await register(request, "Seller", "Sally");
  const cheap = await register(request, "Shipper", "Carla");
  const dear = await register(request, "Shipper", "Dmitri");
  const product = `Admin cups ${Date.now()}`;
  const shipmentId = await createShipment(request, seller, product);
  await bid(request, cheap, shipmentId, "900");
  await bid(request, dear, shipmentId, "1400");

  const admin = await logInAdmin(request);
  const page = await signedInPage(browser, admin);
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

  const seen = await request.get(`/api/shipments/${shipmentId}/`, { headers: bearer(seller) });
  const detail = (await seen.json()) as {
    data: { status: string; quotation: { id: number; user: { id: number } } };
  };
  expect(detail.data.status).toBe("Quotation Approved");
  expect(detail.data.quotation.user.id).toBe(cheap.user.id);

  // The seller accepts; the admin can now write in the order chat.
  const accepted = await request.patch(`/api/quotations/${detail.data.quotation.id}/`, {
    headers: bearer(seller),
    data: { shipment_status: "Quotation Accepted" },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
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

  const phone = await signedInPage(browser, admin, 375);
  await phone.goto(`/admin/shipments/${shipmentId}`);
  await expect(phone.getByText("pickup slot confirmed")).toBeVisible({ timeout: 30_000 });
  await shot(phone, "admin-shipment-375");
  await phone.goto("/admin/dashboard");
  await expect(phone.getByText(product)).toBeVisible();
  await shot(phone, "admin-dashboard-375");
});

test("an admin disables and re-enables a user and manages warehouses", async ({
  browser,
  request,
}) => {
  const agent = await register(request, "Shipper", "Zelda");
  const admin = await logInAdmin(request);
  const page = await signedInPage(browser, admin);

  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible({ timeout: 45_000 });
  await page.getByRole("textbox", { name: "Search" }).fill(agent.email);
  const row = page.getByRole("row").filter({ hasText: agent.email });
  await expect(row).toContainText("Active");
  await expect(page.getByRole("table", { name: "Users" }).getByRole("row")).toHaveCount(2);
  await row.getByRole("button", { name: "Disable Zelda Tester" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disable" }).click();
  await expect(row).toContainText("Disabled");
  const refused = await request.post("/api/auth/login/", {
    data: { email: agent.email, password: PASSWORD, group: "Shipper" },
  });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  await shot(page, "admin-users-1280");
  await row.getByRole("button", { name: "Enable Zelda Tester" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Enable" }).click();
  await expect(row).toContainText("Active");
  const allowed = await request.post("/api/auth/login/", {
    data: { email: agent.email, password: PASSWORD, group: "Shipper" },
  });
  expect(allowed.status(), await allowed.text()).toBe(200);

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

  const phone = await signedInPage(browser, admin, 375);
  await phone.goto("/admin/users");
  await expect(phone.getByRole("heading", { name: "Users" })).toBeVisible({ timeout: 30_000 });
  await shot(phone, "admin-users-375");
  await phone.goto("/admin/warehouses");
  await expect(phone.getByRole("heading", { name: "Warehouses" })).toBeVisible({
    timeout: 30_000,
  });
  await shot(phone, "admin-warehouses-375");
});
