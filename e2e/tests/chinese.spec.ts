import { register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";

test.describe.configure({ timeout: 120_000 });

const HERO_ZH = "亚马逊 FBA 卖家的头程物流之选！";
const HERO_EN = "Logistics for Amazon FBA Sellers!";

test("a Chinese browser gets the landing page and login in Chinese, and can switch to English", async ({
  browser,
}) => {
  for (const width of [1440, 375]) {
    const context = await browser.newContext({
      locale: "zh-CN",
      viewport: { width, height: 900 },
    });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: HERO_ZH })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      "href",
      "/?lang=en",
    );
    await docsShot(page, `zh-CN/landing-${width}`);

    await page.getByRole("link", { name: "登录" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "登录" })).toBeVisible();
    await page.getByRole("button", { name: "登录" }).click();
    await expect(page.getByText("请填写邮箱")).toBeVisible();
    await docsShot(page, `zh-CN/login-${width}`);

    // The switch: English at once, and "/" stays English for this browser afterwards.
    await page.getByRole("link", { name: "切换为英文" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: HERO_EN })).toBeVisible();
    await context.close();
  }
});

test("the language chosen on the profile follows the seller to another device", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Mei");
  const first = await openAs(seller, 1440);
  await first.goto("/seller/profile");
  await first.getByRole("radio", { name: "简体中文" }).click();
  await expect(first.getByRole("navigation", { name: "主菜单" })).toBeVisible();
  await expect(first.getByRole("radio", { name: "简体中文" })).toBeChecked();

  for (const width of [1440, 375]) {
    // A device that never chose: the account's language applies once signed in.
    const other = await openAs(seller, width);
    await other.goto("/seller/booking");
    await expect(other.getByRole("button", { name: "账户菜单" })).toBeVisible();
    await other.waitForLoadState("networkidle");
    if (width === 375) {
      await other.getByRole("button", { name: "打开菜单" }).click();
      await expect(other.getByRole("navigation", { name: "主菜单" })).toBeVisible();
    } else {
      await expect(other.getByRole("navigation", { name: "主菜单" })).toBeVisible();
    }
    await docsShot(other, `zh-CN/seller-shell-${width}`, { keepScroll: true });
  }
});
