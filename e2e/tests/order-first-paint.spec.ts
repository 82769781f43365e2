import type { Browser, BrowserContext, Page } from "@playwright/test";
import { logIn, register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";
import { acceptedShipment } from "../support/shipments";

test.describe.configure({ timeout: 180_000 });

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36";
const SELLER_NEXT = /Upload what the agent still needs: Commercial invoice/;

/** A context of `width` (a phone's user agent at phone width) holding the session's cookies. */
async function contextLike(
  browser: Browser,
  session: BrowserContext,
  width: number,
  javaScriptEnabled = true,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: 860 },
    javaScriptEnabled,
    ...(width < 600 ? { userAgent: PHONE_UA, isMobile: true, hasTouch: true } : {}),
  });
  await context.addCookies(await session.cookies());
  const storage = await session.storageState();
  await context.addInitScript((items) => {
    if (localStorage.getItem("AUTH_TOKEN")) return;
    for (const { name, value } of items) localStorage.setItem(name, value);
  }, storage.origins[0]?.localStorage ?? []);
  return context;
}

/**
 * From its first frame: whether the order's "Next" line was ever off screen once it had shown
 * (a blank or a spinner between the server's paint and the app's page), and whether the app took
 * the paint's place.
 */
async function watchNextLine(page: Page) {
  await page.addInitScript(() => {
    const seen = { shown: false, goneAfterShown: false, paintRemoved: false };
    (window as unknown as { nextLine: typeof seen }).nextLine = seen;
    const tick = () => {
      const visible = Array.from(document.querySelectorAll('[data-testid="order-next-step"]')).some(
        (element) => {
          const box = element.getBoundingClientRect();
          return box.height > 0 && getComputedStyle(element).visibility !== "hidden";
        },
      );
      if (visible) seen.shown = true;
      else if (seen.shown) seen.goneAfterShown = true;
      if (seen.shown && !document.getElementById("first-paint")) seen.paintRemoved = true;
      if (!seen.paintRemoved || performance.now() < 15_000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

test("an order page's HTML holds the order, and the app takes its place without a blank", async ({
  browser,
  page,
  request,
}) => {
  const seller = await register(request, "Seller", "Priya");
  const agent = await register(request, "Shipper", "Tomas");
  const shipmentId = await acceptedShipment(request, seller, agent, "Walnut Serving Board");
  const orderPath = `/seller/booking/recentorderstatus/${shipmentId}`;

  // Signing in keeps the access token's copy the server's first paint reads.
  await logIn(page, "Customer", seller.email);
  await expect(page).toHaveURL(/\/seller\/dashboard$/);
  const session = page.context();
  const viewCookie = (await session.cookies()).find((cookie) => cookie.name === "fba_view");
  expect(viewCookie?.value).toBeTruthy();
  expect(viewCookie?.sameSite).toBe("Lax");

  for (const width of [1440, 375]) {
    // With no JavaScript at all, the order is there: the HTML holds it.
    const still = await contextLike(browser, session, width, false);
    const plain = await still.newPage();
    await plain.goto(orderPath);
    await expect(plain.getByRole("heading", { name: `Shipment #${shipmentId}` })).toBeVisible();
    await expect(plain.getByText("Walnut Serving Board").first()).toBeVisible();
    await expect(plain.getByTestId("order-next-step")).toContainText(SELLER_NEXT);
    // A phone's first paint is laid out as the phone's app is: the menu button, no sidebar.
    await expect(plain.getByRole("button", { name: "Open menu" })).toHaveCount(width < 600 ? 1 : 0);
    await still.close();

    // With it, the app renders the same page behind the paint and takes its place.
    const live = await contextLike(browser, session, width);
    const order = await live.newPage();
    await watchNextLine(order);
    await order.goto(orderPath);
    await expect(order.getByTestId("order-next-step")).toContainText(SELLER_NEXT);
    await expect
      .poll(() => order.evaluate(() => document.getElementById("first-paint")))
      .toBeNull();
    const seen = await order.evaluate(
      () => (window as unknown as { nextLine: Record<string, boolean> }).nextLine,
    );
    expect(seen).toEqual({ shown: true, goneAfterShown: false, paintRemoved: true });
    // The app's own page, working: its chat is there to write in.
    await expect(order.getByRole("textbox", { name: "Message" })).toBeVisible();
    if (process.env.E2E_DOCS_SCREENSHOTS) {
      // What shows before the app's code has arrived: the page with its app never started.
      const painted = await live.newPage();
      await painted.route("**/assets/after-paint-*.js", (route) => route.abort());
      await painted.goto(orderPath);
      await expect(painted.getByTestId("order-next-step")).toBeVisible();
      await docsShot(painted, `order-first-paint-${width}`);
    }
    await live.close();
  }

  // The agent's order page too, with the agent's own session.
  const agentPage = await browser.newPage();
  await logIn(agentPage, "Shipment Agent", agent.email);
  await expect(agentPage).toHaveURL(/\/shipper\/dashboard/);
  const agentStill = await contextLike(browser, agentPage.context(), 1440, false);
  const agentPlain = await agentStill.newPage();
  await agentPlain.goto(`/shipper/dashboard/orders/status/${shipmentId}?src=accepted`);
  await expect(agentPlain.getByTestId("order-next-step")).toContainText(
    /Still missing: .*the tracking number and the final amount/,
  );
  await agentStill.close();
  await agentPage.close();

  // Another seller's session gets the page without the order; the browser then asks the API,
  // which refuses.
  const stranger = await register(request, "Seller", "Ines");
  const strangerContext = await browser.newContext({ javaScriptEnabled: false });
  await strangerContext.addCookies([
    { name: "fba_view", value: stranger.access_token, url: page.url() },
  ]);
  const strangerPage = await strangerContext.newPage();
  const res = await strangerPage.goto(orderPath);
  expect(await res?.text()).not.toContain("Walnut Serving Board");
  await strangerContext.close();

  // Logging out takes the cookie away.
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await session.cookies()).some((cookie) => cookie.name === "fba_view")).toBe(false);
});
