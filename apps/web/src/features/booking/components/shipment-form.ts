import type { FieldErrors, Resolver, ResolverResult } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  COMPLIANCE_OPTIONS,
  createShipmentInputSchema,
  type ComplianceOption,
  type CreateShipmentData,
} from "@fba/contract";

/** Everything is typed as text; the contract schema turns it into the request body. */
export interface PackageValues {
  delivery_location: string;
  carton_dimensions_length: string;
  carton_dimensions_width: string;
  carton_dimensions_height: string;
  weight_per_carton_kg: string;
  total_cost_of_goods: string;
  number_of_cartons: string;
  /** Optional; copied to the destination's leg when the seller accepts a bid. */
  fba_shipment_id: string;
}

export interface ShipmentFormValues {
  freight_booking_reference_number: string;
  shipment_ready_date: string;
  supplier_contact_name: string;
  supplier_contact_phone: string;
  product_name: string;
  main_competitor_asin: string;
  pickup_location: {
    full_address: string;
    street_address: string;
    city: string;
    state: string;
    country: string;
    zip_code: string;
    latitude: number | null;
    longitude: number | null;
    place_id: string;
  };
  packages: PackageValues[];
  compliance: {
    detailed_product_description: string;
    compliance: ComplianceOption[];
    additional_notes: string;
  };
  contact_information: { first_name: string; last_name: string; email: string };
}

export const EMPTY_PACKAGE: PackageValues = {
  delivery_location: "",
  carton_dimensions_length: "",
  carton_dimensions_width: "",
  carton_dimensions_height: "",
  weight_per_carton_kg: "",
  total_cost_of_goods: "",
  number_of_cartons: "",
  fba_shipment_id: "",
};

export const EMPTY_PICKUP: ShipmentFormValues["pickup_location"] = {
  full_address: "",
  street_address: "",
  city: "",
  state: "",
  country: "",
  zip_code: "",
  latitude: null,
  longitude: null,
  place_id: "",
};

/**
 * The package's numbers are kept exactly as typed: the contract refuses what is not a number,
 * a count with decimals and money with more than cents, each with its message. (Dropping the
 * characters instead made "1.5" cartons 15, and "1,5" cm 15.)
 */
export const PACKAGE_FIELDS: {
  name: keyof PackageValues;
  /** The field's label in the booking catalog. */
  labelKey:
    | "fields.length"
    | "fields.width"
    | "fields.height"
    | "fields.weight"
    | "fields.cost"
    | "fields.cartons";
  decimal: boolean;
  /** Dollars: "$1,850.50" is read as 1850.50 (shown under the field) before the rules apply. */
  isMoney?: boolean;
}[] = [
  { name: "carton_dimensions_length", labelKey: "fields.length", decimal: true },
  { name: "carton_dimensions_width", labelKey: "fields.width", decimal: true },
  { name: "carton_dimensions_height", labelKey: "fields.height", decimal: true },
  { name: "weight_per_carton_kg", labelKey: "fields.weight", decimal: true },
  { name: "total_cost_of_goods", labelKey: "fields.cost", decimal: true, isMoney: true },
  { name: "number_of_cartons", labelKey: "fields.cartons", decimal: false },
];

export const NO_GOODS = COMPLIANCE_OPTIONS[COMPLIANCE_OPTIONS.length - 1];

export type SectionId = "origin" | "cargo" | "contact" | "compliance";
const SECTION_FIELDS: Record<SectionId, (keyof ShipmentFormValues)[]> = {
  origin: [
    "pickup_location",
    "shipment_ready_date",
    "supplier_contact_name",
    "supplier_contact_phone",
  ],
  cargo: ["packages", "product_name", "main_competitor_asin", "freight_booking_reference_number"],
  contact: ["contact_information"],
  compliance: ["compliance"],
};

export function sectionsWithErrors(errors: FieldErrors<ShipmentFormValues>): Set<SectionId> {
  const result = new Set<SectionId>();
  for (const [section, fields] of Object.entries(SECTION_FIELDS) as [
    SectionId,
    (keyof ShipmentFormValues)[],
  ][]) {
    if (fields.some((field) => errors[field])) result.add(section);
  }
  return result;
}

const resolveShipment = zodResolver(createShipmentInputSchema);
/** The schema reads the form's text values exactly as it reads a request body. */
export const shipmentResolver: Resolver<ShipmentFormValues, unknown, CreateShipmentData> = (
  values,
  context,
  options,
) =>
  // Same values, same paths: only the error map's static type differs.
  resolveShipment(
    values,
    context,
    options as unknown as Parameters<typeof resolveShipment>[2],
  ) as Promise<ResolverResult<ShipmentFormValues, CreateShipmentData>>;
