/** The quotations' values and sums the shipment page shows (no schemas: see ../quotations.ts). */
import { centsToNumber, compareCents, parseCents, sumCents, type Cents } from "./money.js";

/** A bid's amounts, as numbers (1850.5) or as the wire's and the database's texts ("1850.50"). */
export interface QuotationAmountsOf<Amount extends number | string> {
  pickup_amount: Amount;
  fast_amount?: Amount | null;
  normal_amount?: Amount | null;
}
export type QuotationAmounts = QuotationAmountsOf<number>;

const centsOrNull = (value: number | string | null | undefined): Cents | null =>
  value === null || value === undefined ? null : parseCents(value);

/** Total of a bid: pickup plus the cheaper of the offered fast and normal amounts, in cents. */
export function quotationTotalCents(amounts: QuotationAmountsOf<number | string>): Cents {
  const offered = [centsOrNull(amounts.fast_amount), centsOrNull(amounts.normal_amount)].filter(
    (value): value is Cents => value !== null,
  );
  const cheapest = offered.length > 0 ? Math.min(...offered) : 0;
  return sumCents([parseCents(amounts.pickup_amount), cheapest]);
}

/** Total of a bid: pickup plus the cheaper of the offered fast and normal amounts. */
export function quotationTotal(amounts: QuotationAmounts): number {
  return centsToNumber(quotationTotalCents(amounts));
}

/** The services a quotation prices: fast, normal, or both. */
export const QUOTATION_SERVICES = ["fast", "normal"] as const;
export type QuotationService = (typeof QUOTATION_SERVICES)[number];

const serviceAmount = (amounts: QuotationAmounts, service: QuotationService) =>
  service === "fast" ? amounts.fast_amount : amounts.normal_amount;

export function offersService(amounts: QuotationAmounts, service: QuotationService): boolean {
  return typeof serviceAmount(amounts, service) === "number";
}

/**
 * The service the spec's total prices (`quotationTotal`): the cheaper offered one, fast when both
 * cost the same. An acceptance without a choice buys this one.
 */
export function defaultService(
  amounts: QuotationAmountsOf<number | string>,
): QuotationService | null {
  const fast = centsOrNull(amounts.fast_amount);
  const normal = centsOrNull(amounts.normal_amount);
  if (fast !== null && normal !== null) {
    return compareCents(normal, fast) < 0 ? "normal" : "fast";
  }
  if (fast !== null) return "fast";
  return normal !== null ? "normal" : null;
}

/** Pickup plus the amount of one service (the quotation must offer it). */
export function serviceTotal(amounts: QuotationAmounts, service: QuotationService): number {
  const pickup = parseCents(amounts.pickup_amount);
  return centsToNumber(sumCents([pickup, centsOrNull(serviceAmount(amounts, service)) ?? 0]));
}

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
/** The fixed line every quotation shows under its inclusions. */
export const DUTIES_EXCLUDED_LINE = "Duties and taxes are always excluded";
/** What a bid sent without details shows instead of them. */
export const DETAILS_NOT_GIVEN_LABEL = "details not given";

/** Price per chargeable kg, 2 decimals; null without a weight. */
export function pricePerKg(
  total: number,
  chargeableWeightKg: number | null | undefined,
): number | null {
  const cents = pricePerKgCents(parseCents(total), chargeableWeightKg);
  return cents === null ? null : centsToNumber(cents);
}

/** Price per chargeable kg in whole cents (the total's cents divided once, then rounded). */
export function pricePerKgCents(
  totalCents: Cents,
  chargeableWeightKg: number | null | undefined,
): Cents | null {
  if (!chargeableWeightKg || chargeableWeightKg <= 0) return null;
  return Math.round(totalCents / chargeableWeightKg);
}

/**
 * A shipment's chargeable weight in kg from its package rows (each row's `chargeable_weight`, as
 * the shipment page shows it), 2 decimals; null when there are none.
 */
export function chargeableWeightKg(
  packages: ReadonlyArray<{ chargeable_weight: number }>,
): number | null {
  if (packages.length === 0) return null;
  const sum = packages.reduce((total, pkg) => total + pkg.chargeable_weight, 0);
  // eslint-disable-next-line no-restricted-syntax -- a weight in kg, not money
  return Math.round((sum + Number.EPSILON) * 100) / 100;
}
