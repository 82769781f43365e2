import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { bearer, logInAdmin, register, type Account } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";
import { acceptedShipment, approveEarly, createShipment, placeBid } from "../support/shipments";

test.describe.configure({ timeout: 240_000 });

/** No serious or critical axe findings in the page, or in `scope` (a CSS selector) of it. */
async function expectAccessible(page: Page, scope?: string) {
  let builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "best-practice",
  ]);
  if (scope) builder = builder.include(scope);
  const result = await builder.analyze();
  const findings = result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => `${n.target.join(" ")} ${n.html}`).join(" | ")}`,
    );
  expect(findings).toEqual([]);
}

/** Nothing sticks out sideways: the page reads at its width without scrolling across. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The agent adds the tracking number and the final amount (the accepted $1,000), then completes. */
async function completeOrder(request: APIRequestContext, agent: Account, shipmentId: number) {
  const details = await request.patch(`/api/shipments/${shipmentId}/`, {
    headers: bearer(agent),
    data: { tracking_number: "123456789012", final_amount: "1000" },
  });
  expect(details.status(), await details.text()).toBe(200);
  const res = await request.patch(`/api/shipment-status-update/${shipmentId}/`, {
    headers: bearer(agent),
    data: { status: "Shipment Completed" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function rate(
  request: APIRequestContext,
  seller: Account,
  shipmentId: number,
  scores: { overall: number; comment?: string },
) {
  const res = await request.post(`/api/shipments/${shipmentId}/rating/`, {
    headers: bearer(seller),
    data: {
      overall: scores.overall,
      communication: scores.overall,
      care_of_cargo: 5,
      punctuality: scores.overall,
      as_described: 4,
      comment: scores.comment,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Scrolls the section's heading to the top of the screen, below the app bar. */
async function scrollToTop(section: Locator) {
  await section.evaluate((element) => {
    element.scrollIntoView({ block: "start" });
    window.scrollBy(0, -80);
  });
}

/** The dashboard's Analytics section, scrolled to, once its charts have drawn. */
async function analyticsOf(page: Page, firstFigure: string): Promise<Locator> {
  const section = page.getByRole("region", { name: "Analytics" });
  await section.scrollIntoViewIfNeeded();
  const figure = section.getByRole("figure", { name: firstFigure });
  await expect(figure).toBeVisible({ timeout: 60_000 });
  await expect(figure.locator("svg").first()).toBeVisible();
  return section;
}

/**
 * Every chart of the section draws, and its text alternative (a table of the same numbers, read
 * by screen readers) is there; Show table puts the first one on screen.
 */
async function expectChartsWithTables(section: Locator, figures: string[]) {
  for (const name of figures) {
    const figure = section.getByRole("figure", { name });
    await expect(figure).toBeVisible();
    await expect(figure.getByRole("table", { name })).toHaveCount(1);
  }
  const first = section.getByRole("figure", { name: figures[0] });
  await first.getByRole("button", { name: "Show table" }).click();
  await expect(first.getByRole("table", { name: figures[0] })).toBeVisible();
  await first.getByRole("button", { name: "Show chart" }).click();
  await expect(first.locator("svg").first()).toBeVisible();
}

const currentMonth = () =>
  new Date().toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

test("an agent's profile opens from a bid with its scorecard, which changes once orders are completed and rated (1440 and 375 px)", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Selma");
  const agent = await register(request, "Shipper", "Amos");
  const agentName = `${agent.user.first_name} ${agent.user.last_name}`;

  // A shipment whose bidding closed: the seller compares its bids.
  const underReview = await createShipment(request, seller, "Oak Spice Rack");
  await placeBid(request, agent, underReview, "900");
  await approveEarly(request, agent, underReview);

  const sellerPage = await openAs(seller, 1440);
  await sellerPage.goto(`/seller/booking/order/status/${underReview}?src=pendingorders`);
  const bidCard = sellerPage.getByTestId("scorecard-summary").first();
  await expect(bidCard).toContainText("new agent");
  await expect(bidCard).toContainText("No ratings yet");
  await bidCard.getByRole("link", { name: `${agentName}'s profile` }).click();
  await expect(sellerPage).toHaveURL(new RegExp(`/agents/${agent.user.id}$`));
  await expect(sellerPage.getByRole("heading", { name: agentName, level: 1 })).toBeVisible();
  await expect(sellerPage.getByText(/Freight agent · Member since/)).toBeVisible();
  await expect(sellerPage.getByText(/fewer than 3 completed orders/)).toBeVisible();
  const ratingsPanel = sellerPage.getByRole("region", { name: "Ratings" });
  await expect(ratingsPanel).toContainText("No ratings yet");

  // Three orders delivered and completed; the seller rates two of them, the agent answers one.
  const done: number[] = [];
  for (const product of ["Maple Cutting Board", "Cedar Coasters", "Teak Salad Bowl"]) {
    const id = await acceptedShipment(request, seller, agent, product);
    await completeOrder(request, agent, id);
    done.push(id);
  }
  await rate(request, seller, done[0]!, { overall: 5, comment: "Careful with fragile cargo" });
  await rate(request, seller, done[1]!, { overall: 4 });
  const reply = await request.post(`/api/shipments/${done[0]}/rating/reply/`, {
    headers: bearer(agent),
    data: { reply: "Thank you, Selma: glad it all arrived whole." },
  });
  expect(reply.status(), await reply.text()).toBe(200);

  // The profile now shows rates and both ratings with the answer.
  await sellerPage.reload();
  const figures = sellerPage.getByTestId("scorecard-figures");
  await expect(figures).toBeVisible();
  await expect(sellerPage.getByText(/fewer than 3 completed orders/)).toHaveCount(0);
  await expect(
    figures.getByText("Completed orders").locator("xpath=following-sibling::dd[1]"),
  ).toHaveText("3");
  await expect(sellerPage.getByTestId("scorecard-details")).toContainText(
    "4.5 out of 5 · 2 ratings",
  );
  const ratings = ratingsPanel.getByRole("listitem");
  await expect(ratings).toHaveCount(2);
  await expect(ratingsPanel).toContainText("Careful with fragile cargo");
  await expect(ratingsPanel.getByRole("group", { name: "Reply from Amos" })).toContainText(
    "glad it all arrived whole",
  );
  await expect(ratings.first()).toContainText("Selma");
  await expectAccessible(sellerPage);
  await docsShot(sellerPage, "agent-profile-1440");

  // The bid under review shows the changed scorecard too.
  await sellerPage.goto(`/seller/booking/order/status/${underReview}?src=pendingorders`);
  const changed = sellerPage.getByTestId("scorecard-summary").first();
  await expect(changed).toContainText("3 orders");
  await expect(changed).toContainText("4.5 (2 ratings)");
  await expect(changed).not.toContainText("new agent");

  // On a phone: the same profile, readable without scrolling sideways.
  const phone = await openAs(seller, 375);
  await phone.goto(`/agents/${agent.user.id}`);
  await expect(phone.getByRole("heading", { name: agentName, level: 1 })).toBeVisible();
  await expect(phone.getByTestId("scorecard-details")).toContainText("4.5 out of 5 · 2 ratings");
  await expect(phone.getByRole("region", { name: "Ratings" }).getByRole("listitem")).toHaveCount(2);
  await expectNoSidewaysScroll(phone);
  await expectAccessible(phone);
  await docsShot(phone, "agent-profile-375");

  // Another agent may not read this agent's record.
  const other = await register(request, "Shipper", "Olga");
  const refused = await request.get(`/api/agents/${agent.user.id}/`, { headers: bearer(other) });
  expect(refused.status()).toBe(403);

  // --- Dashboards: each shows its charts with their tables, at 1440 and 375 px. ---
  const sellerFigures = [
    "Spend per month",
    "Average cost per chargeable kg by FC",
    "Delivered on time",
    "Open orders by status",
  ];
  for (const width of [1440, 375]) {
    const page = width === 1440 ? sellerPage : phone;
    await page.goto("/seller/dashboard");
    await expect(page.getByRole("heading", { name: "Welcome, Selma" })).toBeVisible();
    const section = await analyticsOf(page, "Spend per month");
    // Three completed orders of $1,000 each (pickup $100 + fast $900), this month.
    await expect(section.getByRole("figure", { name: "Spend per month" })).toContainText(
      "$3,000.00 in final amounts",
    );
    await expect(
      section
        .getByRole("table", { name: "Spend per month" })
        .getByRole("row", { name: `${currentMonth()} $3,000` }),
    ).toHaveCount(1);
    await expect(
      section.getByRole("table", { name: "Open orders by status" }).getByRole("row", {
        name: "Quotation Approved 1",
      }),
    ).toHaveCount(1);
    await expectChartsWithTables(section, sellerFigures);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "section[aria-labelledby='analytics-heading']");
    await scrollToTop(section);
    await docsShot(page, `analytics-seller-${width}`, { keepScroll: true });
  }

  const agentFigures = ["Bids and wins per month", "Win rate per month", "Revenue per month"];
  for (const width of [1440, 375]) {
    const page = await openAs(agent, width);
    await page.goto("/shipper/dashboard");
    await expect(page.getByRole("heading", { name: "Pending Quotations" })).toBeVisible();
    const section = await analyticsOf(page, "Bids and wins per month");
    await expect(section.getByRole("figure", { name: "Bids and wins per month" })).toContainText(
      "4 bids",
    );
    await expect(
      section
        .getByRole("table", { name: "Revenue per month" })
        .getByRole("row", { name: `${currentMonth()} $3,000` }),
    ).toHaveCount(1);
    const own = section.getByRole("region", { name: "Your scorecard" });
    await expect(own).toContainText("4.5 out of 5 · 2 ratings");
    await expectChartsWithTables(section, agentFigures);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "section[aria-labelledby='analytics-heading']");
    await scrollToTop(section);
    await docsShot(page, `analytics-agent-${width}`, { keepScroll: true });
  }

  const admin = await logInAdmin(request);
  // Admins see each agent's scorecard in the users list (sellers' rows have none).
  const usersPage = await openAs(admin, 1440);
  await usersPage.goto("/admin/users");
  const users = usersPage.getByRole("table", { name: "Users" });
  const agentRow = users.getByRole("row").filter({ hasText: agent.email });
  await expect(agentRow.getByTestId("scorecard-summary")).toContainText("3 orders");
  await expect(agentRow.getByTestId("scorecard-summary")).toContainText("4.5 (2 ratings)");
  const sellerRow = users.getByRole("row").filter({ hasText: seller.email });
  await expect(sellerRow.getByTestId("scorecard-summary")).toHaveCount(0);
  await agentRow.getByRole("link", { name: `${agentName}'s profile` }).click();
  await expect(usersPage.getByRole("heading", { name: agentName, level: 1 })).toBeVisible();

  const adminFigures = ["Bookings per month", "GMV per month", "Bids per shipment"];
  for (const width of [1440, 375]) {
    const page = await openAs(admin, width);
    await page.goto("/admin/dashboard");
    const section = await analyticsOf(page, "Bookings per month");
    await expect(section.getByRole("heading", { name: "Median time to first bid" })).toBeVisible();
    await expect(section.getByRole("heading", { name: "Disputes open" })).toBeVisible();
    await expectChartsWithTables(section, adminFigures);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "section[aria-labelledby='analytics-heading']");
    await scrollToTop(section);
    await docsShot(page, `analytics-admin-${width}`, { keepScroll: true });
  }
});

test("the landing page and the lists download none of the chart library", async ({
  page,
  openAs,
  request,
}) => {
  const chartChunks = (urls: string[]) => urls.filter((url) => /\/assets\/charts/.test(url));
  const landing: string[] = [];
  page.on("request", (req) => landing.push(req.url()));
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(chartChunks(landing)).toEqual([]);

  const seller = await register(request, "Seller", "Lina");
  const lists = await openAs(seller, 1440);
  const seen: string[] = [];
  lists.on("request", (req) => seen.push(req.url()));
  await lists.goto("/seller/booking/recentorders");
  await expect(lists.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await lists.waitForLoadState("networkidle");
  expect(chartChunks(seen)).toEqual([]);

  // The dashboard fetches them once its Analytics section is near.
  await lists.goto("/seller/dashboard");
  await analyticsOf(lists, "Spend per month");
  expect(chartChunks(seen).length).toBeGreaterThan(0);
});
