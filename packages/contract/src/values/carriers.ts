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
