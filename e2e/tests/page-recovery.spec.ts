import type { Browser, Page } from "@playwright/test";
import { bearer, register, submitLogIn, type Account } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";
import { createShipment } from "../support/shipments";

const COMPLETED_CHUNK = "**/assets/SellerCompletedShipmentsPage-*.js";
const CANCELLED_CHUNK = "**/assets/SellerCancelledShipmentsPage-*.js";

/** Opens the seller's tab strip screen and waits for it. */
async function openActiveList(page: Page) {
  await page.goto("/seller/booking");
  await expect(
    page
      .getByRole("tablist", { name: "Shipment lists" })
      .getByRole("tab", { name: "Current Shipments" }),
  ).toHaveAttribute("aria-selected", "true", { timeout: 45_000 });
}

const tab = (page: Page, name: string) =>
  page.getByRole("tablist", { name: "Shipment lists" }).getByRole("tab", { name });

for (const width of [1440, 375]) {
  test(`a screen whose code cannot be downloaded shows Retry inside the app, and Retry loads it (${width} px)`, async ({
    openAs,
    request,
  }) => {
    const seller = await register(request, "Seller", "Rhea");
    const page = await openAs(seller, width);
    await openActiveList(page);

    // The server is unreachable for the Completed Shipments screen's code, not yet downloaded.
    await page.route(COMPLETED_CHUNK, (route) => route.abort("connectionrefused"));
    await tab(page, "Completed Shipments").click();
    const failure = page.getByRole("alert").filter({ hasText: "This page could not be loaded" });
    await expect(failure).toBeVisible();
    const retry = failure.getByRole("button", { name: "Retry" });
    await expect(retry).toBeVisible();
    // Inside the app's layout: its bar stays, with the way to the other screens.
    await expect(page.getByRole("banner")).toBeVisible();
    await docsShot(page, `chunk-error-${width}`);

    // The server is back: Retry downloads the screen's code again and shows the screen.
    await page.unroute(COMPLETED_CHUNK);
    await retry.click();
    await expect(tab(page, "Completed Shipments")).toHaveAttribute("aria-selected", "true");
    await expect(failure).toHaveCount(0);
  });
}

test("a failed download after a release reloads the page once, then offers Retry", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Rory");
  const page = await openAs(seller);
  await openActiveList(page);

  // The server now runs another release, whose files this tab's screens are not among.
  await page.route("**/version.json", (route) =>
    route.fulfill({ json: { build: "/assets/index-next.js" } }),
  );
  await page.route(CANCELLED_CHUNK, (route) => route.abort("failed"));
  const reloaded = page.waitForEvent("load");
  await tab(page, "Cancelled Shipments").click();
  await reloaded;
  expect(await page.evaluate(() => sessionStorage.getItem("fba.release-reload"))).toBe(
    "/assets/index-next.js",
  );

  // After the reload the same screen still fails: no second reload, the error with Retry.
  const failure = page.getByRole("alert").filter({ hasText: "This page could not be loaded" });
  await expect(failure).toBeVisible({ timeout: 45_000 });
  await page.unroute(CANCELLED_CHUNK);
  await failure.getByRole("button", { name: "Retry" }).click();
  await expect(tab(page, "Cancelled Shipments")).toHaveAttribute("aria-selected", "true");
});

/**
 * A browser holding an ended session: its refresh token was revoked (signed out elsewhere, or
 * expired) and its access token no longer passes.
 */
async function endedSession(browser: Browser, account: Account, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto("/");
  await page.evaluate((a) => {
    localStorage.setItem("AUTH_TOKEN", `${a.access_token.slice(0, -4)}xxxx`);
    localStorage.setItem("REFRESH_TOKEN", a.refresh_token);
    localStorage.setItem("USER_DETAILS", JSON.stringify(a.user));
  }, account);
  return page;
}

for (const width of [1440, 375]) {
  test(`an ended session's deep link goes to login with the reason, then back to the page (${width} px)`, async ({
    browser,
    request,
  }) => {
    const seller = await register(request, "Seller", "Selma");
    const shipmentId = await createShipment(request, seller, "Walnut serving trays");
    for (const deepLink of [
      `/seller/booking/recentorderstatus/${shipmentId}`,
      "/seller/dashboard",
    ]) {
      const again = await request.post("/api/auth/login/", {
        data: { email: seller.email, password: "Journey#Pass1", group: "Seller" },
      });
      const session = { ...seller, ...((await again.json()) as { data: Account }).data };
      const ended = await request.post("/api/auth/logout/", {
        headers: bearer(session),
        data: { refresh: session.refresh_token },
      });
      expect(ended.status(), await ended.text()).toBe(200);

      const page = await endedSession(browser, session, width);
      await page.goto(deepLink);
      await expect(page).toHaveURL(/\/seller\/login$/);
      await expect(page.getByText("Your session has ended")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
      if (deepLink === "/seller/dashboard") await docsShot(page, `session-ended-${width}`);

      await submitLogIn(page, seller.email);
      await expect(page).toHaveURL(new RegExp(`${deepLink}$`));
      if (deepLink === "/seller/dashboard") {
        await expect(page.getByRole("heading", { name: "Welcome, Selma" })).toBeVisible();
      } else {
        await expect(page.getByRole("heading", { name: `Shipment #${shipmentId}` })).toBeVisible();
      }
      await page.context().close();
    }
  });
}
