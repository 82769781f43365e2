import { chargeableWeight } from "@fba/contract";

/** Above these a carton needs special handling at most Amazon warehouses. */
export const CARTON_MAX_KG = 23;
export const CARTON_MAX_SIDE_CM = 63.5;

export interface PackageText {
  carton_dimensions_length?: unknown;
  carton_dimensions_width?: unknown;
  carton_dimensions_height?: unknown;
  weight_per_carton_kg?: unknown;
  number_of_cartons?: unknown;
}

export interface CargoTotals {
  cartons: number;
  grossKg: number;
  volumeM3: number;
  chargeableKg: number;
  hasOversize: boolean;
}

function num(value: unknown): number {
  const n = typeof value === "number" ? value : Number(String(value ?? "").trim());
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Live totals of what has been typed so far; blank or invalid numbers count as 0. */
export function cargoTotals(packages: readonly PackageText[]): CargoTotals {
  let cartons = 0;
  let grossKg = 0;
  let volumeCm3 = 0;
  let chargeableKg = 0;
  let hasOversize = false;
  for (const pkg of packages) {
    const length = num(pkg.carton_dimensions_length);
    const width = num(pkg.carton_dimensions_width);
    const height = num(pkg.carton_dimensions_height);
    const weight = num(pkg.weight_per_carton_kg);
    const count = Math.floor(num(pkg.number_of_cartons));
    cartons += count;
    grossKg += weight * count;
    volumeCm3 += length * width * height * count;
    chargeableKg += chargeableWeight({
      carton_dimensions_length: length,
      carton_dimensions_width: width,
      carton_dimensions_height: height,
      weight_per_carton_kg: weight,
      number_of_cartons: count,
    });
    if (weight > CARTON_MAX_KG || Math.max(length, width, height) > CARTON_MAX_SIDE_CM) {
      hasOversize = true;
    }
  }
  return {
    cartons,
    grossKg: Math.round(grossKg * 100) / 100,
    volumeM3: Math.round((volumeCm3 / 1_000_000) * 1000) / 1000,
    chargeableKg: Math.round(chargeableKg * 100) / 100,
    hasOversize,
  };
}
