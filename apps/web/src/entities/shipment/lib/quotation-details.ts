import type { Shipment } from "../api/types";

/** The service types an agent names per offered service, with their labels. */
export const SERVICE_TYPES = ["air_express", "air", "sea_express", "sea", "rail", "truck"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  air_express: "Air express",
  air: "Air",
  sea_express: "Sea express",
  sea: "Sea",
  rail: "Rail",
  truck: "Truck",
};

/** What a quoted price may include; duties and taxes never are. */
export const QUOTE_INCLUSIONS = [
  "pickup_origin",
  "export_customs",
  "main_freight",
  "import_customs",
  "fc_delivery",
  "palletising",
  "fba_labelling",
] as const;
export type QuoteInclusion = (typeof QUOTE_INCLUSIONS)[number];
export const QUOTE_INCLUSION_LABELS: Record<QuoteInclusion, string> = {
  pickup_origin: "Pickup at origin",
  export_customs: "Export customs clearance",
  main_freight: "Main freight",
  import_customs: "Import customs clearance",
  fc_delivery: "Delivery to each Amazon FC",
  palletising: "Palletising",
  fba_labelling: "FBA labelling",
};
export const DUTIES_EXCLUDED = "Duties and taxes are always excluded";

/** Why a seller picks another bid than the automatic winner. */
export const AWARD_REASONS = ["faster_transit", "better_record", "fc_delivery", "other"] as const;
export type AwardReason = (typeof AWARD_REASONS)[number];
export const AWARD_REASON_LABELS: Record<AwardReason, string> = {
  faster_transit: "Faster transit",
  better_record: "Better record",
  fc_delivery: "Includes delivery to FC",
  other: "Other",
};

export interface ServiceDetails {
  service_type: string;
  transit_min_days: number;
  transit_max_days: number;
}

/** A quotation's details as the wire carries them; null when not given (or sealed). */
export interface QuotationDetails {
  fast: ServiceDetails | null;
  normal: ServiceDetails | null;
  inclusions: string[];
  valid_until: string;
  note: string | null;
}

/** The detail keys every quotation row gains; absent from rows of servers without them. */
export interface QuotationDetailKeys {
  details?: QuotationDetails | null;
  is_expired?: boolean;
  reconfirm_requested_at?: string | null;
}

export const serviceTypeLabel = (type: string) => SERVICE_TYPE_LABELS[type as ServiceType] ?? type;

export const inclusionLabel = (code: string) =>
  QUOTE_INCLUSION_LABELS[code as QuoteInclusion] ?? code;

/** "6–9 days", "6 days". */
export function transitLabel(
  details: Pick<ServiceDetails, "transit_min_days" | "transit_max_days">,
) {
  const { transit_min_days: min, transit_max_days: max } = details;
  return min === max ? `${min} day${min === 1 ? "" : "s"}` : `${min}–${max} days`;
}

/** "Air express, 6–9 days". */
export const serviceSummary = (details: ServiceDetails) =>
  `${serviceTypeLabel(details.service_type)}, ${transitLabel(details)}`;

/**
 * The shipment's chargeable weight in kg: the sum of its packages' chargeable weights, as the
 * cargo table totals it; null when none is known.
 */
export function chargeableWeightKg(shipment: Pick<Shipment, "packages">): number | null {
  const total = shipment.packages.reduce((sum, p) => sum + Number(p.chargeable_weight || 0), 0);
  return total > 0 ? Math.round(total * 100) / 100 : null;
}

/** Dollars per chargeable kg, to the cent; null without a weight. */
export function pricePerKg(total: number, kg: number | null): number | null {
  if (kg === null || kg <= 0 || !Number.isFinite(total)) return null;
  return Math.round((total / kg) * 100) / 100;
}

/**
 * The bidding window's end as the date a quote must hold until at least (UTC, YYYY-MM-DD); ""
 * when the shipment names no end.
 */
export function windowEndDate(biddingEndsAt: string | null | undefined): string {
  const date = new Date(biddingEndsAt ?? "");
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 10);
}

/** "Nov 30, 2026" for a YYYY-MM-DD date, read as that calendar day wherever the viewer is. */
export function formatDay(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });
}
