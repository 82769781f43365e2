import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** The password of every account the journeys create. */
export const PASSWORD = "Journey#Pass1";
// Printed by the server at start (SEED_DEMO); admins may sign in on either tab.
const DEMO_ADMIN = { email: "demo.admin@example.com", password: "Admin#Demo1" };

export type Group = "Seller" | "Shipper";
export type SignUpTab = "Customer" | "Shipment Agent";

/** A signed-in account as the register and login endpoints return it. */
export interface Account {
  email: string;
  user: { id: number; first_name: string; last_name: string; groups: string };
  access_token: string;
  refresh_token: string;
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;

export const bearer = (account: Account) => ({ authorization: `Bearer ${account.access_token}` });

/** Registers "<firstName> Tester" through the API. */
export async function register(
  request: APIRequestContext,
  groups: Group,
  firstName: string,
): Promise<Account> {
  const email = uniqueEmail(groups.toLowerCase());
  const res = await request.post("/api/auth/register/", {
    data: { first_name: firstName, last_name: "Tester", email, password: PASSWORD, groups },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { data: Omit<Account, "email"> };
  return { email, ...body.data };
}

/** Logs in through the API; resolves to the response so callers can check refusals. */
export function logInByApi(
  request: APIRequestContext,
  email: string,
  password: string,
  group: Group,
) {
  return request.post("/api/auth/login/", { data: { email, password, group } });
}

export async function logInAdmin(request: APIRequestContext): Promise<Account> {
  const res = await logInByApi(request, DEMO_ADMIN.email, DEMO_ADMIN.password, "Seller");
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { data: Omit<Account, "email"> };
  return { email: DEMO_ADMIN.email, ...body.data };
}

/** Fills and sends the sign-up form as "Ava Seller" or "Ava Agent". */
export async function signUp(page: Page, tab: SignUpTab, email: string) {
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.getByRole("tab", { name: tab }).click();
  await page.getByLabel("First name").fill("Ava");
  await page.getByLabel("Last name").fill(tab === "Customer" ? "Seller" : "Agent");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Signs up a new customer through the form; resolves to its email once on the seller dashboard. */
export async function signUpCustomer(page: Page, emailPrefix: string): Promise<string> {
  const email = uniqueEmail(emailPrefix);
  await signUp(page, "Customer", email);
  await expect(page).toHaveURL(/\/seller\/dashboard$/);
  return email;
}

/** Fills and sends the login form already on screen. */
export async function submitLogIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

/** Opens the login screen, picks the tab and logs in. */
export async function logIn(page: Page, tab: SignUpTab, email: string, password = PASSWORD) {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await page.getByRole("tab", { name: tab }).click();
  await submitLogIn(page, email, password);
}
