import type { Page } from "@playwright/test";
import { bearer, register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";

/** A description of 104 characters on two lines (the form once kept only the first 50). */
const DESCRIPTION =
  "LED desk lamps, aluminium arm, 3 colour temperatures.\nUSB-C powered, 1.5 m cable, retail box 40 x 12 cm.";

/** Fills the booking form with a pickup chosen from the lookup's suggestions, then submits. */
async function bookFromShenzhen(page: Page, product: string): Promise<number> {
  await page.goto("/quotes");
  await expect(page.getByRole("heading", { name: "New Shipment" })).toBeVisible({
    timeout: 45_000,
  });

  const pickup = page.getByRole("combobox", { name: "Pickup Address" });
  await pickup.fill("shenz");
  const option = page.getByRole("option", { name: /Shenzhen, Guangdong, China/ });
  await expect(option).toBeVisible();
  await expect(option).toContainText("CN");
  // Keyboard: the first suggestion is the most populous match.
  await pickup.press("ArrowDown");
  await pickup.press("Enter");
  await expect(pickup).toHaveValue("Shenzhen, Guangdong, China");
  await page.getByRole("textbox", { name: "Street address" }).fill("8 Keyuan Road, Nanshan");

  const date = new Date(Date.now() + 30 * 86_400_000);
  const mmddyyyy = `${String(date.getMonth() + 1).padStart(2, "0")}${String(date.getDate()).padStart(2, "0")}${date.getFullYear()}`;
  await page.getByRole("spinbutton", { name: "Month" }).click();
  await page.keyboard.type(mmddyyyy);
  await page.getByRole("textbox", { name: "Supplier contact name" }).fill("Nanshan Lamps Co");
  await page.getByRole("textbox", { name: "Supplier contact phone" }).fill("8675512345678");
  await page.getByRole("textbox", { name: "Product name" }).fill(product);
  await page.getByRole("textbox", { name: "Main competitor ASIN" }).fill("B00TEST123");
  await page.getByRole("textbox", { name: "Freight booking reference number" }).fill("SZX 2026");
  const group = page.getByRole("group", { name: "Amazon warehouse 1", exact: true });
  await group.getByRole("combobox", { name: "Amazon Warehouse Address" }).fill("ONT8");
  await group.getByRole("textbox", { name: "Length (cm)" }).fill("50");
  await group.getByRole("textbox", { name: "Width (cm)" }).fill("40");
  await group.getByRole("textbox", { name: "Height (cm)" }).fill("30");
  await group.getByRole("textbox", { name: "Weight per carton (kg)" }).fill("8");
  await group.getByRole("textbox", { name: "Total cost of goods ($)" }).fill("1800");
  await group.getByRole("textbox", { name: "Number of cartons" }).fill("12");
  // Several lines and past the old 50-character cut: kept whole, with the count shown.
  const description = page.getByRole("textbox", { name: "Detailed product description" });
  await description.fill(DESCRIPTION);
  await expect(description).toHaveValue(DESCRIPTION);
  await expect(page.getByTestId("description-counter")).toHaveText(`${DESCRIPTION.length} / 2,000`);
  await page.getByRole("checkbox", { name: "Batteries or Hazardous Materials" }).check();
  await description.scrollIntoViewIfNeeded();
  await docsShot(page, `booking-description-${page.viewportSize()?.width}`, { keepScroll: true });

  const created = page.waitForResponse(
    (res) => res.url().endsWith("/api/shipments/") && res.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Submit" }).click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

for (const width of [1280, 375]) {
  test(`a seller books a pickup in Shenzhen picked from the suggestions (${width} px)`, async ({
    openAs,
    request,
  }) => {
    test.setTimeout(180_000);
    const seller = await register(request, "Seller", "Wei");
    const page = await openAs(seller, width);
    const product = `Lamp ${width} ${Date.now() % 100000}`;
    const id = await bookFromShenzhen(page, product);

    const stored = await request.get(`/api/shipments/${id}/`, { headers: bearer(seller) });
    expect(stored.status(), await stored.text()).toBe(200);
    const { data } = (await stored.json()) as {
      data: {
        pickup_location: Record<string, unknown>;
        compliance: { detailed_product_description: string };
      };
    };
    const pickup = data.pickup_location;
    expect(pickup).toMatchObject({
      full_address: "Shenzhen, Guangdong, China",
      street_address: "8 Keyuan Road, Nanshan",
      city: "Shenzhen",
      state: "Guangdong",
      country: "China",
      place_id: expect.stringMatching(/^city:\d+$/),
    });
    expect(Number(pickup.latitude)).toBeCloseTo(22.5, 0);
    expect(data.compliance.detailed_product_description).toBe(DESCRIPTION);

    await page.goto("/seller/booking");
    await expect(page.getByText("Shenzhen, Guangdong, China").first()).toBeVisible();
    await page.goto("/quotes");
    await page.getByRole("combobox", { name: "Pickup Address" }).fill("ningbo");
    await expect(page.getByRole("option", { name: /Ningbo, Zhejiang, China/ })).toBeVisible();
    await docsShot(page, width === 1280 ? "pickup-lookup-world" : "pickup-lookup-world-375");
  });
}
