import { centsToAmount, fcCodeOf, roundCents, sumCents } from "@fba/contract";

/** The FC code of a typed delivery location, or null while it names none ("ONT8 - ..." is ONT8). */
export function destinationCode(deliveryLocation: string | undefined): string | null {
  if (!deliveryLocation?.trim()) return null;
  const code = fcCodeOf(deliveryLocation);
  return /^[A-Z0-9]{3,10}$/.test(code) ? code : null;
}

/** A price per kg ("2.75") times a chargeable weight in kg, in exact cents ("275.00"). */
export function priceFor(perKg: string, kg: number): string {
  // Cents per kg times hundredths of a kg, back to whole cents.
  return centsToAmount(Math.round((roundCents(perKg) * roundCents(kg)) / 100));
}

/** The sum of amounts in dollars ("275.00" + "400.00"), in exact cents. */
export function sumPrices(amounts: readonly string[]): string {
  return centsToAmount(sumCents(amounts.map(roundCents)));
}
