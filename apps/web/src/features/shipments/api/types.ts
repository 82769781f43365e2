import type { ShipmentStatus } from "@fba/contract";

/*
 * Wire shapes of API-CONTRACT section 4 as the web reads them. Numbers may arrive as decimal
 * strings, so every amount is typed as both.
 */
export type Amount = number | string;

export interface PickupLocation {
  id?: number;
  full_address: string;
  street_address?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  zip_code?: string | null;
  latitude?: number | string | null;
  longitude?: number | string | null;
  place_id?: string | null;
}

export interface ShipmentPackage {
  id?: number;
  carton_dimensions_length: Amount;
  carton_dimensions_width: Amount;
  carton_dimensions_height: Amount;
  weight_per_carton_kg: Amount;
  total_cost_of_goods: Amount;
  number_of_cartons: Amount;
  delivery_location: string;
  chargeable_weight?: Amount | null;
  tracking_number?: string | null;
  tracking_link?: string | null;
}

export interface QuotationUser {
  id?: number;
  first_name: string;
  last_name: string;
  email: string;
}

export interface Quotation {
  id: number;
  pickup_amount: Amount | null;
  fast_amount: Amount | null;
  normal_amount: Amount | null;
  total_amount: Amount | null;
  is_accepted: boolean | null;
  cancel_reason: string | null;
  created_at?: string;
  updated_at?: string;
  user?: QuotationUser | null;
  shipment?: number;
}

/** `{}` when the caller has no quotation on the shipment. */
export type MaybeQuotation = Quotation | Record<string, never>;

export interface ShipmentUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  profile?: { phone?: string | null } | null;
}

export interface Shipment {
  id: number;
  status: ShipmentStatus;
  created_at: string;
  updated_at?: string;
  bidding_ends_at: string;
  freight_booking_reference_number: string;
  shipment_ready_date: string;
  supplier_contact_name: string;
  supplier_contact_phone: string;
  product_name: string;
  main_competitor_asin: string;
  pickup_location: PickupLocation;
  packages: ShipmentPackage[];
  compliance: {
    detailed_product_description: string;
    compliance: string[];
    additional_notes?: string | null;
  };
  contact_information?: { first_name?: string | null; last_name?: string | null; email?: string | null };
  user?: ShipmentUser | null;
  quotation: MaybeQuotation | null;
  tracking_number?: string | null;
  tracking_link?: string | null;
  final_amount?: Amount | null;
  message_count?: number;
  quotation_count?: number;
  cancel_reason?: string | null;
  /** Present on the shipper's quotation-history rows. */
  outcome?: string | null;
}

export function hasQuotation(quotation: MaybeQuotation | null | undefined): quotation is Quotation {
  return !!quotation && typeof (quotation as Quotation).id === "number";
}
