import { expect, test } from "@playwright/test";
import {
  logIn,
  PASSWORD,
  signUp,
  signUpCustomer,
  submitLogIn,
  uniqueEmail,
} from "../support/accounts";
import { waitForMailMatch } from "../support/mail";

const NOT_FOUND =
  "We couldn't find the page you were looking for. It might have been moved or deleted.";

test.describe("accounts", () => {
  test("the landing page shows the hero, the five steps and sends a visitor to log in", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Home | FBA Freight");
    await expect(
      page.getByRole("heading", { level: 1, name: "Logistics for Amazon FBA Sellers!" }),
    ).toBeVisible();
    for (const step of [
      "Fill a form.",
      "Place bids.",
      "Accept or deny.",
      "Communicate clearly through comments on accepted orders.",
      "Delivery to Amazon warehouses.",
    ]) {
      await expect(page.getByRole("heading", { name: step })).toBeVisible();
    }
    await expect(page.getByText(`© ${new Date().getFullYear()} FBA Freight`)).toBeVisible();
    await expect(page.getByRole("link", { name: "FBA Freight on LinkedIn" })).toBeVisible();
    await page.getByRole("button", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle("Log in | FBA Freight");
  });

  test("a customer signs up, lands on the seller dashboard and logs out", async ({ page }) => {
    await signUp(page, "Customer", uniqueEmail("seller"));
    await expect(page).toHaveURL(/\/seller\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem("AUTH_TOKEN"))).toBeTruthy();

    // The home page's Get Started now leads to the dashboard.
    await page.goto("/");
    await page.getByRole("button", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/seller\/dashboard$/);

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    // Private pages now send the visitor home.
    await page.goto("/seller/dashboard");
    await expect(page).toHaveURL(/\/$/);
  });

  test("a shipment agent signs up, is sent to log in, and logs in on the agent tab", async ({
    page,
  }) => {
    const email = uniqueEmail("agent");
    await signUp(page, "Shipment Agent", email);
    await expect(page).toHaveURL(/\/shipper\/login$/);
    await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
    await expect(
      page.getByText("Your account has been created. Log in to continue."),
    ).toBeVisible();
    await expect(page.getByRole("tab", { name: "Shipment Agent" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(await page.evaluate(() => localStorage.getItem("AUTH_TOKEN"))).toBeNull();
    // The new account's email is already filled in.
    await expect(page.getByLabel("Email")).toHaveValue(email);

    await submitLogIn(page, email);
    await expect(page).toHaveURL(/\/shipper\/dashboard$/);

    // Another role's area sends the agent back to their own home.
    await page.goto("/seller/booking");
    await expect(page).toHaveURL(/\/shipper\/dashboard$/);
  });

  test("log in shows field messages and the server's refusal", async ({ page }) => {
    const email = await signUpCustomer(page, "refused");
    await page.evaluate(() => localStorage.clear());

    await page.goto("/login");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();

    // Each refusal shows once, on the form (not also as a toast).
    await logIn(page, "Customer", email, "Wrong#Pass1");
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // A customer account on the agent tab is refused as a wrong password is (the account is not
    // confirmed), with a reminder to check the tab.
    await logIn(page, "Shipment Agent", email);
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await expect(page.getByText(/check that the Customer or Shipment Agent tab/i)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("AUTH_TOKEN"))).toBeNull();
  });

  test("forgot password: code by email, new password, then log in with it", async ({ page }) => {
    const email = await signUpCustomer(page, "reset");
    await page.evaluate(() => localStorage.clear());

    await page.goto("/login");
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Send code" }).click();
    await expect(dialog.getByLabel("Verification code")).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Resend code in \d:\d\d/ })).toBeDisabled();

    const code = await waitForMailMatch(email, /reset code is (\d{4})/);
    await dialog.getByLabel("Verification code").fill(`x${code}y`);
    await expect(dialog.getByLabel("Verification code")).toHaveValue(code);

    // The countdown survives a reload.
    const deadline = await page.evaluate(() => localStorage.getItem("OTP_RESEND_AT"));
    expect(Number(deadline)).toBeGreaterThan(Date.now());

    await dialog.getByRole("button", { name: "Verify code" }).click();
    await dialog.getByLabel("New password").fill("Fresh#Pass2");
    await dialog.getByLabel("Confirm password").fill("Fresh#Pass3");
    await dialog.getByRole("button", { name: "Reset password" }).click();
    await expect(dialog.getByText("Passwords must match")).toBeVisible();
    await dialog.getByLabel("Confirm password").fill("Fresh#Pass2");
    await dialog.getByRole("button", { name: "Reset password" }).click();
    await expect(dialog.getByText("Your password has been successfully reset.")).toBeVisible();
    await dialog.getByRole("button", { name: "Log in" }).click();
    await expect(dialog).toBeHidden();
    // The login form is ready for the account: its email in, on its tab.
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByRole("tab", { name: "Customer" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    await logIn(page, "Customer", email, PASSWORD);
    await expect(page.getByText("Invalid email or password").first()).toBeVisible();
    await logIn(page, "Customer", email, "Fresh#Pass2");
    await expect(page).toHaveURL(/\/seller\/dashboard$/);
  });

  test("the resend countdown is still running after a reload", async ({ page }) => {
    const email = uniqueEmail("countdown");
    await page.goto("/login");
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    await page.getByRole("dialog").getByLabel("Email").fill(email);
    await page.getByRole("dialog").getByRole("button", { name: "Send code" }).click();
    await expect(page.getByRole("dialog").getByLabel("Verification code")).toBeVisible();
    await page.reload();
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    await page.getByRole("dialog").getByLabel("Email").fill(email);
    await page.getByRole("dialog").getByRole("button", { name: "Send code" }).click();
    await expect(
      page
        .getByRole("dialog")
        .getByRole("button", { name: /Resend code in 1:[0-5]\d|Resend code in 2:00/ }),
    ).toBeDisabled();
  });

  test("unknown paths show Page not found with a link home for each visitor", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    await expect(page).toHaveTitle("Page not found | FBA Freight");
    await page.getByRole("link", { name: "Return to home" }).click();
    await expect(page).toHaveURL(/\/$/);

    await signUpCustomer(page, "lost");
    await page.goto("/seller/nowhere");
    await page.getByRole("link", { name: "Return to home" }).click();
    await expect(page).toHaveURL(/\/seller\/dashboard$/);
  });

  test("on a 375 px screen the menu is a drawer with Settings and Logout", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpCustomer(page, "mobile");
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await expect(nav).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sample Shipment" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
    await nav.getByRole("link", { name: "Completed Shipments" }).click();
    await expect(page).toHaveURL(/\/seller\/booking\/pastorders$/);
    await expect(nav).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
