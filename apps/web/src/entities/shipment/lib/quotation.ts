import {
  defaultService,
  quotationTotal,
  serviceTotal,
  type CreateQuotationData,
  type QuotationAmounts,
  type QuotationService,
} from "@fba/contract";
import type { Quotation } from "../api/types";

/** The amounts of a quotation as the wire carries them ("1250.00", "" where not offered). */
export type QuotationMoney = Pick<
  Quotation,
  "pickup_amount" | "fast_amount" | "normal_amount" | "total_amount"
>;

export const SERVICE_LABELS: Record<QuotationService, string> = {
  fast: "Fast",
  normal: "Normal",
};

const cents = (value: number) => value.toFixed(2);
const optionalNumber = (value: string) => (value === "" ? null : Number(value));

/** Wire amounts as numbers for the contract's rules; null while they are sealed (asterisks). */
export function amountsOf(
  quotation: Omit<QuotationMoney, "total_amount">,
): QuotationAmounts | null {
  const amounts = {
    pickup_amount: Number(quotation.pickup_amount),
    fast_amount: optionalNumber(quotation.fast_amount),
    normal_amount: optionalNumber(quotation.normal_amount),
  };
  const values = [amounts.pickup_amount, amounts.fast_amount, amounts.normal_amount];
  return values.every((value) => value === null || Number.isFinite(value)) ? amounts : null;
}

/**
 * A bid as the seller will see it once stored: each amount in cents and the total by the
 * contract's rule, exactly as the server writes them.
 */
export function bidPreview(bid: CreateQuotationData): QuotationMoney {
  const amounts = {
    pickup_amount: Number(bid.pickup_amount),
    fast_amount: bid.fast_amount === undefined ? null : Number(bid.fast_amount),
    normal_amount: bid.normal_amount === undefined ? null : Number(bid.normal_amount),
  };
  return {
    pickup_amount: cents(amounts.pickup_amount),
    fast_amount: amounts.fast_amount === null ? "" : cents(amounts.fast_amount),
    normal_amount: amounts.normal_amount === null ? "" : cents(amounts.normal_amount),
    total_amount: cents(quotationTotal(amounts)),
  };
}

/** The services a quotation offers, fast first. */
export function offeredServices(quotation: QuotationMoney): QuotationService[] {
  const services: QuotationService[] = [];
  if (quotation.fast_amount !== "") services.push("fast");
  if (quotation.normal_amount !== "") services.push("normal");
  return services;
}

/** The service an acceptance without a choice buys: the one the bid's total prices. */
export function defaultServiceOf(quotation: QuotationMoney): QuotationService | null {
  const amounts = amountsOf(quotation);
  return amounts ? defaultService(amounts) : null;
}

/** Pickup plus the chosen service's amount, in cents like every amount on the wire. */
export function serviceTotalOf(quotation: QuotationMoney, service: QuotationService): string {
  const amounts = amountsOf(quotation);
  return amounts ? cents(serviceTotal(amounts, service)) : quotation.total_amount;
}

/**
 * The service an accepted quotation bought: the seller's choice, or (accepted without one) the
 * service of the bid's total. Null until accepted.
 */
export function boughtService(
  quotation: QuotationMoney & Pick<Quotation, "is_accepted" | "accepted_service">,
): QuotationService | null {
  if (quotation.is_accepted !== true) return null;
  return quotation.accepted_service ?? defaultServiceOf(quotation);
}
