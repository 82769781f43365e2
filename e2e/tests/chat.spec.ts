import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from "@playwright/test";

const PASSWORD = "Chat#Pass123";
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

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
  const email = `chat-${groups.toLowerCase()}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  const res = await request.post("/api/auth/register/", {
    data: { first_name: firstName, last_name: "Tester", email, password: PASSWORD, groups },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { data: Omit<Account, "email"> };
  return { email, ...body.data };
}

const bearer = (account: Account) => ({ authorization: `Bearer ${account.access_token}` });

/** A browser page signed in as the account (tokens and user stored as the login screen does). */
async function signedInPage(browser: Browser, account: Account, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((a) => {
    if (localStorage.getItem("AUTH_TOKEN")) return;
    localStorage.setItem("AUTH_TOKEN", a.access_token);
    localStorage.setItem("REFRESH_TOKEN", a.refresh_token);
    localStorage.setItem("USER_DETAILS", JSON.stringify(a.user));
  }, account);
  return context.newPage();
}

async function shot(page: Page, name: string, fullPage = false) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** Books a shipment, has the agent bid, waits for the bid window to close and accepts. */
async function acceptedShipment(
  request: APIRequestContext,
  seller: Account,
  agent: Account,
): Promise<number> {
  const created = await request.post("/api/shipments/", {
    headers: bearer(seller),
    data: {
      freight_booking_reference_number: "REF 2001",
      shipment_ready_date: new Date().toISOString().slice(0, 10),
      supplier_contact_name: "Ningbo Supplies",
      supplier_contact_phone: "8613800138000",
      product_name: "Bamboo Cutting Board",
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
      contact_information: {
        first_name: seller.user.first_name,
        last_name: "Tester",
        email: seller.email,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const shipmentId = ((await created.json()) as { data: { id: number } }).data.id;

  const bid = await request.post("/api/shipper/quotation/", {
    headers: bearer(agent),
    data: {
      shipment: String(shipmentId),
      pickup_amount: "100",
      fast_amount: "900",
      normal_amount: "",
    },
  });
  expect(bid.status(), await bid.text()).toBe(201);

  // The e2e server closes bid windows after 36 s.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/shipments/${shipmentId}/`, { headers: bearer(seller) });
        return ((await res.json()) as { data: { status: string } }).data.status;
      },
      { timeout: 75_000, intervals: [2_000] },
    )
    .toBe("Quotation Approved");

  const quotations = await request.get(`/api/quotations/?shipment_id=${shipmentId}`, {
    headers: bearer(seller),
  });
  const winner = ((await quotations.json()) as { data: Array<{ id: number }> }).data[0];
  expect(winner).toBeTruthy();
  const accepted = await request.patch(`/api/quotations/${winner!.id}/`, {
    headers: bearer(seller),
    data: { shipment_status: "Quotation Accepted" },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return shipmentId;
}

const messageRow = (page: Page, text: string): Locator =>
  page.getByTestId("chat-message").filter({ hasText: text });

async function openActions(page: Page, text: string) {
  const row = messageRow(page, text);
  await row.hover();
  await row.getByRole("button", { name: "Message actions" }).click();
}

async function send(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(box).toHaveValue("");
}

test.describe.configure({ timeout: 240_000 });

test("seller and agent chat live: send, reply, react, edit, read receipts and the bell", async ({
  browser,
  request,
}) => {
  const seller = await register(request, "Seller", "Sally");
  const agent = await register(request, "Shipper", "Arthur");
  const shipmentId = await acceptedShipment(request, seller, agent);

  const sellerPage = await signedInPage(browser, seller);
  const agentPage = await signedInPage(browser, agent);
  const sellerChatUrl = `/seller/booking/recentorderstatus/${shipmentId}?src=currentShipments`;
  const agentChatUrl = `/shipper/dashboard/orders/status/${shipmentId}?src=accepted`;
  await sellerPage.goto(sellerChatUrl);
  await agentPage.goto(agentChatUrl);

  const empty =
    "No messages yet - Messages will appear here once they are placed. Check back later for updates.";
  await expect(sellerPage.getByText(empty)).toBeVisible({ timeout: 30_000 });
  await expect(agentPage.getByText(empty)).toBeVisible({ timeout: 30_000 });
  await expect(sellerPage.getByText("Chat with Arthur Tester")).toBeVisible();
  await expect(agentPage.getByText("Chat with Sally Tester")).toBeVisible();
  await expect(sellerPage.getByRole("button", { name: "Send" })).toBeDisabled();
  await expect(sellerPage.getByText("Live", { exact: true })).toBeVisible();
  await expect(agentPage.getByText("Live", { exact: true })).toBeVisible();

  // Seller writes; the agent sees it without a reload, with a clickable link.
  await send(sellerPage, "Hello! Supplier details: https://supplier.example/orders/77");
  await expect(messageRow(agentPage, "Hello! Supplier details")).toBeVisible();
  await expect(
    agentPage.getByRole("link", { name: "https://supplier.example/orders/77" }),
  ).toHaveAttribute("href", "https://supplier.example/orders/77");
  // The agent had it on screen, so the seller sees it read.
  await expect(
    messageRow(sellerPage, "Hello! Supplier details").getByRole("img", {
      name: "Read by Arthur Tester",
    }),
  ).toBeVisible();

  // Agent replies to it; the seller sees the quote.
  await openActions(agentPage, "Hello! Supplier details");
  await agentPage.getByRole("menuitem", { name: "Reply" }).click();
  await expect(agentPage.getByText("Replying to Sally Tester")).toBeVisible();
  await send(agentPage, "Pickup is booked for Monday");
  const reply = messageRow(sellerPage, "Pickup is booked for Monday");
  await expect(reply).toBeVisible();
  await expect(reply.getByTestId("reply-quote")).toContainText("Hello! Supplier details");

  // Seller reacts to the reply; the agent sees the reaction.
  await openActions(sellerPage, "Pickup is booked for Monday");
  await sellerPage.getByRole("menuitem", { name: "React" }).click();
  const firstEmoji = sellerPage.locator("button.epr-emoji").first();
  await expect(firstEmoji).toBeVisible();
  await firstEmoji.click();
  await expect(
    messageRow(agentPage, "Pickup is booked for Monday").getByRole("button", {
      name: /reacted by Sally Tester/,
    }),
  ).toBeVisible();

  // An image attachment previews inline on the other side; other files show as a file card.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  await sellerPage
    .getByTestId("chat-file-input")
    .setInputFiles({ name: "carton-label-photo-final.png", mimeType: "image/png", buffer: png });
  await expect(sellerPage.getByText(/carton-label-ph….png · 0.1 KB/)).toBeVisible();
  await sellerPage.getByRole("textbox", { name: "Message" }).fill("Label photo attached");
  await sellerPage.getByRole("button", { name: "Send" }).click();
  const photo = messageRow(agentPage, "Label photo attached").getByRole("img", {
    name: "carton-label-photo-final.png",
  });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);

  await shot(sellerPage, "chat-seller-1280");
  await shot(agentPage, "chat-agent-1280");

  // The agent leaves the chat; a message written now stays unread, so it can be edited.
  await agentPage.goto("/shipper/dashboard");
  const bell = agentPage.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await send(sellerPage, "Cartons ready on Tuesday");
  await openActions(sellerPage, "Cartons ready on Tuesday");
  await sellerPage.getByRole("menuitem", { name: "Edit" }).click();
  await expect(sellerPage.getByText("Editing message")).toBeVisible();
  await sellerPage.getByRole("textbox", { name: "Message" }).fill("Cartons ready on Wednesday");
  await sellerPage.getByRole("button", { name: "Send" }).click();
  await expect(messageRow(sellerPage, "Cartons ready on Wednesday")).toContainText("edited");
  await expect(messageRow(sellerPage, "Cartons ready on Tuesday")).toHaveCount(0);

  // The agent's bell shows the new message live; clicking it opens the order's chat.
  await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/);
  await bell.click();
  const popover = agentPage.getByRole("dialog", { name: "Notifications" });
  await expect(popover.getByRole("heading", { name: "Notifications" })).toBeVisible();
  const chatNotification = popover
    .getByTestId("notification-item")
    .filter({ hasText: "New message from Sally" })
    .first();
  await expect(chatNotification).toBeVisible();
  await shot(agentPage, "bell-popover-1280");
  await chatNotification.click();
  await expect(agentPage).toHaveURL(new RegExp(`/shipper/dashboard/orders/status/${shipmentId}`));
  await expect(messageRow(agentPage, "Cartons ready on Wednesday")).toBeVisible();

  // Read now: the seller sees the receipt, and editing is refused with the server's reason.
  const edited = messageRow(sellerPage, "Cartons ready on Wednesday");
  await expect(edited.getByRole("img", { name: "Read by Arthur Tester" })).toBeVisible();
  await openActions(sellerPage, "Cartons ready on Wednesday");
  await sellerPage.getByRole("menuitem", { name: "Edit" }).click();
  await sellerPage.getByRole("textbox", { name: "Message" }).fill("Cartons ready on Thursday");
  await sellerPage.getByRole("button", { name: "Send" }).click();
  await expect(
    sellerPage.getByText("This message has already been read and can no longer be changed"),
  ).toBeVisible();
  await expect(messageRow(agentPage, "Cartons ready on Thursday")).toHaveCount(0);

  // Phone widths.
  await sellerPage.setViewportSize({ width: 375, height: 812 });
  await agentPage.setViewportSize({ width: 375, height: 812 });
  await sellerPage.locator("#chat").scrollIntoViewIfNeeded();
  await shot(sellerPage, "chat-seller-375");
  await agentPage.getByTestId("chat-panel").scrollIntoViewIfNeeded();
  await shot(agentPage, "chat-agent-375");

  await sellerPage.context().close();
  await agentPage.context().close();
});
