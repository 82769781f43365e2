import { register } from "../support/accounts";
import { expect, test } from "../support/fixtures";

test("typing ONT in the booking form's warehouse field offers the ONT centres first", async ({
  openAs,
  request,
}) => {
  const seller = await register(request, "Seller", "Wendy");
  for (const width of [1440, 375]) {
    const page = await openAs(seller, width);
    await page.goto("/quotes");
    await expect(page.getByRole("heading", { name: "New Shipment" })).toBeVisible({
      timeout: 45_000,
    });
    const group = page.getByRole("group", { name: "Amazon warehouse 1", exact: true });
    await group.getByRole("combobox", { name: "Amazon Warehouse Address" }).fill("ONT");
    // Dupont (BFI3), Fontana (LAX9) and Ridgmont (LTN1) also contain "ont": they come after.
    const options = page.getByRole("option");
    await expect(options.first()).toHaveText(/^ONT\d/);
    const texts = await options.allTextContents();
    expect(texts.slice(0, 4).map((text) => text.slice(0, 4))).toEqual([
      "ONT2",
      "ONT6",
      "ONT8",
      "ONT9",
    ]);
    expect(texts.findIndex((text) => text.startsWith("BFI3"))).toBeGreaterThan(3);
  }
});
