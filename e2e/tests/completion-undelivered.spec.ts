import { bearer, register } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot } from "../support/screenshots";
import { acceptedShipment } from "../support/shipments";

for (const width of [1440, 375]) {
  test(`completing an order with a destination not delivered names it and takes a reason; the seller is told (${width} px)`, async ({
    openAs,
    request,
  }) => {
    const seller = await register(request, "Seller", "Sita");
    const agent = await register(request, "Shipper", "Arjun");
    const id = await acceptedShipment(request, seller, agent, "Oak coasters");
    const info = await request.patch(`/api/shipments/${id}/`, {
      headers: bearer(agent),
      data: { tracking_number: "1Z999AA10123456784", final_amount: "1000" },
    });
    expect(info.status(), await info.text()).toBe(200);

    const page = await openAs(agent, width);
    await page.goto(`/shipper/dashboard/orders/status/${id}?src=accepted`);
    await page.getByRole("combobox", { name: "Shipment status" }).click();
    await page.getByRole("option", { name: "Shipment Completed" }).click();
    const dialog = page.getByRole("dialog", { name: "Change status" });
    await expect(dialog.getByText("Mark this shipment as completed?")).toBeVisible();
    await expect(dialog.getByText("This destination is not delivered yet:")).toBeVisible();
    await expect(dialog.getByRole("listitem")).toHaveText(["ONT8 (Booked)"]);

    // Yes without a reason is refused on the spot.
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect(dialog.getByText("Say why the order is complete now")).toBeVisible();
    const reason = "The carrier holds the cartons at the port";
    await dialog.getByLabel(/Reason for completing now/).fill(reason);
    await expect(dialog.getByRole("button", { name: "Yes" })).toBeInViewport();
    await docsShot(page, `complete-undelivered-${width}`, { keepScroll: true });
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect(page).toHaveURL(/\/shipper\/dashboard\/orders\/pastorders$/);

    const told = `Shipment #${id} (Oak coasters) was completed with destinations not delivered: ONT8 (Booked). Reason: ${reason}`;
    await expect
      .poll(async () => {
        const res = await request.get("/api/chat/notifications/", { headers: bearer(seller) });
        const body = (await res.json()) as { data: Array<{ content: string }> };
        return body.data.filter((n) => n.content === told).length;
      })
      .toBe(1);
  });
}
