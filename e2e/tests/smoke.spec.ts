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
