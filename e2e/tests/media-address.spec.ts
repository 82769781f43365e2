import type { Browser, Locator, Page } from "@playwright/test";
import { bearer, register, type Account } from "../support/accounts";
import { expect, test } from "../support/fixtures";

// A real PNG (48x48, one colour): the server decodes the bytes, not the name.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WUQ3AAAxCwYlALBKRNRNLuo9LKqAh8OBJ96t7zj+Ih0ah8lCkbOf4CTCOQuWhSNnOIRQDbRQqD0XKhkMDxqqOKNeZH72fZjHQRqHyUKRsODRgrOrIp1F4ASyw9KaallfOAAAAAElFTkSuQmCC",
  "base64",
);

const messageRow = (page: Page, text: string) =>
  page.getByTestId("chat-message").filter({ hasText: text });

/** Waits until the image has really been decoded, not just put in the page. */
async function expectLoaded(img: Locator, origin: string) {
  await expect(img).toBeVisible();
  // Chat images load lazily: on screen first.
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  expect(await img.evaluate((el) => (el as unknown as { currentSrc: string }).currentSrc)).toMatch(
    new RegExp(`^${origin}/api/`),
  );
}

/**
 * A signed-in page on `origin` (as the fixture's openAs does for the usual address); every
 * Content-Security-Policy complaint of the browser is collected.
 */
async function openAt(browser: Browser, origin: string, account: Account, width: number) {
  const context = await browser.newContext({ baseURL: origin, viewport: { width, height: 900 } });
  await context.addInitScript((a) => {
    if (localStorage.getItem("AUTH_TOKEN")) return;
    localStorage.setItem("AUTH_TOKEN", a.access_token);
    localStorage.setItem("REFRESH_TOKEN", a.refresh_token);
    localStorage.setItem("USER_DETAILS", JSON.stringify(a.user));
  }, account);
  const page = await context.newPage();
  const cspErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  return { page, context, cspErrors };
}

test("opened on another address than PUBLIC_URL, avatars and chat images still load", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The server's PUBLIC_URL is http://127.0.0.1:<port>: the same server, named differently.
  const elsewhere = baseURL!.replace("127.0.0.1", "localhost");
  expect(elsewhere).not.toBe(baseURL);

  const seller = await register(request, "Seller", "Sally");
  const agent = await register(request, "Shipper", "Arthur");
  const agentAvatar = await request.patch("/api/auth/v1/update-profile/", {
    headers: bearer(agent),
    multipart: { image: { name: "arthur.png", mimeType: "image/png", buffer: PNG } },
  });
  expect(agentAvatar.status(), await agentAvatar.text()).toBe(200);
  expect(((await agentAvatar.json()) as { data: { image: string } }).data.image).toMatch(
    new RegExp(`^${baseURL}/api/users/`),
  );
  const created = await request.post("/api/sample-shipments/", {
    headers: bearer(seller),
    data: { product_name: `Sample cups ${Date.now()}`, quantity: 3, address: "1 Quay St, Hull" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sampleId = ((await created.json()) as { data: { id: number } }).data.id;

  // The seller uploads a profile picture: the header shows it, not the initials.
  const wide = await openAt(browser, elsewhere, seller, 1440);
  await wide.page.goto("/seller/profile");
  await expect(wide.page.getByRole("textbox", { name: "First Name" })).toHaveValue("Sally", {
    timeout: 45_000,
  });
  await wide.page
    .getByTestId("profile-image-input")
    .setInputFiles({ name: "sally.png", mimeType: "image/png", buffer: PNG });
  await wide.page.getByRole("button", { name: "Save changes" }).click();
  await expect(wide.page.getByText("Profile updated successfully")).toBeVisible();
  const accountMenu = wide.page.getByRole("button", { name: "Account menu" });
  await expectLoaded(accountMenu.locator("img"), elsewhere);
  await wide.page.reload();
  await expectLoaded(wide.page.getByRole("img", { name: "Profile image preview" }), elsewhere);

  // The agent sends a photo in the sample's chat; the seller sees it and the agent's picture.
  const agentSide = await openAt(browser, elsewhere, agent, 1440);
  await agentSide.page.goto(`/shipper/dashboard/orders/status/${sampleId}?src=sampleShipments`);
  await expect(agentSide.page.getByText("Live", { exact: true })).toBeVisible({ timeout: 45_000 });
  await agentSide.page
    .getByTestId("chat-file-input")
    .setInputFiles({ name: "cup-photo.png", mimeType: "image/png", buffer: PNG });
  await agentSide.page.getByRole("textbox", { name: "Message" }).fill("Photo of the cups");
  await agentSide.page.getByRole("button", { name: "Send" }).click();
  await expectLoaded(
    messageRow(agentSide.page, "Photo of the cups").getByRole("img", { name: "cup-photo.png" }),
    elsewhere,
  );

  await wide.page.goto(`/seller/booking/recentorderstatus/${sampleId}?src=sampleShipments`);
  const photo = messageRow(wide.page, "Photo of the cups").getByRole("img", {
    name: "cup-photo.png",
  });
  await expectLoaded(photo, elsewhere);
  await expectLoaded(
    wide.page.getByTestId("chat-header").getByRole("img", { name: "Arthur Tester" }),
    elsewhere,
  );
  await expectLoaded(accountMenu.locator("img"), elsewhere);

  // The same on a phone.
  const phone = await openAt(browser, elsewhere, seller, 375);
  await phone.page.goto(`/seller/booking/recentorderstatus/${sampleId}?src=sampleShipments`);
  await expectLoaded(
    messageRow(phone.page, "Photo of the cups").getByRole("img", { name: "cup-photo.png" }),
    elsewhere,
  );
  await expectLoaded(
    phone.page.getByRole("button", { name: "Account menu" }).locator("img"),
    elsewhere,
  );

  for (const side of [wide, agentSide, phone]) {
    expect(side.cspErrors).toEqual([]);
    await side.context.close();
  }
});
