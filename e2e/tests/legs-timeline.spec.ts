import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { exampleShipmentInput } from "@fba/contract/examples";
import { bearer, logInAdmin, register, type Account } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";
import { acceptQuotation, isoDate, shipmentInput } from "../support/shipments";

/**
 * Booked with cartons for ONT8 (its FBA shipment ID given at booking) and FTW1 (none yet), bid on
 * by the agent, approved early by an admin and accepted: no bid window to wait for.
 */
async function acceptedOrder(
  request: APIRequestContext,
  seller: Account,
  agent: Account,
  admin: Account,
  product: string,
): Promise<number> {
  const carton = exampleShipmentInput().packages[0]!;
  const booked = await request.post("/api/shipments/", {
    headers: bearer(seller),
    data: {
      ...shipmentInput(seller, product),
      packages: [
        {
          ...carton,
          delivery_location: "ONT8 - Moreno Valley, CA",
          fba_shipment_id: "FBA17ABC9XYZ",
        },
        { ...carton, delivery_location: "FTW1 - Dallas, TX", number_of_cartons: 4 },
      ],
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const id = ((await booked.json()) as { data: { id: number } }).data.id;
  const bid = await request.post("/api/shipper/quotation/", {
    headers: bearer(agent),
    data: { shipment: id, pickup_amount: "100", fast_amount: "900", normal_amount: "" },
  });
  expect(bid.status(), await bid.text()).toBe(201);
  const quotationId = ((await bid.json()) as { data: { id: number } }).data.id;
  const approved = await request.post(`/api/admin/shipments/${id}/winner/`, {
    headers: bearer(admin),
    data: { quotation_id: quotationId },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await acceptQuotation(request, seller, quotationId);
  return id;
}

const leg = (page: Page, fc: string): Locator =>
  page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^${fc}`) }) });

/** Scrolls the leg's card to the top of the screen, below the app bar. */
async function showTop(card: Locator) {
  await card.evaluate((element) => {
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 76);
  });
}

/** The agent records a milestone on a leg through its quick form. */
async function record(
  page: Page,
  fc: string,
  milestone: string,
  fill: (dialog: Locator) => Promise<void> = async () => {},
) {
  await leg(page, fc).getByRole("button", { name: "Record milestone" }).click();
  const dialog = page.getByRole("dialog", { name: `Record milestone · ${fc}` });
  await dialog.getByRole("combobox", { name: "Milestone" }).click();
  await page.getByRole("option", { name: milestone, exact: true }).click();
  await fill(dialog);
  await dialog.getByRole("button", { name: "Record" }).click();
  await expect(dialog).toBeHidden();
}

test("the seller enters FBA IDs, the agent records Picked up and Departed, the seller sees the timeline and the late badge", async ({
  openAs,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await register(request, "Seller", "Sally");
  const agent = await register(request, "Shipper", "Arthur");
  const admin = await logInAdmin(request);
  const id = await acceptedOrder(request, seller, agent, admin, `Lamps ${Date.now() % 100000}`);

  // The seller, on a wide screen: both destinations, the FBA ID from the booking on ONT8.
  const sellerPage = await openAs(seller, 1440);
  await sellerPage.goto(`/seller/booking/recentorderstatus/${id}?src=currentShipments`);
  const ont8 = leg(sellerPage, "ONT8");
  const ftw1 = leg(sellerPage, "FTW1");
  await expect(ont8.getByText("FBA17ABC9XYZ")).toBeVisible();
  await expect(ont8.getByLabel("Milestones to ONT8")).toHaveClass(/MuiStepper-horizontal/);

  // FTW1's ID: a malformed one is refused with the contract's message, then a good one is kept.
  await ftw1.getByRole("button", { name: "Edit FBA shipment ID" }).click();
  const edit = sellerPage.getByRole("dialog", { name: "Amazon references · FTW1" });
  await edit.getByRole("textbox", { name: "FBA shipment ID" }).fill("FBA123");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(
    edit.getByText("FBA shipment ID is FBA followed by 8 to 12 letters or digits"),
  ).toBeVisible();
  await edit.getByRole("textbox", { name: "FBA shipment ID" }).fill("fba15abcd1234");
  await edit.getByRole("textbox", { name: "Amazon reference ID" }).fill("PO-7781");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(ftw1.getByText("FBA15ABCD1234")).toBeVisible();

  // The agent, on a phone: the milestones stack; an ETA that has passed, then two milestones.
  const agentPage = await openAs(agent, 375);
  await agentPage.goto(`/shipper/dashboard/orders/status/${id}/?src=accepted`);
  const agentOnt8 = leg(agentPage, "ONT8");
  await expect(agentOnt8.getByText("FBA17ABC9XYZ")).toBeVisible();
  await expect(agentOnt8.getByLabel("Milestones to ONT8")).toHaveClass(/MuiStepper-vertical/);
  await agentOnt8.getByRole("button", { name: "Set ETA & tracking" }).click();
  const logistics = agentPage.getByRole("dialog", { name: "ETA, appointment and tracking · ONT8" });
  await logistics.getByLabel("ETA").fill(isoDate(-1));
  await logistics.getByRole("textbox", { name: "Tracking number" }).fill("MSCU1234566");
  await logistics.getByRole("button", { name: "Save" }).click();
  await expect(logistics).toBeHidden();

  await record(agentPage, "ONT8", "Picked up", async (dialog) => {
    await dialog.getByRole("textbox", { name: "Location" }).fill("Ningbo warehouse");
  });
  await record(agentPage, "ONT8", "Departed origin", async (dialog) => {
    await dialog.getByRole("combobox", { name: "Mode" }).click();
    await agentPage.getByRole("option", { name: "Sea" }).click();
    await dialog.getByRole("textbox", { name: "Vessel or flight" }).fill("MSC Anna");
  });
  await expect(agentOnt8.getByText("Departed origin").first()).toBeVisible();

  // The seller's open page follows (the milestone's notification refreshes it).
  const [month, day, year] = [
    isoDate(-1).slice(5, 7),
    isoDate(-1).slice(8, 10),
    isoDate(-1).slice(0, 4),
  ];
  await expect(ont8.getByText(`Late: ETA ${month}/${day}/${year} passed`)).toBeVisible();
  await expect(ont8.getByText(/MSC Anna/)).toBeVisible();
  await expect(ont8.getByText("Recorded by Arthur Tester").first()).toBeVisible();
  // And the bell says so.
  await sellerPage.getByRole("button", { name: /^Notifications/ }).click();
  const list = sellerPage.getByRole("list", { name: "Notifications list" });
  await expect(list.getByText(new RegExp(`#${id} .* to ONT8: Departed origin`))).toBeVisible();
  await sellerPage.keyboard.press("Escape");
  await sellerPage.mouse.move(600, 600);
  await sellerPage.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await showTop(ont8);
  await docsShot(sellerPage, "legs-timeline-1440", { keepScroll: true });

  // The seller's phone: the same timeline, down the screen.
  const sellerPhone = await openAs(seller, 375);
  await sellerPhone.goto(`/seller/booking/recentorderstatus/${id}?src=currentShipments`);
  const phoneOnt8 = leg(sellerPhone, "ONT8");
  await expect(phoneOnt8.getByLabel("Milestones to ONT8")).toHaveClass(/MuiStepper-vertical/);
  await expect(phoneOnt8.getByText(`Late: ETA ${month}/${day}/${year} passed`)).toBeVisible();
  await showTop(phoneOnt8);
  await docsShot(sellerPhone, "legs-timeline-375", { keepScroll: true });

  // The list flags the order's late leg.
  await sellerPage.goto("/seller/booking");
  const row = sellerPage.getByRole("row").filter({ hasText: new RegExp(`#${id}(?!\\d)`) });
  await expect(row.getByText("1 late", { exact: true })).toBeVisible();
  await expect(row.getByRole("cell").first()).toHaveAccessibleName(`#${id} 1 leg past the ETA`);
});
