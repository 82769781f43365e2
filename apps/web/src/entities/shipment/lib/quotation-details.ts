import { formatDate } from "../../../lib/format";
import {
  DUTIES_EXCLUDED_LINE,
  QUOTE_INCLUSION_LABELS,
  SERVICE_TYPE_LABELS,
  chargeableWeightKg as weightOfPackages,
  pricePerKg as contractPricePerKg,
  type QuoteInclusion,
  type QuotationServiceDetails,
  type ServiceType,
} from "@fba/contract";
import { utcDate } from "@fba/contract/constants";
import type { Shipment } from "../api/types";
import type { EntitiesTranslate } from "../../../i18n/entities";

export type { EntitiesTranslate };

export {
  QUOTE_INCLUSIONS,
  QUOTE_INCLUSION_LABELS,
  SERVICE_TYPES,
  SERVICE_TYPE_LABELS,
  type QuotationDetails,
} from "@fba/contract";

/** The fixed line under every checklist of what a price includes. */
export const DUTIES_EXCLUDED = DUTIES_EXCLUDED_LINE;

type ServiceDetails = QuotationServiceDetails;

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
 * The quotation's labels in the language `t` translates to: the same words as the English ones
 * above in English ("Air express, 6–9 days"), the catalog's in another language. Codes the
 * catalog does not know show as sent.
 */
export function quotationLabels(t: EntitiesTranslate) {
  const serviceType = (type: string) => t(`details.serviceTypes.${type}`, { defaultValue: type });
  const transit = (details: Pick<ServiceDetails, "transit_min_days" | "transit_max_days">) => {
    const { transit_min_days: min, transit_max_days: max } = details;
    return min === max ? t("details.days", { count: min }) : t("details.dayRange", { min, max });
  };
  return {
    serviceType,
    transit,
    inclusion: (code: string) => t(`details.inclusions.${code}`, { defaultValue: code }),
    summary: (details: ServiceDetails) =>
      t("details.service", { type: serviceType(details.service_type), transit: transit(details) }),
    dutiesExcluded: t("details.dutiesExcluded"),
  };
}

/** The shipment's chargeable weight in kg (its packages' sum, as the cargo table totals it). */
export function chargeableWeightKg(shipment: Pick<Shipment, "packages">): number | null {
  const kg = weightOfPackages(shipment.packages ?? []);
  return kg !== null && kg > 0 ? kg : null;
}

/** Dollars per chargeable kg, to the cent; null without a weight. */
export function pricePerKg(total: number, kg: number | null): number | null {
  return Number.isFinite(total) ? contractPricePerKg(total, kg) : null;
}

/**
 * The bidding window's end as the date a quote must hold until at least (UTC, YYYY-MM-DD); ""
 * when the shipment names no end.
 */
export function windowEndDate(biddingEndsAt: string | null | undefined): string {
  const date = new Date(biddingEndsAt ?? "");
  return Number.isNaN(date.getTime()) ? "" : utcDate(date);
}

/**
 * How long a new bid holds after the bidding window ends, unless its agent says otherwise: two
 * weeks leave the seller time to compare, decide and book before the price lapses.
 */
export const DEFAULT_BID_VALIDITY_DAYS = 14;

/** The validity a new bid starts with: the window's end date plus the default validity. */
export function defaultValidUntil(biddingEndsAt: string | null | undefined): string {
  const end = windowEndDate(biddingEndsAt);
  if (!end) return "";
  const date = new Date(`${end}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + DEFAULT_BID_VALIDITY_DAYS);
  return utcDate(date);
}

/** A YYYY-MM-DD validity in every screen's date format, "11/30/2026", as that calendar day. */
export function formatDay(value: string): string {
  return formatDate(value);
}
