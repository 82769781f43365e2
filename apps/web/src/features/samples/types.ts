import { z } from "zod";
import type { SampleShipmentStatus } from "@fba/contract";

/** A sample shipment as the API returns it. */
export interface SampleShipment {
  id: number;
  product_name: string;
  quantity: number;
  address: string;
  /** The agent's view: where the agent delivers the samples (fixed text with the seller id). */
  delivery_address?: string;
  status: SampleShipmentStatus;
  created_at: string;
  seller: { id: number; first_name: string; last_name: string; image: string | null };
  message_count?: number;
}

export const sampleMessages = {
  productNameRequired: "Product name is required",
  productNameMax: "Product name cannot exceed 50 characters",
  quantityRequired: "Quantity is required",
  quantityDigits: "Quantity must contain only digits",
  quantityMin: "Quantity must be at least 1",
  quantityMax: "Quantity cannot exceed 5 digits",
  addressRequired: "Address is required",
  addressMax: "Address cannot exceed 100 characters",
} as const;

/** The request form: the field bounds are the spec's (50, 5 digits, 100). */
export const sampleShipmentFormSchema = z.object({
  product_name: z
    .string()
    .trim()
    .min(1, sampleMessages.productNameRequired)
    .max(50, sampleMessages.productNameMax),
  quantity: z
    .string()
    .trim()
    .min(1, { error: sampleMessages.quantityRequired, abort: true })
    .regex(/^\d+$/, { error: sampleMessages.quantityDigits, abort: true })
    .max(5, { error: sampleMessages.quantityMax, abort: true })
    .refine((value) => Number(value) >= 1, sampleMessages.quantityMin),
  address: z
    .string()
    .trim()
    .min(1, sampleMessages.addressRequired)
    .max(100, sampleMessages.addressMax),
});
export type SampleShipmentFormValues = z.input<typeof sampleShipmentFormSchema>;
