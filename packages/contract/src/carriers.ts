import { z } from "zod";
import { TRACKING_CARRIERS } from "./values/carriers.js";
export * from "./values/carriers.js";

export const trackingMessages = {
  characters: "Tracking number can only contain letters, numbers, spaces and dashes",
  carrierInvalid: "Unknown carrier",
} as const;

/** Upper case, without the spaces and dashes people type between groups of characters. */
export function compactTrackingNumber(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

/** An ocean container number (ISO 6346): owner code, U/J/Z, 6 digits and a check digit. */
export const CONTAINER_NUMBER = /^[A-Z]{3}[UJZ]\d{7}$/;

/** The agent's choice of carrier on the Add Info call; blank or null is "detect it". */
export const trackingCarrierSchema = z.preprocess(
  (value) => (value === "" ? null : value),
  z.enum(TRACKING_CARRIERS, { error: trackingMessages.carrierInvalid }).nullish(),
);
