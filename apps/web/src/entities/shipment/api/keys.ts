/** Query keys of shipments and of what hangs off one (its bids, their comparison). */
export const shipmentKeys = {
  all: ["shipments"] as const,
  lists: () => [...shipmentKeys.all, "list"] as const,
  list: (endpoint: string, params: object) => [...shipmentKeys.lists(), endpoint, params] as const,
  detail: (id: number) => [...shipmentKeys.all, "detail", id] as const,
};

export const quotationKeys = {
  all: ["quotations"] as const,
  forShipment: (shipmentId: number) => [...quotationKeys.all, shipmentId] as const,
};

export const comparisonKeys = {
  all: ["comparison"] as const,
  forShipment: (shipmentId: number) => [...comparisonKeys.all, shipmentId] as const,
};

export { sellerDashboardKey } from "../../../lib/dashboard-keys";
