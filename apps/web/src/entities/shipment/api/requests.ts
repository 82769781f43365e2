import type { GetRequest } from "../../../lib/api-client";
import type { ListParams } from "../../../components/data-table/use-list-state";

/**
 * The shipment reads as plain request data, free of the query library, so the router can start
 * them in the shell chunk while the api files read the same requests.
 */

/** The flat-envelope shipment lists of API-CONTRACT section 4. */
export const SHIPMENT_LISTS = {
  shipperPending: "shipper/shipments/",
  shipperRecent: "shipper/recent-orders/",
  /** Won bids waiting for the seller's decision (added to the spec's lists). */
  shipperAwaiting: "shipper/awaiting-decision/",
  shipperPast: "shipper/past-orders/",
  shipperHistory: "shipper/quotation-history",
  sellerActive: "seller/shipments/",
  sellerPending: "seller/pending-shipments/",
  sellerRecent: "seller/recent-orders/",
  sellerPast: "seller/past-orders/",
  sellerCancelled: "seller/cancelled-shipments/",
} as const;
export type ShipmentListName = keyof typeof SHIPMENT_LISTS;

export const shipmentRequests = {
  list: (list: ShipmentListName, params: ListParams): GetRequest => ({
    path: SHIPMENT_LISTS[list],
    query: { ...params },
  }),
  detail: (id: number | string): GetRequest => ({ path: `shipments/${id}/` }),
  /** Every bid on one shipment (a shipment has far fewer than 200). */
  quotations: (shipmentId: number | string): GetRequest => ({
    path: "quotations/",
    query: { shipment_id: shipmentId, per_page: 200 },
  }),
};

/**
 * What an accepted order's page reads besides the shipment and its bids: its chat, destinations,
 * charge change and documents (the api files of those features read these same requests).
 */
export const orderRequests = {
  chat: (shipmentId: number | string): GetRequest => ({ path: `chat/messages/${shipmentId}/` }),
  legs: (shipmentId: number | string): GetRequest => ({ path: `shipments/${shipmentId}/legs/` }),
  chargeChange: (shipmentId: number | string): GetRequest => ({
    path: `shipments/${shipmentId}/charge-change/`,
  }),
  documents: (shipmentId: number | string): GetRequest => ({
    path: `shipments/${shipmentId}/documents/`,
  }),
};
