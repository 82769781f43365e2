import { z } from "zod";

/**
 * The carriers a tracking number can be linked to: parcel carriers, the largest ocean lines (by
 * their container owner codes and bill-of-lading prefixes), any other ocean line, and air cargo
 * (an air waybill: a 3-digit airline prefix and 8 digits).
 */
export const TRACKING_CARRIERS = [
  "ups",
  "fedex",
  "dhl",
  "usps",
  "amazon",
  "ontrac",
  "postal",
  "maersk",
  "msc",
  "cma_cgm",
  "hapag_lloyd",
  "cosco",
  "ocean",
  "air",
] as const;
export type TrackingCarrier = (typeof TRACKING_CARRIERS)[number];

export const TRACKING_CARRIER_LABELS: Record<TrackingCarrier, string> = {
  ups: "UPS",
  fedex: "FedEx",
  dhl: "DHL",
  usps: "USPS",
  amazon: "Amazon Logistics",
  ontrac: "OnTrac",
  postal: "International post",
  maersk: "Maersk",
  msc: "MSC",
  cma_cgm: "CMA CGM",
  hapag_lloyd: "Hapag-Lloyd",
  cosco: "COSCO",
  ocean: "Other ocean carrier",
  air: "Air cargo (air waybill)",
};

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
