import { expect, test } from "@playwright/test";

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
  });
});
