import {
  legacyClientMessages as messages,
  legMessages,
  PROOF_OF_DELIVERY,
  shipmentMessages,
  type Leg,
  type WarehouseRow,
  type WarehouseRowInput,
  type WarehouseRowStatus,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import { AppError, fieldErrors } from "../../lib/errors.js";
import type { SignedUrlSigner } from "../../lib/signed-urls.js";
import type { AuthUser } from "../../lib/principal.js";
import { downloadName } from "../documents/index.js";
import { markDocumentRemoved, proofsOfDelivery, type DocumentRow } from "../documents/index.js";
import type { DocumentService } from "../documents/index.js";
import { isLiveOrder, isOrder, orderParty } from "../legs/index.js";
import {
  backsDelivery,
  chargeableWeightByFc,
  findLegOrder,
  legsOf,
  lockLeg,
  orderState,
  updateLeg,
  type LegRow,
} from "../legs/index.js";
import type { LegService } from "../legs/index.js";
import { presentWarehouseRow, STATUS_MILESTONE } from "./warehouse-rows.presenter.js";

export interface WarehouseRowServiceDeps {
  db: Db;
  legs: LegService;
  documents: DocumentService;
  signer: SignedUrlSigner;
  now?: () => Date;
}

const STATUS_ORDER: WarehouseRowStatus[] = [
  "Warehouse Pending",
  "Warehouse Picked Up",
  "Warehouse Completed",
];

/**
 * The existing client's warehouse rows (W1-W6): each is one leg of an accepted order, read and
 * changed through the orders module. Its status records the leg's milestones, its tracking number
 * is the leg's, its POD the leg's proof-of-delivery document, its invoice lines the leg's charges.
 */
export class WarehouseRowService {
  constructor(private readonly deps: WarehouseRowServiceDeps) {}

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  /** W1: the order's rows, for its seller, winning agent and admins (empty before the award). */
  async list(user: AuthUser, shipmentId: number): Promise<WarehouseRow[]> {
    const legs = await this.deps.legs.list(user, shipmentId);
    return this.present(shipmentId, legs);
  }

  private async present(shipmentId: number, legs: Leg[]): Promise<WarehouseRow[]> {
    if (legs.length === 0) return [];
    const [rows, weights, proofs] = await Promise.all([
      legsOf(this.deps.db, shipmentId),
      chargeableWeightByFc(this.deps.db, shipmentId),
      proofsOfDelivery(
        this.deps.db,
        legs.map((leg) => leg.id),
      ),
    ]);
    const charges = new Map(rows.map((row) => [row.id, row]));
    return legs.map((leg) =>
      presentWarehouseRow(leg, charges.get(leg.id) as LegRow, weights.get(leg.fc_code) ?? null, {
        document: proofs.get(leg.id) ?? null,
        url: (document) => this.podUrl(document),
      }),
    );
  }

  /** A signed link with the file's name as its last segment (the client shows that segment). */
  private podUrl(document: DocumentRow): string {
    const { expires, signature } = this.deps.signer.sign(document.id);
    const name = encodeURIComponent(downloadName(document));
    return `${this.deps.signer.base}/api/documents/${document.id}/${expires}/${signature}/${name}`;
  }

  private async row(user: AuthUser, shipmentId: number, legId: number): Promise<WarehouseRow> {
    const rows = await this.list(user, shipmentId);
    const row = rows.find((item) => item.id === legId);
    if (!row) throw AppError.notFound(messages.rowNotFound);
    return row;
  }

  /**
   * The row's order, when the caller is its winning agent or an admin and the order is live;
   * sellers are refused, everyone else gets the refusal for other orders.
   */
  private async forAgent(user: AuthUser, legId: number): Promise<{ shipmentId: number }> {
    const leg = await findLegOrder(this.deps.db, legId);
    if (!leg) throw AppError.notFound(messages.rowNotFound);
    await this.assertAgentOf(user, leg.shipmentId);
    return { shipmentId: leg.shipmentId };
  }

  /** The caller may change the order's rows and invoice: its winning agent or an admin, while live. */
  async assertAgentOf(user: AuthUser, shipmentId: number): Promise<void> {
    const order = await orderState(this.deps.db, shipmentId);
    if (!order) throw AppError.notFound("Shipment not found");
    const party = orderParty(user, order);
    if (!party) throw AppError.badRequest(shipmentMessages.notAuthorisedToView);
    if (party === "seller") throw AppError.forbidden(messages.onlyAgent);
    if (!isOrder(order)) throw AppError.badRequest(legMessages.notAnOrder);
    if (!isLiveOrder(order)) throw AppError.badRequest(legMessages.orderClosed);
  }

  /**
   * W2: the agent's invoice lines per destination, matched to the order's legs by warehouse
   * code. Every row is checked before any is written; a line left out is stored as not given.
   */
  async save(user: AuthUser, input: WarehouseRowInput[]): Promise<WarehouseRow[]> {
    const shipmentIds = [...new Set(input.map((row) => row.shipment))];
    for (const shipmentId of shipmentIds) await this.assertAgentOf(user, shipmentId);
    const legsByShipment = new Map<number, LegRow[]>();
    for (const shipmentId of shipmentIds) {
      // The legs exist once the order is accepted; reading them creates any the listener missed.
      await this.deps.legs.list(user, shipmentId);
      legsByShipment.set(shipmentId, await legsOf(this.deps.db, shipmentId));
    }
    const issues: Array<{ field: string; message: string }> = [];
    const seen = new Set<string>();
    const matches = input.map((row, index) => {
      const key = `${row.shipment}|${row.warehouse_code}`;
      const leg = legsByShipment.get(row.shipment)?.find((l) => l.fcCode === row.warehouse_code);
      if (seen.has(key)) {
        issues.push({ field: `${index}.warehouse_code`, message: messages.warehouseRepeated });
      } else if (!leg) {
        issues.push({ field: `${index}.warehouse_code`, message: messages.warehouseNotOnOrder });
      }
      seen.add(key);
      return { row, leg };
    });
    if (issues.length > 0) throw AppError.badRequest(fieldErrors(issues));
    await this.deps.db.transaction(async (tx) => {
      for (const { row, leg } of matches) {
        await lockLeg(tx, row.shipment, leg!.id);
        await updateLeg(tx, leg!.id, {
          chargeableWeight: row.chargeable_weight ?? null,
          unitPrice: row.unit_price ?? null,
          extraFee: row.extra_fee ?? null,
          pickUpFee: row.pick_up_fee ?? null,
          discount: row.discount ?? null,
        });
      }
    });
    const saved = new Set(matches.map(({ leg }) => leg!.id));
    const rows: WarehouseRow[] = [];
    for (const shipmentId of shipmentIds) {
      rows.push(...(await this.list(user, shipmentId)).filter((row) => saved.has(row.id)));
    }
    return rows;
  }

  /**
   * W3: moves the row forward by recording the leg's milestone now: Picked Up records Picked up,
   * Completed records Delivered to its FC (which needs the leg's proof of delivery). The same
   * status again changes nothing; an earlier one is refused (history is never rewritten).
   */
  async setStatus(
    user: AuthUser,
    legId: number,
    status: WarehouseRowStatus,
  ): Promise<WarehouseRow> {
    const { shipmentId } = await this.forAgent(user, legId);
    const current = await this.row(user, shipmentId, legId);
    const from = STATUS_ORDER.indexOf(current.status);
    const to = STATUS_ORDER.indexOf(status);
    if (to === from) return current;
    if (to < from) throw AppError.conflict(messages.statusBackwards);
    const milestone = STATUS_MILESTONE[status];
    try {
      await this.deps.legs.record(user, shipmentId, legId, {
        milestone,
        occurred_at: this.now().toISOString(),
        ...(milestone === "delivered" ? { delivered_fc_code: current.warehouse_code } : {}),
      });
    } catch (error) {
      // The leg names the proof of delivery document_id; this client knows it as pod_document.
      if (error instanceof AppError && error.fields[0]?.field === "document_id") {
        throw AppError.field("pod_document", error.fields[0].message);
      }
      throw error;
    }
    return this.row(user, shipmentId, legId);
  }

  /** Checked before a POD's bytes are read: the caller may, and their storage is not full. */
  async assertCanUploadPod(user: AuthUser, legId: number): Promise<void> {
    await this.forAgent(user, legId);
    await this.deps.documents.assertRoom(user, "pod_document");
  }

  /** W4: a new Proof of delivery document on the leg; it becomes the row's POD. */
  async uploadPod(
    user: AuthUser,
    legId: number,
    file: { bytes: Buffer; fileName: string | undefined },
  ): Promise<WarehouseRow> {
    const { shipmentId } = await this.forAgent(user, legId);
    await this.deps.documents.upload(
      user,
      shipmentId,
      { type: PROOF_OF_DELIVERY, leg_id: legId },
      file,
      "pod_document",
    );
    return this.row(user, shipmentId, legId);
  }

  /**
   * W5: takes the row's POD off its leg. The document stays in the order's documents, marked
   * removed; one that backs the leg's Delivered milestone stays until that is corrected.
   */
  async removePod(user: AuthUser, legId: number): Promise<WarehouseRow> {
    const { shipmentId } = await this.forAgent(user, legId);
    const pod = (await proofsOfDelivery(this.deps.db, [legId])).get(legId);
    if (!pod) throw AppError.notFound(messages.noPod);
    if (await backsDelivery(this.deps.db, pod.id))
      throw AppError.conflict(messages.podBacksDelivery);
    await markDocumentRemoved(this.deps.db, pod.id, user.id, this.now());
    return this.row(user, shipmentId, legId);
  }

  /** W6: the leg's tracking number. */
  async setTracking(user: AuthUser, legId: number, trackingNumber: string): Promise<WarehouseRow> {
    const { shipmentId } = await this.forAgent(user, legId);
    await this.deps.legs.update(user, shipmentId, legId, { tracking_number: trackingNumber });
    return this.row(user, shipmentId, legId);
  }
}
