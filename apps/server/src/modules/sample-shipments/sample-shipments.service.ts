import {
  sampleMessages,
  type CreateSampleShipmentData,
  type SampleShipment,
  type SampleShipmentListQuery,
} from "@fba/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/errors.js";
import type { Page } from "../../lib/http.js";
import type { AuthUser } from "../../plugins/auth.js";
import { unreadCountsForSamples } from "../chat/unread.js";
import {
  canCompleteSample,
  canCreateSample,
  canViewSample,
  seesDeliveryAddress,
} from "./sample-shipments.policy.js";
import { presentSample } from "./sample-shipments.presenter.js";
import {
  findSampleById,
  insertSample,
  listSamples as listSampleRows,
  markSampleCompleted,
  type SampleRow,
} from "./sample-shipments.repository.js";

export class SampleShipmentService {
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return this.app.database.db;
  }

  private async present(user: AuthUser, rows: SampleRow[]): Promise<SampleShipment[]> {
    const unread = await unreadCountsForSamples(
      this.db,
      user.id,
      rows.map((row) => row.id),
    );
    const template = seesDeliveryAddress(user)
      ? this.app.config.SAMPLE_ADDRESS_TEMPLATE
      : undefined;
    return rows.map((row) =>
      presentSample(row, {
        publicUrl: this.app.config.PUBLIC_URL,
        messageCount: unread.get(row.id) ?? 0,
        deliveryAddressTemplate: template,
      }),
    );
  }

  private async presentOne(user: AuthUser, row: SampleRow): Promise<SampleShipment> {
    const [sample] = await this.present(user, [row]);
    if (!sample) throw new Error("sample presentation failed");
    return sample;
  }

  async createSample(user: AuthUser, input: CreateSampleShipmentData): Promise<SampleShipment> {
    if (!canCreateSample(user)) throw AppError.forbidden();
    const id = await insertSample(this.db, {
      sellerId: user.id,
      productName: input.product_name,
      quantity: input.quantity,
      address: input.address,
    });
    this.app.events.emit("sample.created", { sampleId: id, sellerId: user.id });
    const row = await findSampleById(this.db, id);
    if (!row) throw new Error("created sample shipment vanished");
    return this.presentOne(user, row);
  }

  async listSamples(user: AuthUser, query: SampleShipmentListQuery): Promise<Page<SampleShipment>> {
    const { rows, count } = await listSampleRows(this.db, {
      sellerId: user.group === "Seller" ? user.id : undefined,
      search: query.search,
      createdOn: query.shipment_ready_date,
      ordering: query.ordering,
      page: query.page,
      perPage: query.per_page,
    });
    return {
      rows: await this.present(user, rows),
      count,
      page: query.page,
      perPage: query.per_page,
    };
  }

  async getSample(user: AuthUser, id: number): Promise<SampleShipment> {
    const row = await findSampleById(this.db, id);
    if (!row) throw AppError.notFound("Sample shipment not found");
    // Same refusal as a shipment the caller is not a party to, so the web shows its access page.
    if (!canViewSample(user, row)) throw AppError.badRequest(sampleMessages.notAuthorised);
    return this.presentOne(user, row);
  }

  async completeSample(user: AuthUser, id: number): Promise<SampleShipment> {
    if (!canCompleteSample(user)) throw AppError.forbidden();
    const existing = await findSampleById(this.db, id);
    if (!existing) throw AppError.notFound("Sample shipment not found");
    const changed = await markSampleCompleted(this.db, id, user.id);
    if (!changed) throw AppError.conflict(sampleMessages.alreadyCompleted);
    this.app.events.emit("sample.completed", {
      sampleId: id,
      sellerId: existing.sellerId,
      byUserId: user.id,
    });
    const row = await findSampleById(this.db, id);
    if (!row) throw new Error("completed sample shipment vanished");
    return this.presentOne(user, row);
  }
}
