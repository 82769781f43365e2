import type { FlatList, ShipmentDetail, ShipmentListRow } from "@fba/contract";

/** A shipment as the API sends it: open for bids, no quotation yet. */
export function shipmentDetail(overrides: Partial<ShipmentDetail> = {}): ShipmentDetail {
  return {
    id: 41,
    status: "Shipment Pending",
    created_at: "2026-11-20T10:00:00Z",
    updated_at: "2026-11-20T10:00:00Z",
    bidding_ends_at: "2026-11-23T10:00:00Z",
    is_bidding_open: true,
    freight_booking_reference_number: "REF 4101",
    shipment_ready_date: "2026-11-30",
    supplier_contact_name: "Li Wei",
    supplier_contact_phone: "8655501000",
    product_name: "Desk lamps",
    main_competitor_asin: "B000000041",
    pickup_location: {
      id: 41,
      full_address: "1 Harbour Road, Ningbo",
      street_address: "1 Harbour Road",
      city: "Ningbo",
      state: null,
      country: "China",
      zip_code: null,
      latitude: null,
      longitude: null,
      place_id: null,
    },
    user: {
      id: 7,
      first_name: "Sally",
      last_name: "Seller",
      email: "sally@example.com",
      profile: { phone: null },
    },
    quotation: {},
    tracking_number: null,
    tracking_link: null,
    tracking_carrier: null,
    final_amount: null,
    cancel_reason: null,
    message_count: 0,
    quotation_count: 0,
    documents_missing: ["Commercial invoice", "Packing list", "FBA box labels"],
    delivery: null,
    packages: [],
    compliance: { detailed_product_description: "Lamps", compliance: [], additional_notes: null },
    contact_information: { first_name: "Sally", last_name: "Seller", email: "sally@example.com" },
    ...overrides,
  };
}

/** The same shipment as a list row. */
export function shipmentRow(overrides: Partial<ShipmentListRow> = {}): ShipmentListRow {
  const { packages: _p, compliance: _c, contact_information: _i, ...row } = shipmentDetail();
  return { ...row, legs_attention: null, ...overrides };
}

/** A flat list envelope of one page. */
export function flatList<T>(rows: T[]): FlatList<T> {
  return {
    status: "success",
    status_code: 200,
    message: "OK",
    data: rows,
    pagination_option: { page: 1, pages: 1, per_page: 50, count: rows.length },
  };
}
