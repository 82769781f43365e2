import { z } from "zod";
import { stripDisallowedText, text } from "./text.js";

export const placeQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === "string" ? stripDisallowedText(value) : ""),
    text().trim().max(100, "Search text cannot exceed 100 characters"),
  ),
  limit: z.preprocess(
    (value) => (value === undefined || value === "" ? undefined : Number(value)),
    z.number().int().min(1).max(50).catch(10).default(10),
  ),
});

/** A pickup address candidate, shaped like the booking form's pickup_location. */
export const placeSchema = z.object({
  full_address: z.string(),
  street_address: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  /** The country's name, one convention everywhere: common English short names, "USA" and "UK". */
  country: z.string(),
  /** ISO 3166-1 alpha-2 (for a flag or a code beside the name). */
  country_code: z.string().length(2),
  /** Only US ZIP codes; empty where none is known. */
  zip_code: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Stable: `zip:<ZIP>` for the US ZIP table, `city:<id>` for a city (SimpleMaps id), `geocoder:<id>` online. */
  place_id: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

/** An Amazon fulfilment centre offered as a delivery destination. */
export const warehouseSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  country: z.string(),
  name: z.string().nullable(),
  address: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  type: z.string().nullable(),
  port: z.string().nullable(),
  is_active: z.boolean(),
  /** What the booking form puts in delivery_location (at most 50 characters). */
  label: z.string(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;

export const warehouseQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === "string" ? stripDisallowedText(value) : undefined),
    text().trim().max(100).optional(),
  ),
});

const optionalWarehouseText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    text().trim().max(max, `${label} cannot exceed ${max} characters`).nullish(),
  );

export const warehouseMessages = {
  codeRequired: "Code is required",
  codePattern: "Code can only contain letters, numbers and - / ?",
  codeMax: "Code cannot exceed 20 characters",
  countryRequired: "Country is required",
  addressRequired: "Address is required",
  duplicate: "A warehouse with this code already exists in this country",
  created: "Warehouse added successfully",
  updated: "Warehouse updated successfully",
} as const;

export const createWarehouseInputSchema = z.object({
  code: text({ error: warehouseMessages.codeRequired })
    .trim()
    .min(1, { error: warehouseMessages.codeRequired, abort: true })
    .max(20, { error: warehouseMessages.codeMax, abort: true })
    .regex(/^[A-Za-z0-9\-/?]+$/, warehouseMessages.codePattern)
    .transform((value) => value.toUpperCase()),
  country: text({ error: warehouseMessages.countryRequired })
    .trim()
    .min(1, { error: warehouseMessages.countryRequired, abort: true })
    .max(20, "Country cannot exceed 20 characters"),
  address: text({ error: warehouseMessages.addressRequired })
    .trim()
    .min(1, { error: warehouseMessages.addressRequired, abort: true })
    .max(200, "Address cannot exceed 200 characters"),
  name: optionalWarehouseText(100, "Name"),
  city: optionalWarehouseText(100, "City"),
  state: optionalWarehouseText(50, "State"),
  postal_code: optionalWarehouseText(20, "Postal code"),
  type: optionalWarehouseText(30, "Type"),
  port: optionalWarehouseText(10, "Port"),
  is_active: z.boolean().optional(),
});
export type CreateWarehouseInput = z.input<typeof createWarehouseInputSchema>;

export const updateWarehouseInputSchema = createWarehouseInputSchema.partial();
export type UpdateWarehouseInput = z.input<typeof updateWarehouseInputSchema>;

/** The delivery_location text for a warehouse: code and city, trimmed to the field's 50. */
export function warehouseLabel(warehouse: {
  code: string;
  city: string | null;
  state: string | null;
}): string {
  const place = [warehouse.city, warehouse.state].filter(Boolean).join(", ");
  return (place ? `${warehouse.code} - ${place}` : warehouse.code).slice(0, 50);
}
