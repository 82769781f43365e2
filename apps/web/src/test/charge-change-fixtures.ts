import type { ChargeChange } from "@fba/contract";

/** A charge change as the API sends it: 180.00 above a 600.00 bid, awaiting the seller. */
export function chargeChange(overrides: Partial<ChargeChange> = {}): ChargeChange {
  return {
    id: 5,
    shipment: 31,
    status: "pending",
    status_label: "Awaiting the seller's answer",
    bid_total: "600.00",
    final_amount: "780.00",
    difference: "180.00",
    reason: "remeasured_cartons",
    reason_label: "Re-measured cartons",
    note: "Cartons were 62 cm",
    evidence: {
      id: 71,
      type: "Carrier invoice",
      file_name: "cfs-remeasure.pdf",
      mime_type: "application/pdf",
      size_bytes: 2048,
      download_url: "http://localhost/api/documents/71/download?expires=1&signature=x",
    },
    summary: "$180.00 above the accepted bid: re-measured cartons, evidence attached",
    dispute_reason: null,
    disputed_at: null,
    decision: null,
    agreed_amount: null,
    dispute_until: null,
    can_accept: true,
    can_dispute: true,
    can_decide: false,
    events: [
      {
        id: 1,
        action: "proposed",
        label: "Final amount set above the bid",
        by: { id: 3, first_name: "Andy", last_name: "Agent", group: "Shipper" },
        at: "2026-11-20T10:00:00Z",
        old_amount: "600.00",
        new_amount: "780.00",
        reason: "Re-measured cartons",
        note: "Cartons were 62 cm",
        evidence_document_id: 71,
      },
    ],
    ...overrides,
  };
}
