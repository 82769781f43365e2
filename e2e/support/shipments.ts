import { expect, type APIRequestContext } from "@playwright/test";
import { exampleShipmentInput } from "@fba/contract/examples";
import { bearer, logInAdmin, type Account } from "./accounts";

/** Today as the API's YYYY-MM-DD, or `days` ahead of it. */
export const isoDate = (days = 0) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A valid shipment request from this seller: one pickup near Beverly Hills, ten cartons to ONT8. */
export function shipmentInput(seller: Account, product: string, readyDate = isoDate()) {
  return exampleShipmentInput({
    freight_booking_reference_number: "REF 2001",
    shipment_ready_date: readyDate,
    product_name: product,
    contact_information: {
      first_name: seller.user.first_name,
      last_name: seller.user.last_name,
      email: seller.email,
    },
  });
}

/** Books a shipment through the API; resolves to its id. */
export async function createShipment(
  request: APIRequestContext,
  seller: Account,
  product: string,
  readyDate?: string,
): Promise<number> {
  const res = await request.post("/api/shipments/", {
    headers: bearer(seller),
    data: shipmentInput(seller, product, readyDate),
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

export interface ShipmentDetail {
  status: string;
  quotation: { id: number; user: { id: number } } | null;
  bidding_ends_at: string;
}

export async function getShipment(
  request: APIRequestContext,
  account: Account,
  shipmentId: number,
): Promise<ShipmentDetail> {
  const res = await request.get(`/api/shipments/${shipmentId}/`, { headers: bearer(account) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: ShipmentDetail }).data;
}

/** An agent's quotation through the API: pickup $100 plus the fast shipping amount. */
export async function placeBid(
  request: APIRequestContext,
  agent: Account,
  shipmentId: number,
  fastAmount: string,
) {
  const res = await request.post("/api/shipper/quotation/", {
    headers: bearer(agent),
    data: {
      shipment: shipmentId,
      pickup_amount: "100",
      fast_amount: fastAmount,
      normal_amount: "",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Waits until the bid window closed and the server picked the winner. The e2e server closes
 * bid windows after 36 s (BID_WINDOW_HOURS in support/start-server.mjs).
 */
export async function waitForWinner(
  request: APIRequestContext,
  seller: Account,
  shipmentId: number,
) {
  await expect
    .poll(async () => (await getShipment(request, seller, shipmentId)).status, {
      timeout: 90_000,
      intervals: [1_000],
    })
    .toBe("Quotation Approved");
}

export async function acceptQuotation(
  request: APIRequestContext,
  seller: Account,
  quotationId: number,
) {
  const res = await request.patch(`/api/quotations/${quotationId}/`, {
    headers: bearer(seller),
    data: { shipment_status: "Quotation Accepted" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Books a shipment, has the agent bid, has an admin close the window early and accepts. */
export async function acceptedShipment(
  request: APIRequestContext,
  seller: Account,
  agent: Account,
  product = "Bamboo Cutting Board",
): Promise<number> {
  const shipmentId = await createShipment(request, seller, product);
  await placeBid(request, agent, shipmentId, "900");
  await approveEarly(request, agent, shipmentId);
  const { quotation } = await getShipment(request, seller, shipmentId);
  expect(quotation?.user.id).toBe(agent.user.id);
  await acceptQuotation(request, seller, quotation!.id);
  return shipmentId;
}

/**
 * Closes the bid window at once: an admin approves the agent's bid (journeys that are not about
 * the window itself need not wait its 36 s).
 */
export async function approveEarly(request: APIRequestContext, agent: Account, shipmentId: number) {
  const own = await request.get(`/api/quotations/?shipment_id=${shipmentId}`, {
    headers: bearer(agent),
  });
  expect(own.status(), await own.text()).toBe(200);
  const [bid] = ((await own.json()) as { data: Array<{ id: number }> }).data;
  const admin = await logInAdmin(request);
  const approved = await request.post(`/api/admin/shipments/${shipmentId}/winner/`, {
    headers: bearer(admin),
    data: { quotation_id: bid!.id },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}
