import { bearer, register, type Account } from "../support/accounts";
import { createShipment } from "../support/shipments";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";

/** An agent's average cost to ONT8, per kg: as the existing client's table stores it. */
async function priceOnt8(
  request: Parameters<typeof register>[0],
  agent: Account,
  costs: { slow: string; fast: string; air: string },
) {
  const res = await request.post("/api/average-cost/", {
    headers: bearer(agent),
    data: {
      warehouse_number: "ONT8",
      slow_cost: costs.slow,
      fast_cost: costs.fast,
      air_cost: costs.air,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("the booking form shows agents' average-cost range for the destination FC, at 1440 and 375 px", async ({
  openAs,
  request,
}) => {
  const [first, second, seller] = await Promise.all([
    register(request, "Shipper", "Ada"),
    register(request, "Shipper", "Bo"),
    register(request, "Seller", "Esme"),
  ]);
  await priceOnt8(request, first, { slow: "2.75", fast: "4.00", air: "7.25" });
  await priceOnt8(request, second, { slow: "3.10", fast: "4.40", air: "0" });

  for (const width of [1440, 375]) {
    const page = await openAs(seller, width);
    // The estimate is held back until the Add button is pressed: it then fills in mid-click.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/api/average-cost/estimates"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto("/quotes");
    await expect(page.getByRole("heading", { name: "New Shipment" })).toBeVisible({
      timeout: 45_000,
    });
    const group = page.getByRole("group", { name: "Amazon warehouse 1", exact: true });
    await group.getByRole("combobox", { name: "Amazon Warehouse Address" }).fill("ONT8");
    await page.getByRole("option", { name: /^ONT8/ }).first().click();
    // 50×40×30 cm cartons of 5 kg: 10 kg volumetric each, 100 kg for ten.
    await group.getByRole("textbox", { name: /Length/ }).fill("50");
    await group.getByRole("textbox", { name: /Width/ }).fill("40");
    await group.getByRole("textbox", { name: /Height/ }).fill("30");
    await group.getByRole("textbox", { name: /Weight per carton/ }).fill("5");
    await group.getByRole("textbox", { name: /Number of cartons/ }).fill("10");

    // Still typing in warehouse 1, the seller presses "Add Amazon warehouse" (the field blurs)
    // and the estimate box fills in before the button is released: nothing moves under the
    // pointer, so the click adds warehouse 2.
    const add = page.getByRole("button", { name: "Add Amazon warehouse" });
    await add.scrollIntoViewIfNeeded();
    const pressed = (await add.boundingBox())!;
    await page.mouse.move(pressed.x + pressed.width / 2, pressed.y + pressed.height / 2);
    await page.mouse.down();
    release();
    await expect(group.getByRole("note", { name: "Estimated cost to ONT8" })).toBeVisible();
    expect((await add.boundingBox())!.y).toBe(pressed.y);
    await page.mouse.up();
    await expect(
      page.getByRole("group", { name: "Amazon warehouse 2", exact: true }),
    ).toBeVisible();
    await expect(page.getByText("2 of 5")).toBeVisible();

    const estimate = group.getByRole("note", { name: "Estimated cost to ONT8" });
    await expect(estimate).toContainText("Estimated cost to ONT8 for 100 kg chargeable");
    await expect(estimate).toContainText("Sea: $275.00 – $310.00");
    await expect(estimate).toContainText("Sea express: $400.00 – $440.00");
    await expect(estimate).toContainText("Air: $725.00");
    await expect(estimate).toContainText(/From \d+ agents' average costs/);
    await estimate.scrollIntoViewIfNeeded();
    await docsShot(page, `booking-estimate-${width}`, { keepScroll: true });
  }
});

test("the bid form offers the agent's own average costs as a starting point, at 1440 and 375 px", async ({
  openAs,
  request,
}) => {
  const [agent, seller] = await Promise.all([
    register(request, "Shipper", "Cyd"),
    register(request, "Seller", "Dora"),
  ]);
  // The agent keeps their prices on their own Average Costs page (added on a phone).
  const phone = await openAs(agent, 375);
  await phone.goto("/shipper/average-costs");
  await phone.getByRole("button", { name: "Add average cost" }).click();
  const dialog = phone.getByRole("dialog", { name: "Add average cost" });
  await dialog.getByRole("textbox", { name: /Warehouse Number/ }).fill("ont8");
  await dialog.getByRole("textbox", { name: /Slow/ }).fill("2.5");
  await dialog.getByRole("textbox", { name: /Fast/ }).fill("4");
  await dialog.getByRole("textbox", { name: /^Air/ }).fill("7");
  await docsShot(phone, "average-costs-dialog-375");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(phone.getByText("$2.50 / kg")).toBeVisible();
  await docsShot(phone, "average-costs-375");
  const desk = await openAs(agent, 1440);
  await desk.goto("/shipper/average-costs");
  await expect(desk.getByRole("row", { name: /ONT8/ })).toContainText("$7.00 / kg");
  await docsShot(desk, "average-costs-1440");

  const shipmentId = await createShipment(request, seller, "Oak Bookends");
  const detail = await request.get(`/api/shipments/${shipmentId}/`, { headers: bearer(agent) });
  const kg = (
    (await detail.json()) as { data: { packages: Array<{ chargeable_weight: number }> } }
  ).data.packages.reduce((sum, pkg) => sum + pkg.chargeable_weight, 0);
  const price = (perKg: number) => (Math.round(perKg * kg * 100) / 100).toFixed(2);

  for (const width of [1440, 375]) {
    const page = await openAs(agent, width);
    await page.goto(`/shipper/bid/${shipmentId}`);
    const hint = page.getByRole("note", { name: "Your average costs" });
    await expect(hint).toContainText(`ONT8 (${kg} kg)`);
    await hint.getByRole("button", { name: "Use as starting point" }).click();
    await expect(page.getByRole("textbox", { name: /Normal shipping amount/ })).toHaveValue(
      price(2.5),
    );
    await expect(page.getByRole("textbox", { name: /Fast shipping amount/ })).toHaveValue(price(4));
    await hint.scrollIntoViewIfNeeded();
    await docsShot(page, `bid-average-cost-${width}`, { keepScroll: true });
  }
});
