import { readFile } from "node:fs/promises";
import { logInAdmin, register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";
import { createShipment, placeBid } from "../support/shipments";

test("a seller finds shipments by #id and FC, filters by status, and keeps the search on reload, at 1440 and 375 px", async ({
  openAs,
  request,
}) => {
  const [seller, agent] = await Promise.all([
    register(request, "Seller", "Lisa"),
    register(request, "Shipper", "Lars"),
  ]);
  const first = await createShipment(request, seller, "Walnut Lamp");
  const second = await createShipment(request, seller, "Cedar Shelf");
  await placeBid(request, agent, second, "640");

  for (const width of [1440, 375]) {
    const page = await openAs(seller, width);
    await page.goto("/seller/booking");
    const table = page.getByRole(width < 768 ? "list" : "table", { name: "Active Shipments" });
    await expect(table.getByText(`#${second}`)).toBeVisible();
    // The example booking goes to ONT8; one bid on the second, none on the first.
    await expect(table.getByText("ONT8").first()).toBeVisible();
    if (width === 1440) {
      await expect(page.getByRole("columnheader", { name: "Destination FCs" })).toBeVisible();
      await expect(page.getByRole("columnheader", { name: "Time Left" })).toBeVisible();
    }

    const search = page.getByLabel("Search", { exact: true });
    await search.fill(`#${first}`);
    await expect(page).toHaveURL(new RegExp(`search=%23${first}`));
    await expect(table.getByText(`#${first}`)).toBeVisible();
    await expect(table.getByText(`#${second}`)).toBeHidden();
    await page.reload();
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue(`#${first}`);
    await expect(table.getByText(`#${first}`)).toBeVisible();

    await page.getByLabel("Search", { exact: true }).fill("ont8");
    await expect(table.getByText(`#${second}`)).toBeVisible();
    await expect(table.getByText(`#${first}`)).toBeVisible();

    await page.getByLabel("Search", { exact: true }).fill("no such thing");
    await expect(page.getByText("No shipments match “no such thing”")).toBeVisible();
    await expect(page.getByText("You have no order yet")).toBeHidden();

    await page.getByLabel("Search", { exact: true }).fill("");
    await page.getByLabel("Status").selectOption("Quotation Received");
    await expect(page).toHaveURL(/status=Quotation\+Received/);
    await expect(table.getByText(`#${second}`)).toBeVisible();
    await expect(table.getByText(`#${first}`)).toBeHidden();
    await docsShot(page, `seller-active-list-${width}`);

    if (width === 1440) {
      // The seller's export has their shipments.
      await page.getByLabel("Status").selectOption("");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("shipments.csv");
      const csv = await readFile((await download.path())!, "utf8");
      expect(csv).toContain("Shipment ID,Status,Product Name");
      expect(csv).toContain(`${first},Shipment Pending,Walnut Lamp`);
      expect(csv).toContain(`${second},Quotation Received,Cedar Shelf`);

      // A shipment opened without ?src= is highlighted by its state: still bidding, so Active
      // Shipments (the spec's Sample Shipment entry shows on the dashboard only).
      const menu = page.getByRole("navigation", { name: "Main menu" });
      await page.goto(`/seller/booking/order/status/${second}`);
      await expect(page.getByText("Cedar Shelf").first()).toBeVisible();
      await expect(menu.getByRole("link", { name: "Active Shipments" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(menu.getByRole("link", { name: "Completed Shipments" })).not.toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(menu.getByRole("link", { name: "Sample Shipment" })).toHaveCount(0);
    }
  }
});

test("an admin reads the disputes history by status and day, at 1440 and 375 px", async ({
  openAs,
  request,
}) => {
  const admin = await logInAdmin(request);
  for (const width of [1440, 375]) {
    const page = await openAs(admin, width);
    await page.goto("/admin/disputes");
    await expect(page.getByRole("heading", { name: "Disputes" })).toBeVisible();
    await page.getByLabel("Status").selectOption("decided");
    await expect(page).toHaveURL(/status=decided/);
    await page.getByLabel("Disputed from").fill("2999-01-01");
    await expect(page).toHaveURL(/from=2999-01-01/);
    await expect(page.getByText("No disputes match these filters")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Status")).toHaveValue("decided");
    await expect(page.getByText("No disputes match these filters")).toBeVisible();
    await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
    await docsShot(page, `disputes-history-${width}`);
  }
});
