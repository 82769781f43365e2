import { allCouriers, getTracking } from "ts-tracking-number";
import { CONTAINER_NUMBER, compactTrackingNumber, type TrackingCarrier } from "./carriers.js";

/**
 * Carrier detection and tracking links. A module of its own (`@fba/contract/tracking`): the parcel
 * formats come from ts-tracking-number (the tracking_number_data formats and check digits), which
 * only the server and the Add Info dialog load.
 */

/** ts-tracking-number's courier codes, as our carriers. */
const LIBRARY_CARRIERS: Record<string, TrackingCarrier> = {
  ups: "ups",
  fedex: "fedex",
  dhl: "dhl",
  usps: "usps",
  amazon: "amazon",
  ontrac: "ontrac",
  s10: "postal",
};

/**
 * The largest ocean lines by the first four letters of their container numbers (owner codes) and
 * bills of lading (their SCAC codes). Other lines are "ocean".
 */
const OCEAN_LINE_PREFIXES: Record<string, TrackingCarrier> = {
  MAEU: "maersk",
  MSKU: "maersk",
  MRKU: "maersk",
  MRSU: "maersk",
  MSCU: "msc",
  MEDU: "msc",
  MSDU: "msc",
  CMDU: "cma_cgm",
  CMAU: "cma_cgm",
  CGMU: "cma_cgm",
  ECMU: "cma_cgm",
  HLCU: "hapag_lloyd",
  HLXU: "hapag_lloyd",
  HLBU: "hapag_lloyd",
  COSU: "cosco",
  CBHU: "cosco",
  CCLU: "cosco",
  CSNU: "cosco",
};

/** A bill of lading of a line above: its SCAC code, then 6 to 16 letters and digits. */
const BILL_OF_LADING = /^[A-Z]{4}[A-Z0-9]{6,16}$/;
/** An air waybill as usually written: airline prefix, dash, serial number. */
const AIR_WAYBILL_WRITTEN = /^\s*\d{3}\s*-\s*\d{8}\s*$/;
const AIR_WAYBILL = /^\d{11}$/;

/** ISO 6346 letter values: a letter's index in this string (multiples of 11 are skipped). */
const ISO6346_VALUES = "0123456789A_BCDEFGHIJK_LMNOPQRSTU_VWXYZ";

function isContainerNumber(number: string): boolean {
  if (!CONTAINER_NUMBER.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) sum += ISO6346_VALUES.indexOf(number.charAt(i)) * 2 ** i;
  return (sum % 11) % 10 === Number(number.charAt(10));
}

/** The serial's last digit is the first seven taken modulo 7. */
function isAirWaybill(number: string): boolean {
  return AIR_WAYBILL.test(number) && Number(number.slice(3, 10)) % 7 === Number(number.charAt(10));
}

export interface TrackingDetection {
  /** The carrier the number most likely belongs to, or null when nothing matches. */
  carrier: TrackingCarrier | null;
  /** True when exactly one carrier's format (with its check digit where it has one) matches. */
  sure: boolean;
}

/** Which carrier a tracking number, as typed, belongs to. */
export function detectTrackingCarrier(input: string): TrackingDetection {
  const number = compactTrackingNumber(input);
  if (number === "") return { carrier: null, sure: false };
  if (AIR_WAYBILL_WRITTEN.test(input) && isAirWaybill(number))
    return { carrier: "air", sure: true };

  const line = OCEAN_LINE_PREFIXES[number.slice(0, 4)];
  if (isContainerNumber(number)) return { carrier: line ?? "ocean", sure: true };
  if (line && BILL_OF_LADING.test(number) && /\d/.test(number)) {
    return { carrier: line, sure: true };
  }

  const candidates = new Set<TrackingCarrier>();
  for (const courier of allCouriers) {
    const match = getTracking(number, [courier]);
    const carrier = match && LIBRARY_CARRIERS[match.courier.code.toLowerCase()];
    if (carrier) candidates.add(carrier);
  }
  if (isAirWaybill(number)) candidates.add("air");
  const [first = null] = candidates;
  return { carrier: first, sure: candidates.size === 1 };
}

/** The detected carrier when detection is sure, else null. */
export function sureCarrierOf(trackingNumber: string): TrackingCarrier | null {
  const detected = detectTrackingCarrier(trackingNumber);
  return detected.sure ? detected.carrier : null;
}

/** Whether the number reads as a container number rather than a bill of lading. */
const isContainer = (number: string) => CONTAINER_NUMBER.test(number);

const LINKS: Record<TrackingCarrier, (number: string) => string> = {
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl: (n) => `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${n}&submit=1`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  amazon: (n) => `https://track.amazon.com/tracking/${n}`,
  ontrac: (n) => `https://www.ontrac.com/tracking/?number=${n}`,
  postal: (n) => `https://parcelsapp.com/en/tracking/${n}`,
  maersk: (n) => `https://www.maersk.com/tracking/${n}`,
  msc: (n) => `https://www.msc.com/en/track-a-shipment?agencyPath=msc&trackingNumber=${n}`,
  cma_cgm: (n) =>
    `https://www.cma-cgm.com/ebusiness/tracking/search?SearchBy=${isContainer(n) ? "Container" : "BL"}&Reference=${n}`,
  hapag_lloyd: (n) =>
    isContainer(n)
      ? `https://www.hapag-lloyd.com/en/online-business/track/track-by-container-solution.html?container=${n}`
      : `https://www.hapag-lloyd.com/en/online-business/track/track-by-booking-solution.html?blno=${n}`,
  cosco: (n) =>
    `https://elines.coscoshipping.com/ebusiness/cargoTracking?trackingType=${isContainer(n) ? "CONTAINER" : "BILLOFLADING"}&number=${n}`,
  ocean: (n) => `https://www.track-trace.com/${isContainer(n) ? "container" : "bol"}?number=${n}`,
  air: (n) =>
    AIR_WAYBILL.test(n)
      ? `https://www.track-trace.com/aircargo?number=${n.slice(0, 3)}-${n.slice(3)}`
      : `https://www.track-trace.com/aircargo?number=${n}`,
};

/**
 * The carrier's tracking page for the number. Without a carrier, the one detected when detection
 * is sure; otherwise a tracker that covers many carriers.
 */
export function trackingLinkFor(trackingNumber: string, carrier?: TrackingCarrier | null): string {
  const number = encodeURIComponent(compactTrackingNumber(trackingNumber));
  const chosen = carrier === undefined ? sureCarrierOf(trackingNumber) : carrier;
  return chosen ? LINKS[chosen](number) : `https://parcelsapp.com/en/tracking/${number}`;
}
