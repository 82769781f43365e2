/** The legs' values the order page shows (no schemas: see ../legs.ts). */

/** Milestones in the order they happen; an event may skip ahead (a truck has no port). */
export const MILESTONES = [
  "booked",
  "picked_up",
  "departed_origin",
  "arrived_destination",
  "customs_cleared",
  "out_for_delivery",
  "delivered",
] as const;
export type Milestone = (typeof MILESTONES)[number];

export const MILESTONE_LABELS: Record<Milestone, string> = {
  booked: "Booked",
  picked_up: "Picked up",
  departed_origin: "Departed origin",
  arrived_destination: "Arrived at destination port/airport",
  customs_cleared: "Customs cleared",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered to FC",
};

export const TRANSPORT_MODES = ["air", "sea", "rail", "truck"] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

/** What an order's documents can be; proof of delivery always belongs to one leg. */
export const ORDER_DOCUMENT_TYPES = [
  "Commercial invoice",
  "Packing list",
  "FBA box labels",
  "Bill of lading / Air waybill",
  "Customs entry",
  "Safety data sheet",
  "Proof of delivery",
  "Carrier invoice",
  "Other",
] as const;
export type OrderDocumentType = (typeof ORDER_DOCUMENT_TYPES)[number];
export const PROOF_OF_DELIVERY: OrderDocumentType = "Proof of delivery";

export const differentFcMessages = {
  notFlagged: "This leg is not flagged as delivered to a different FC",
  noteRequired: "Enter a note on how it was resolved",
  noteMax: "Note cannot exceed 1000 characters",
  onlySeller: "Only the seller can accept a delivery to a different FC",
  accepted: "Delivery to a different FC accepted",
  resolved: "Delivery to a different FC resolved",
} as const;
