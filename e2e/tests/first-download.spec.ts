import type { APIRequestContext, Page } from "@playwright/test";
import { register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { approveEarly, createShipment, placeBid } from "../support/shipments";

test.describe.configure({ timeout: 120_000 });

/** The scripts a page requests from now on. */
function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) seen.push(pathname);
  });
  return seen;
}

// zod, and the contract's schemas that need it; "contract-values" holds only what screens show.
const schemaChunks = (scripts: string[]) =>
  scripts.filter((script) => /^\/assets\/(zod-|contract-(?!values-))/.test(script));

/**
 * Of the scripts, those holding zod itself, whatever chunk it landed in (a screen's chunk group
 * once took it along with the contract's schemas, and the chunk names above missed it).
 */
async function withZod(request: APIRequestContext, scripts: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const script of new Set(scripts)) {
    const body = await (await request.get(script)).text();
    if (body.includes("$ZodType")) found.push(script);
  }
  return found;
}

test("the seller's shipment page shows without the forms' code, which comes with its dialogs", async ({
  page,
  openAs,
  request,
}) => {
  // The pattern finds the schemas where a screen validates at once: the login form.
  const login = scriptsOf(page);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Log in" }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(schemaChunks(login).length).toBeGreaterThan(0);
  expect((await withZod(request, login)).length).toBeGreaterThan(0);

  const seller = await register(request, "Seller", "Noor");
  const agent = await register(request, "Shipper", "Omar");
  const shipmentId = await createShipment(request, seller, "Linen Napkins");
  await placeBid(request, agent, shipmentId, "700");
  await approveEarly(request, agent, shipmentId);

  for (const width of [1440, 375]) {
    const sellerPage = await openAs(seller, width);
    const scripts = scriptsOf(sellerPage);
    await sellerPage.goto(`/seller/booking/order/status/${shipmentId}?src=pendingorders`);
    await expect(
      sellerPage.getByRole("heading", { name: `Shipment #${shipmentId}` }),
    ).toBeVisible();
    await sellerPage.waitForLoadState("networkidle");
    expect(schemaChunks(scripts)).toEqual([]);
    expect(await withZod(request, scripts)).toEqual([]);

    // The dialog's code loads on its first opening, and the dialog works.
    const before = scripts.length;
    await sellerPage.getByRole("button", { name: "Accept estimate" }).click();
    const dialog = sellerPage.getByRole("dialog", { name: "Accept estimate" });
    await expect(dialog.getByRole("group", { name: "Accepted service and amount" })).toContainText(
      "$800.00",
    );
    expect(scripts.length).toBeGreaterThan(before);
    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog).toHaveCount(0);
  }
});

test("forms validate under the Content-Security-Policy without evaluating code", async ({
  page,
}) => {
  // zod would otherwise probe for code generation on its first validation, which the policy refuses.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(event.violatedDirective),
    );
  });
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await page.getByRole("button", { name: "Log in" }).first().click();
  await expect(page.getByText(/valid email/i).first()).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  ).toEqual([]);
});

test("on a phone the seller's list shows without the sidebar's code, which comes with the menu", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Priya");
  await createShipment(request, seller, "Cotton Towels");

  const phone = await openAs(seller, 375);
  const phoneScripts = scriptsOf(phone);
  await phone.goto("/seller/booking");
  await expect(phone.getByText("Cotton Towels")).toBeVisible();
  await phone.waitForLoadState("networkidle");
  const sidebarChunk = (scripts: string[]) => scripts.filter((s) => /\/Sidebar-/.test(s));
  expect(sidebarChunk(phoneScripts)).toEqual([]);
  // Nor zod: the list validates nothing.
  expect(await withZod(request, phoneScripts)).toEqual([]);
  await phone.getByRole("button", { name: "Open menu" }).click();
  await expect(
    phone.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Dashboard" }),
  ).toBeVisible();
  expect(sidebarChunk(phoneScripts)).toHaveLength(1);

  // A wide screen shows the sidebar beside the list.
  const desktop = await openAs(seller, 1440);
  await desktop.goto("/seller/booking");
  await expect(
    desktop.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Dashboard" }),
  ).toBeVisible();
  await expect(desktop.getByText("Cotton Towels")).toBeVisible();
});
