import type { Leg, Milestone, WarehouseRow, WarehouseRowStatus } from "@fba/contract";
import { money } from "../../lib/http.js";
import type { DocumentRow } from "../documents/index.js";
import type { LegRow } from "../legs/index.js";

/** The milestone each status of the existing client records. */
export const STATUS_MILESTONE = {
  "Warehouse Pending": "booked",
  "Warehouse Picked Up": "picked_up",
  "Warehouse Completed": "delivered",
} as const satisfies Record<WarehouseRowStatus, Milestone>;

/** Booked is pending, Delivered to FC completed, every milestone between them picked up. */
export function statusOf(milestone: Milestone): WarehouseRowStatus {
  if (milestone === "booked") return "Warehouse Pending";
  if (milestone === "delivered") return "Warehouse Completed";
  return "Warehouse Picked Up";
}

/** Stored amounts with 2 decimals; "" for what was not given. */
const amount = (value: string | number | null) => money(value) ?? "";

export function presentWarehouseRow(
  leg: Leg,
  charges: Pick<LegRow, "chargeableWeight" | "unitPrice" | "extraFee" | "pickUpFee" | "discount">,
  bookedWeight: number | null,
  pod: { document: DocumentRow | null; url: (document: DocumentRow) => string },
): WarehouseRow {
  return {
    id: leg.id,
    shipment: leg.shipment,
    warehouse_code: leg.fc_code,
    chargeable_weight: amount(charges.chargeableWeight ?? bookedWeight),
    extra_fee: amount(charges.extraFee),
    unit_price: amount(charges.unitPrice),
    pick_up_fee: amount(charges.pickUpFee),
    discount: amount(charges.discount),
    status: statusOf(leg.milestone),
    tracking_number: leg.tracking_number,
    pod_document: pod.document ? pod.url(pod.document) : null,
    milestone: leg.milestone,
    pod_document_id: pod.document?.id ?? null,
  };
}
