import {
  TRACKING_CARRIERS,
  isQuotationExpired,
  maskValue,
  utcDate,
  type QuotationDetails,
  type ServiceType,
  requiredDocuments,
  type LegsAttention,
  type OrderDocumentType,
  type Quotation,
  type QuotationService,
  type QuotationOrEmpty,
  type ShipmentDetail,
  type ShipmentListRow,
  type ShipmentPackage,
  type ShipmentStatus,
  type TrackingCarrier,
} from "@fba/contract";
import { money } from "../../lib/http.js";
import type { PackageRow, ShipmentRow } from "./shipments.repository.js";
import { isBiddingOpen } from "./shipments.policy.js";

export interface QuotationFields {
  id: number;
  shipmentId: number;
  pickupAmount: string;
  fastAmount: string | null;
  normalAmount: string | null;
  totalAmount: string;
  isAccepted: boolean | null;
  acceptedService: QuotationService | null;
  cancelReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  agentId: number;
  agentFirstName: string;
  agentLastName: string;
  agentEmail: string;
  /** The quotation's details (all null for a bid sent without them); absent where not read. */
  fastServiceType?: string | null;
  fastTransitMinDays?: number | null;
  fastTransitMaxDays?: number | null;
  normalServiceType?: string | null;
  normalTransitMinDays?: number | null;
  normalTransitMaxDays?: number | null;
  inclusions?: string[] | null;
  validUntil?: Date | null;
  note?: string | null;
  reconfirmRequestedAt?: Date | null;
}

function serviceDetails(
  type: string | null | undefined,
  min: number | null | undefined,
  max: number | null | undefined,
): QuotationDetails["fast"] {
  if (!type || min === null || min === undefined || max === null || max === undefined) return null;
  return { service_type: type as ServiceType, transit_min_days: min, transit_max_days: max };
}

/** A quotation's details; null for a bid sent without them (it has no validity date). */
export function quotationDetailsOf(quotation: QuotationFields): QuotationDetails | null {
  if (!quotation.validUntil) return null;
  return {
    fast: serviceDetails(
      quotation.fastServiceType,
      quotation.fastTransitMinDays,
      quotation.fastTransitMaxDays,
    ),
    normal: serviceDetails(
      quotation.normalServiceType,
      quotation.normalTransitMinDays,
      quotation.normalTransitMaxDays,
    ),
    inclusions: (quotation.inclusions ?? []) as QuotationDetails["inclusions"],
    valid_until: utcDate(quotation.validUntil),
    note: quotation.note ?? null,
  };
}

/** The quote's validity date has passed (only a quote with details has one). */
export function quotationExpired(quotation: QuotationFields, now: Date): boolean {
  return isQuotationExpired(quotation.validUntil ? utcDate(quotation.validUntil) : null, now);
}

/** The stored carrier code, if it is one this version knows. */
function trackingCarrierOf(value: string | null): TrackingCarrier | null {
  return (TRACKING_CARRIERS as readonly string[]).includes(value ?? "")
    ? (value as TrackingCarrier)
    : null;
}

/** A quotation on the wire; sealed bids hide the agent and the amounts behind asterisks. */
export function presentQuotation(
  quotation: QuotationFields,
  options: { isWinner: boolean; masked: boolean; now?: Date },
): Quotation {
  const pickup = money(quotation.pickupAmount) ?? "0.00";
  // A service not offered is "" (the existing client reads .length of both amounts).
  const fast = money(quotation.fastAmount) ?? "";
  const normal = money(quotation.normalAmount) ?? "";
  const total = money(quotation.totalAmount) ?? "0.00";
  const masked = options.masked;
  return {
    id: quotation.id,
    shipment: quotation.shipmentId,
    pickup_amount: masked ? maskValue(pickup) : pickup,
    fast_amount: masked ? maskValue(fast) : fast,
    normal_amount: masked ? maskValue(normal) : normal,
    total_amount: masked ? maskValue(total) : total,
    is_accepted: quotation.isAccepted,
    cancel_reason: masked ? null : quotation.cancelReason,
    accepted_service: masked ? null : quotation.acceptedService,
    is_winner: options.isWinner,
    is_masked: masked,
    created_at: quotation.createdAt.toISOString(),
    updated_at: quotation.updatedAt.toISOString(),
    user: masked
      ? {
          id: 0,
          first_name: maskValue(quotation.agentFirstName),
          last_name: maskValue(quotation.agentLastName),
          email: maskValue(quotation.agentEmail),
        }
      : {
          id: quotation.agentId,
          first_name: quotation.agentFirstName,
          last_name: quotation.agentLastName,
          email: quotation.agentEmail,
        },
    details: masked ? null : quotationDetailsOf(quotation),
    is_expired: quotationExpired(quotation, options.now ?? new Date()),
    reconfirm_requested_at: masked ? null : (quotation.reconfirmRequestedAt?.toISOString() ?? null),
  };
}

function joinedQuotation(row: ShipmentRow, now?: Date): QuotationOrEmpty {
  if (row.quotationId === null || row.quotationAgentId === null) return {};
  return presentQuotation(
    {
      id: row.quotationId,
      shipmentId: row.id,
      pickupAmount: row.quotationPickupAmount ?? "0",
      fastAmount: row.quotationFastAmount,
      normalAmount: row.quotationNormalAmount,
      totalAmount: row.quotationTotalAmount ?? "0",
      isAccepted: row.quotationIsAccepted,
      acceptedService: row.quotationAcceptedService,
      cancelReason: row.quotationCancelReason,
      createdAt: row.quotationCreatedAt ?? row.createdAt,
      updatedAt: row.quotationUpdatedAt ?? row.updatedAt,
      agentId: row.quotationAgentId,
      agentFirstName: row.agentFirstName ?? "",
      agentLastName: row.agentLastName ?? "",
      agentEmail: row.agentEmail ?? "",
      fastServiceType: row.quotationFastServiceType,
      fastTransitMinDays: row.quotationFastTransitMinDays,
      fastTransitMaxDays: row.quotationFastTransitMaxDays,
      normalServiceType: row.quotationNormalServiceType,
      normalTransitMinDays: row.quotationNormalTransitMinDays,
      normalTransitMaxDays: row.quotationNormalTransitMaxDays,
      inclusions: row.quotationInclusions,
      validUntil: row.quotationValidUntil,
      note: row.quotationNote,
      reconfirmRequestedAt: row.quotationReconfirmRequestedAt,
    },
    { isWinner: row.winningQuotationId === row.quotationId, masked: false, now },
  );
}

/**
 * A shipment as an agent may know it while its bidding is open: whether they bid themselves and
 * nothing of the others' bids. The count is their own bid (0 or 1), the status the one their own
 * bid would give it (Quotation Received once they bid, else Shipment Pending), and `updated_at`
 * the shipment's last change other than a bid (`changed_at`; its creation on rows older than that
 * column), or their own bid when that came later. Closed windows are shown as they are.
 * `row` joins the agent's own quotation (or has it laid over).
 */
export function sealedForAgent(row: ShipmentRow, now: Date): ShipmentRow {
  const state = { status: row.status as ShipmentStatus, biddingEndsAt: row.biddingEndsAt };
  if (!isBiddingOpen(state, now)) return row;
  const ownBid = row.quotationId !== null;
  const changedAt = row.changedAt ?? row.createdAt;
  const ownBidAt = ownBid ? (row.quotationUpdatedAt ?? row.quotationCreatedAt) : null;
  const status: ShipmentStatus = ownBid ? "Quotation Received" : "Shipment Pending";
  return {
    ...row,
    quotationCount: ownBid ? 1 : 0,
    status,
    updatedAt: ownBidAt && ownBidAt.getTime() > changedAt.getTime() ? ownBidAt : changedAt,
  };
}

/** What a list row and the detail share. */
type ShipmentCore = Omit<ShipmentListRow, "legs_attention">;

export function presentShipmentRow(
  row: ShipmentRow,
  messageCount: number,
  now: Date,
  legsAttention: LegsAttention | null = null,
): ShipmentListRow {
  return {
    ...presentShipmentCore(row, messageCount, now),
    legs_attention: legsAttention,
  };
}

function presentShipmentCore(row: ShipmentRow, messageCount: number, now: Date): ShipmentCore {
  return {
    id: row.id,
    status: row.status as ShipmentStatus,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    bidding_ends_at: row.biddingEndsAt.toISOString(),
    is_bidding_open: isBiddingOpen(
      { status: row.status as ShipmentStatus, biddingEndsAt: row.biddingEndsAt },
      now,
    ),
    freight_booking_reference_number: row.freightBookingReferenceNumber ?? "",
    shipment_ready_date: row.shipmentReadyDate ?? "",
    supplier_contact_name: row.supplierContactName ?? "",
    supplier_contact_phone: row.supplierContactPhone ?? "",
    product_name: row.productName ?? "",
    main_competitor_asin: row.mainCompetitorAsin ?? "",
    pickup_location: {
      id: row.id,
      full_address: row.pickupFullAddress ?? "",
      street_address: row.pickupStreetAddress,
      city: row.pickupCity,
      state: row.pickupState,
      country: row.pickupCountry,
      zip_code: row.pickupZipCode,
      latitude: row.pickupLatitude,
      longitude: row.pickupLongitude,
      place_id: row.pickupPlaceId,
    },
    user: {
      id: row.sellerId,
      first_name: row.sellerFirstName ?? "",
      last_name: row.sellerLastName ?? "",
      email: row.sellerEmail ?? "",
      profile: { phone: row.sellerPhone },
    },
    quotation: joinedQuotation(row, now),
    tracking_number: row.trackingNumber,
    tracking_link: row.trackingLink,
    tracking_carrier: trackingCarrierOf(row.trackingCarrier),
    final_amount: money(row.finalAmount),
    cancel_reason: row.cancelReason,
    message_count: messageCount,
    quotation_count: row.quotationCount,
    documents_missing: documentsMissing(row),
    delivery: row.delivery,
  };
}

/** The documents the goods need before pickup that the order has none of yet. */
function documentsMissing(row: ShipmentRow): OrderDocumentType[] {
  const uploaded = new Set(row.documentTypes ?? []);
  return requiredDocuments(row.compliance).filter((type) => !uploaded.has(type));
}

/**
 * The status every lost bid's row carries: the one its shipment took when the bidding closed on
 * another bid. What became of the shipment afterwards is the winner's and the seller's business.
 */
const LOST_BID_STATUS: ShipmentStatus = "Quotation Approved";

/**
 * A history row of a bid that did not win (or whose win an admin gave to another bid): the
 * shipment as it was bid on and the agent's own bid. The outcome of the order (status, tracking,
 * final amount, cancel reason), the seller's and the supplier's contacts and the order's chat stay
 * hidden, as the shipment page refuses this agent.
 */
export function presentLostBidRow<T extends ShipmentCore>(row: T): T {
  return {
    ...row,
    status: LOST_BID_STATUS,
    updated_at: row.bidding_ends_at,
    is_bidding_open: false,
    supplier_contact_name: "",
    supplier_contact_phone: "",
    pickup_location: {
      ...row.pickup_location,
      full_address: "",
      street_address: null,
      latitude: null,
      longitude: null,
      place_id: null,
    },
    user: { id: 0, first_name: "", last_name: "", email: "", profile: { phone: null } },
    tracking_number: null,
    tracking_link: null,
    tracking_carrier: null,
    final_amount: null,
    cancel_reason: null,
    message_count: 0,
    documents_missing: [],
    delivery: null,
  };
}

function presentPackage(row: PackageRow, showFbaId: boolean): ShipmentPackage {
  return {
    id: row.id,
    carton_dimensions_length: Number(row.lengthCm),
    carton_dimensions_width: Number(row.widthCm),
    carton_dimensions_height: Number(row.heightCm),
    weight_per_carton_kg: Number(row.weightPerCartonKg),
    total_cost_of_goods: Number(row.totalCostOfGoods),
    number_of_cartons: row.numberOfCartons,
    delivery_location: row.deliveryLocation,
    chargeable_weight: Number(row.chargeableWeight),
    tracking_number: row.trackingNumber,
    tracking_link: row.trackingLink,
    fba_shipment_id: showFbaId ? row.fbaShipmentId : null,
  };
}

/**
 * The shipment page of an agent whose bid did not win: the shipment as it was bid on and their
 * own bid, redacted like the bid's history row; the contact and the parcels' tracking go too.
 */
export function presentLostBidDetail(
  row: ShipmentRow,
  packages: PackageRow[],
  now: Date,
): ShipmentDetail {
  const detail = presentShipmentDetail(row, packages, 0, now, { showFbaIds: false });
  return {
    ...detail,
    ...presentLostBidRow(detail),
    packages: detail.packages.map((pkg) => ({
      ...pkg,
      tracking_number: null,
      tracking_link: null,
    })),
    contact_information: { first_name: null, last_name: null, email: null },
    outcome: "lost",
  };
}

/** `showFbaIds`: the seller's FBA shipment IDs are for the seller, admins and the winning agent. */
export function presentShipmentDetail(
  row: ShipmentRow,
  packages: PackageRow[],
  messageCount: number,
  now: Date,
  { showFbaIds }: { showFbaIds: boolean },
): ShipmentDetail {
  return {
    ...presentShipmentCore(row, messageCount, now),
    packages: packages.map((pkg) => presentPackage(pkg, showFbaIds)),
    compliance: {
      detailed_product_description: row.detailedProductDescription ?? "",
      compliance: row.compliance,
      additional_notes: row.additionalNotes,
    },
    contact_information: {
      first_name: row.contactFirstName,
      last_name: row.contactLastName,
      email: row.contactEmail,
    },
  };
}
