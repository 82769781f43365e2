import { expect, test, type APIRequestContext } from "@playwright/test";
import { bidWindowAdjective, bidWindowDuration } from "@fba/contract/constants";
import { docsShot } from "../support/screenshots";

/** The bid window this server runs (BID_WINDOW_HOURS), from its public settings. */
async function bidWindowHours(request: APIRequestContext): Promise<number> {
  const res = await request.get("/api/settings/");
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { bid_window_hours: number } }).data.bid_window_hours;
}

test("the landing page loads without errors and without the dashboards' code", async ({ page }) => {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/");
  await expect(page).toHaveTitle("Home | FBA Freight");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Logistics for Amazon FBA Sellers!",
  );
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((path) => /AppLayout|Dashboard|Shipments?Page|LoginPage/.test(path)),
  ).toEqual([]);
});

test("the landing and login pages say the server's bid window, at 1440 and 375 px", async ({
  page,
  request,
}) => {
  const hours = await bidWindowHours(request);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await expect(
      page.getByText(`compete with sealed bids for ${bidWindowDuration(hours)},`),
    ).toBeVisible();
    await expect(
      page.getByText(`during a ${bidWindowAdjective(hours)} bidding window.`),
    ).toBeAttached();
    await docsShot(page, `landing-bid-window-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/login");
  await expect(
    page.getByText(`Sealed bids from shipping agents for ${bidWindowDuration(hours)}`),
  ).toBeVisible();
});

test("the API answers its health check", async ({ request }) => {
  const res = await request.get("/api/health/ready");
  expect(res.ok()).toBe(true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // "/" is prerendered at build time: crawlers and visitors without scripts get the page itself.
  test("the landing page shows its hero, five steps and links", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Home | FBA Freight");
    await expect(
      page.getByRole("heading", { level: 1, name: "Logistics for Amazon FBA Sellers!" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 3 })).toHaveCount(5);
    await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
    await expect(page.getByText(`© ${new Date().getFullYear()} FBA Freight`)).toBeVisible();
    // Rendered at build time with the default window: the spec's 72 hours.
    await expect(page.getByText("compete with sealed bids for 72 hours,")).toBeVisible();
  });
});
