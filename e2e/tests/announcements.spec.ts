import { register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { shot } from "../support/screenshots";

test("a seller posts an announcement and an agent sees it live, then opens it", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Nora");
  const agent = await register(request, "Shipper", "Otto");
  const title = `Holiday cut-off ${Date.now()}`;

  const agentPage = await openAs(agent);
  await agentPage.goto("/shipper/dashboard/announcement");
  await expect(agentPage.getByRole("heading", { name: "Announcements" })).toBeVisible();
  // Shipping agents read announcements but do not post them.
  await expect(agentPage.getByRole("button", { name: /create new announcement/i })).toHaveCount(0);

  const sellerPage = await openAs(seller);
  await sellerPage.goto("/seller/announcement");
  await expect(sellerPage.getByRole("heading", { name: "Announcements" })).toBeVisible();
  const createButton = sellerPage.getByRole("button", { name: /create new announcement/i });
  await createButton.first().click();

  const dialog = sellerPage.getByRole("dialog");
  await expect(dialog.getByText("Create New Announcement")).toBeVisible();
  const sendButton = dialog.getByRole("button", { name: "Send" });
  await expect(sendButton).toBeDisabled();
  await dialog.getByLabel("Message").fill("   ");
  await expect(sendButton).toBeDisabled();
  await dialog.getByLabel("Title").fill(title);
  await dialog
    .getByLabel("Message")
    .fill("Last pickups before the holidays are on December 20.\nPlan your cartons early.");
  await shot(sellerPage, "announcement-create-1280");
  await sendButton.click();
  await expect(sellerPage.getByText("Announcement created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(sellerPage.getByText(title)).toBeVisible();

  // The agent's open list gains it without a reload, and the bell counts it.
  await expect(agentPage.getByText(title)).toBeVisible();
  await expect(agentPage.getByRole("button", { name: /Notifications, \d+ unread/ })).toBeVisible();
  await shot(agentPage, "announcements-agent-1280");

  await agentPage.getByText(title).click();
  await expect(agentPage).toHaveURL(/\/shipper\/dashboard\/announcement\/\d+$/);
  await expect(agentPage.getByRole("heading", { name: title })).toBeVisible();
  await expect(agentPage.getByText("Plan your cartons early.")).toBeVisible();
  const sender = agentPage.getByTestId("sender-card");
  await expect(sender).toContainText("NT");
  await expect(sender).toContainText("Nora Tester");
  await expect(sender).toContainText("Seller");
  await shot(agentPage, "announcement-detail-1280");

  await agentPage.setViewportSize({ width: 375, height: 812 });
  await shot(agentPage, "announcement-detail-375");
  await agentPage.getByRole("link", { name: "Back to announcements" }).click();
  await expect(agentPage).toHaveURL(/\/shipper\/dashboard\/announcement$/);
  await expect(agentPage.getByText(title)).toBeVisible();
  await shot(agentPage, "announcements-agent-375");

  // The seller dashboard card shows the latest one with a link to all.
  await sellerPage.goto("/seller/dashboard");
  const card = sellerPage.getByTestId("latest-announcement");
  await expect(card.getByText(title)).toBeVisible();
  await shot(sellerPage, "dashboard-latest-announcement-1280");
  await card.getByRole("link", { name: "View all announcements" }).click();
  await expect(sellerPage).toHaveURL(/\/seller\/announcement$/);
  await sellerPage.setViewportSize({ width: 375, height: 812 });
  await shot(sellerPage, "announcements-seller-375");
});
