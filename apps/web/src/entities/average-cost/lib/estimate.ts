import { fcCodeOf } from "@fba/contract";

/** The FC code of a typed delivery location, or null while it names none ("ONT8 - ..." is ONT8). */
export function destinationCode(deliveryLocation: string | undefined): string | null {
  if (!deliveryLocation?.trim()) return null;
  const code = fcCodeOf(deliveryLocation);
  return /^[A-Z0-9]{3,10}$/.test(code) ? code : null;
}

/** A price per kg ("2.75") times a chargeable weight in kg, in exact cents ("275.00"). */
export function priceFor(perKg: string, kg: number): string {
  const cents = Math.round((Math.round(Number(perKg) * 100) * Math.round(kg * 100)) / 100);
  return (cents / 100).toFixed(2);
}

/** The sum of amounts in dollars ("275.00" + "400.00"), in exact cents. */
export function sumPrices(amounts: readonly string[]): string {
  const cents = amounts.reduce((sum, amount) => sum + Math.round(Number(amount) * 100), 0);
  return (cents / 100).toFixed(2);
}
