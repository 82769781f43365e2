import type { SampleClaim, SampleShipment, SampleShipmentStatus } from "@fba/contract";
import type { AuthUser } from "../../lib/principal.js";
import { avatarUrl } from "../auth/index.js";
import { SAMPLE_COMPLETED_STATUS, type SampleRow } from "./samples.repository.js";

export interface SamplePresentation {
  publicUrl: string;
  /** Unread chat messages of the caller on this sample. */
  messageCount: number;
  /** The samples desk address with `{seller_id}`; set for agents and admins only. */
  samplesDeskTemplate?: string;
  /** Who is looking: the claim says whether it is theirs. */
  viewer: AuthUser;
}

/** Stored "Quotation Received" is what the wire calls "Shipment Pending". */
function wireStatus(status: string): SampleShipmentStatus {
  return status === SAMPLE_COMPLETED_STATUS ? "Shipment Completed" : "Shipment Pending";
}

function samplesDeskFor(template: string, sellerId: number): string {
  return template.replaceAll("{seller_id}", String(sellerId));
}

function presentClaim(row: SampleRow, viewer: AuthUser): SampleClaim | null {
  if (!row.claimer || !row.claimedAt) return null;
  const agent = row.claimer;
  // Named to everyone who sees the sample: the seller, admins and every agent know who handles it.
  return {
    claimed_at: row.claimedAt.toISOString(),
    is_mine: agent.id === viewer.id,
    agent: {
      id: agent.id,
      first_name: agent.firstName,
      last_name: agent.lastName,
      company_name: agent.companyName ?? "",
    },
  };
}

export function presentSample(row: SampleRow, options: SamplePresentation): SampleShipment {
  const sample: SampleShipment = {
    id: row.id,
    product_name: row.productName,
    quantity: row.quantity,
    address: row.address,
    status: wireStatus(row.status),
    created_at: row.createdAt.toISOString(),
    seller: {
      id: row.seller.id,
      first_name: row.seller.firstName,
      last_name: row.seller.lastName,
      image: avatarUrl(row.seller, { PUBLIC_URL: options.publicUrl }),
    },
    message_count: options.messageCount,
    claim: presentClaim(row, options.viewer),
  };
  if (options.samplesDeskTemplate !== undefined) {
    // The agent delivers to the address the seller typed; the desk is shown as what it is.
    sample.delivery_address = row.address;
    sample.samples_desk_address = samplesDeskFor(options.samplesDeskTemplate, row.sellerId);
  }
  return sample;
}
