import { describe, expect, it } from "vitest";
import type { ShipmentStatus } from "@fba/contract";
import {
  agentStatusChange,
  canAddShipmentInfo,
  canCancelShipment,
  canPlaceBid,
  canReopenBidding,
  canSetWinner,
  closingTransition,
  decideQuotation,
  isBiddingOpen,
  shipmentViewAccess,
  type LifecycleState,
} from "./shipments.policy.js";

const now = new Date("2026-06-01T12:00:00Z");
const future = new Date("2026-06-02T12:00:00Z");
const past = new Date("2026-05-31T12:00:00Z");
const seller = { id: 1, group: "Seller" as const };
const otherSeller = { id: 2, group: "Seller" as const };
const winner = { id: 10, group: "Shipper" as const };
const loser = { id: 11, group: "Shipper" as const };
const admin = { id: 99, group: "Admin" as const };

function state(status: ShipmentStatus, overrides: Partial<LifecycleState> = {}): LifecycleState {
  const judged = !["Shipment Pending", "Quotation Received"].includes(status);
  return {
    sellerId: 1,
    status,
    biddingEndsAt: judged ? past : future,
    winningQuotationId: judged ? 500 : null,
    winnerAgentId: judged ? winner.id : null,
    quotationCount: status === "Shipment Pending" ? 0 : 2,
    trackingNumber: null,
    finalAmount: null,
    ...overrides,
  };
}

describe("bidding window", () => {
  it("is open only before the deadline and only while pending or received", () => {
    expect(isBiddingOpen(state("Shipment Pending"), now)).toBe(true);
    expect(isBiddingOpen(state("Quotation Received"), now)).toBe(true);
    expect(isBiddingOpen(state("Quotation Received", { biddingEndsAt: now }), now)).toBe(false);
    expect(isBiddingOpen(state("Quotation Approved", { biddingEndsAt: future }), now)).toBe(false);
  });

  it("accepts bids while the window is open and refuses any after it", () => {
    expect(canPlaceBid(state("Shipment Pending"), now)).toEqual({
      ok: true,
      nextStatus: "Quotation Received",
    });
    expect(canPlaceBid(state("Quotation Received"), now).ok).toBe(true);
    expect(canPlaceBid(state("Quotation Received", { biddingEndsAt: past }), now)).toMatchObject({
      ok: false,
      code: "CONFLICT",
    });
    for (const status of [
      "Quotation Approved",
      "Quotation Accepted",
      "Shipment Completed",
      "Shipment Cancelled",
    ] as const) {
      expect(canPlaceBid(state(status), now).ok).toBe(false);
    }
  });

  it("judges bids at the deadline and leaves bidless shipments alone", () => {
    expect(closingTransition(state("Quotation Received", { biddingEndsAt: past }), now)).toBe(
      "approve-lowest",
    );
    expect(closingTransition(state("Quotation Received", { biddingEndsAt: now }), now)).toBe(
      "approve-lowest",
    );
    expect(closingTransition(state("Quotation Received"), now)).toBe("nothing");
    expect(closingTransition(state("Shipment Pending", { biddingEndsAt: past }), now)).toBe(
      "nothing",
    );
  });
});

describe("who may view a shipment", () => {
  it("follows the spec's parties", () => {
    const open = state("Quotation Received");
    const closed = state("Quotation Approved");
    expect(shipmentViewAccess(seller, open, now)).toBe("allowed");
    expect(shipmentViewAccess(otherSeller, open, now)).toBe("not-a-party");
    expect(shipmentViewAccess(loser, open, now)).toBe("allowed");
    expect(shipmentViewAccess(loser, closed, now)).toBe("not-now");
    // An agent who bid and lost keeps a read-only view; the winner and open windows are unchanged.
    expect(shipmentViewAccess(loser, closed, now, true)).toBe("lost-bid");
    expect(shipmentViewAccess(winner, closed, now, true)).toBe("allowed");
    expect(shipmentViewAccess(loser, open, now, true)).toBe("allowed");
    expect(shipmentViewAccess(winner, closed, now)).toBe("allowed");
    expect(shipmentViewAccess(admin, closed, now)).toBe("allowed");
    expect(shipmentViewAccess(loser, state("Shipment Pending", { biddingEndsAt: past }), now)).toBe(
      "not-now",
    );
  });
});

describe("the seller's decision", () => {
  const accept = { action: "accept" } as const;
  const decline = { action: "decline", reason: "No" } as const;
  const cancel = { action: "cancel", reason: "No" } as const;

  it("accepts or declines an approved winning quotation", () => {
    expect(decideQuotation(seller, state("Quotation Approved"), 500, accept)).toMatchObject({
      ok: true,
      nextStatus: "Quotation Accepted",
      event: "accepted",
    });
    expect(decideQuotation(seller, state("Quotation Approved"), 500, decline)).toMatchObject({
      ok: true,
      nextStatus: "Shipment Cancelled",
      event: "declined",
    });
    expect(decideQuotation(seller, state("Quotation Approved"), 500, cancel)).toMatchObject({
      ok: true,
      event: "declined",
    });
  });

  it("cancels the winning bid of an accepted order", () => {
    expect(decideQuotation(seller, state("Quotation Accepted"), 500, cancel)).toMatchObject({
      ok: true,
      nextStatus: "Shipment Cancelled",
      event: "cancelled",
    });
  });

  it("refuses everything else", () => {
    expect(decideQuotation(otherSeller, state("Quotation Approved"), 500, accept)).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(decideQuotation(admin, state("Quotation Approved"), 500, accept)).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(decideQuotation(seller, state("Quotation Approved"), 501, accept)).toMatchObject({
      code: "CONFLICT",
    });
    expect(decideQuotation(seller, state("Quotation Accepted"), 500, accept)).toMatchObject({
      code: "CONFLICT",
    });
    expect(decideQuotation(seller, state("Quotation Accepted"), 500, decline)).toMatchObject({
      code: "CONFLICT",
    });
    for (const status of ["Shipment Completed", "Shipment Cancelled"] as const) {
      for (const decision of [accept, decline, cancel]) {
        expect(decideQuotation(seller, state(status), 500, decision).ok).toBe(false);
      }
    }
    expect(decideQuotation(seller, state("Quotation Received"), 500, accept).ok).toBe(false);
  });
});

describe("the winning agent's changes", () => {
  const accepted = state("Quotation Accepted");
  const withInfo = state("Quotation Accepted", { trackingNumber: "1", finalAmount: "10.00" });

  it("adds info only on an accepted order, as winner or admin", () => {
    expect(canAddShipmentInfo(winner, accepted).ok).toBe(true);
    expect(canAddShipmentInfo(admin, accepted).ok).toBe(true);
    expect(canAddShipmentInfo(loser, accepted)).toMatchObject({ code: "FORBIDDEN" });
    expect(canAddShipmentInfo(seller, accepted)).toMatchObject({ code: "FORBIDDEN" });
    expect(canAddShipmentInfo(winner, state("Quotation Approved"))).toMatchObject({
      code: "CONFLICT",
    });
    expect(canAddShipmentInfo(winner, state("Shipment Completed"))).toMatchObject({
      code: "CONFLICT",
    });
  });

  it("keeps, completes (with info) or cancels an accepted order", () => {
    expect(agentStatusChange(winner, accepted, "Quotation Accepted")).toEqual({
      ok: true,
      nextStatus: "Quotation Accepted",
      changed: false,
    });
    expect(agentStatusChange(winner, accepted, "Shipment Completed")).toMatchObject({
      code: "CONFLICT",
    });
    expect(agentStatusChange(winner, withInfo, "Shipment Completed")).toMatchObject({
      ok: true,
      nextStatus: "Shipment Completed",
      changed: true,
    });
    expect(agentStatusChange(winner, accepted, "Shipment Cancelled")).toMatchObject({
      ok: true,
      nextStatus: "Shipment Cancelled",
    });
    expect(agentStatusChange(loser, withInfo, "Shipment Completed")).toMatchObject({
      code: "FORBIDDEN",
    });
    for (const status of [
      "Quotation Approved",
      "Shipment Completed",
      "Shipment Cancelled",
    ] as const) {
      expect(agentStatusChange(winner, state(status), "Shipment Cancelled")).toMatchObject({
        code: "CONFLICT",
      });
    }
  });
});

describe("reopen, cancel and admin winner", () => {
  const bidless = state("Shipment Pending", { biddingEndsAt: past });

  it("reopens only a closed window without bids, for the owner", () => {
    expect(canReopenBidding(seller, bidless, now).ok).toBe(true);
    expect(canReopenBidding(seller, state("Shipment Pending"), now)).toMatchObject({
      code: "CONFLICT",
    });
    expect(canReopenBidding(otherSeller, bidless, now)).toMatchObject({ code: "FORBIDDEN" });
    expect(canReopenBidding(seller, state("Quotation Approved"), now)).toMatchObject({
      code: "CONFLICT",
    });
  });

  it("cancels only a shipment nobody bid on", () => {
    expect(canCancelShipment(seller, bidless).ok).toBe(true);
    expect(canCancelShipment(seller, state("Shipment Pending")).ok).toBe(true);
    expect(canCancelShipment(seller, state("Quotation Received"))).toMatchObject({
      code: "CONFLICT",
    });
    expect(canCancelShipment(otherSeller, bidless)).toMatchObject({ code: "FORBIDDEN" });
  });

  it("lets admins choose a winner while bids are taken or awaiting the seller", () => {
    expect(canSetWinner(admin, state("Quotation Received")).ok).toBe(true);
    expect(canSetWinner(admin, state("Quotation Approved")).ok).toBe(true);
    expect(canSetWinner(admin, state("Quotation Accepted"))).toMatchObject({ code: "CONFLICT" });
    expect(canSetWinner(admin, state("Shipment Pending"))).toMatchObject({ code: "CONFLICT" });
    expect(canSetWinner(seller, state("Quotation Received"))).toMatchObject({ code: "FORBIDDEN" });
  });
});
