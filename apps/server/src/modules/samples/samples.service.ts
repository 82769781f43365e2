import {
  sampleMessages,
  type CreateSampleShipmentData,
  type SampleShipment,
  type SampleShipmentListQuery,
} from "@fba/contract";
import type { Config } from "../../config.js";
import type { Db, DbOrTx } from "../../db/client.js";
import type { EventBus } from "../../lib/events.js";
import { AppError } from "../../lib/errors.js";
import type { Page } from "../../lib/http.js";
import type { AuthUser } from "../../lib/principal.js";
import { unreadCountsForSamples } from "../chat/index.js";
import {
  canActOnSample,
  canCompleteSample,
  canCreateSample,
  canViewSample,
  claimsByActing,
  seesSamplesDesk,
} from "./samples.policy.js";
import { presentSample } from "./samples.presenter.js";
import {
  claimSample as claimSampleRow,
  findSampleById,
  insertSample,
  listSamples as listSampleRows,
  markSampleCompleted,
  SAMPLE_COMPLETED_STATUS,
  type SampleRow,
} from "./samples.repository.js";

export interface SampleServiceDeps {
  db: Db;
  events: EventBus;
  config: Pick<Config, "PUBLIC_URL" | "SAMPLE_ADDRESS_TEMPLATE">;
}

export class SampleService {
  constructor(private readonly deps: SampleServiceDeps) {}

  private get db() {
    return this.deps.db;
  }

  private async present(user: AuthUser, rows: SampleRow[]): Promise<SampleShipment[]> {
    const unread = await unreadCountsForSamples(
      this.db,
      user.id,
      rows.map((row) => row.id),
    );
    const template = seesSamplesDesk(user) ? this.deps.config.SAMPLE_ADDRESS_TEMPLATE : undefined;
    return rows.map((row) =>
      presentSample(row, {
        publicUrl: this.deps.config.PUBLIC_URL,
        messageCount: unread.get(row.id) ?? 0,
        samplesDeskTemplate: template,
        viewer: user,
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
    const staged = this.deps.events.staged();
    const id = await this.db.transaction(async (tx) => {
      const created = await insertSample(tx, {
        sellerId: user.id,
        productName: input.product_name,
        quantity: input.quantity,
        address: input.address,
      });
      await staged.record(tx, "sample.created", { sampleId: created, sellerId: user.id });
      return created;
    });
    staged.emit();
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

  /** The sample, or 404. */
  private async requireSample(id: number): Promise<SampleRow> {
    const row = await findSampleById(this.db, id);
    if (!row) throw AppError.notFound("Sample shipment not found");
    return row;
  }

  /** Why an agent could not act: someone else holds the sample, or it is already completed. */
  private async refusal(id: number): Promise<AppError> {
    const row = await this.requireSample(id);
    return row.status === SAMPLE_COMPLETED_STATUS
      ? AppError.conflict(sampleMessages.alreadyCompleted)
      : claimedByAnother();
  }

  /**
   * Claims an unclaimed sample for the agent (or confirms it is theirs) inside the caller's
   * transaction (the chat's first write); false when another agent has it.
   */
  claimInTransaction(tx: DbOrTx, id: number, agentId: number): Promise<boolean> {
    return claimSampleRow(tx, id, agentId);
  }

  /** An agent takes a pending sample over; claiming one's own sample again changes nothing. */
  async claimSample(user: AuthUser, id: number): Promise<SampleShipment> {
    if (user.group !== "Shipper") throw AppError.forbidden();
    const existing = await this.requireSample(id);
    if (existing.claimer?.id !== user.id) {
      if (!(await claimSampleRow(this.db, id, user.id))) {
        const now = await this.requireSample(id);
        throw now.claimer ? claimedByAnother() : AppError.conflict(sampleMessages.alreadyCompleted);
      }
      this.deps.events.emit("sample.claimed", {
        sampleId: id,
        sellerId: existing.sellerId,
        agentId: user.id,
      });
    }
    return this.presentOne(user, await this.requireSample(id));
  }

  async completeSample(user: AuthUser, id: number): Promise<SampleShipment> {
    if (!canCompleteSample(user)) throw AppError.forbidden();
    const existing = await this.requireSample(id);
    if (existing.status === SAMPLE_COMPLETED_STATUS) {
      throw AppError.conflict(sampleMessages.alreadyCompleted);
    }
    const holder = { claimedById: existing.claimer?.id ?? null };
    if (!canActOnSample(user, holder)) throw claimedByAnother();
    const claiming = claimsByActing(user, holder);
    const staged = this.deps.events.staged();
    const changed = await this.db.transaction(async (tx) => {
      const done = await markSampleCompleted(
        tx,
        id,
        user.id,
        user.group === "Shipper" ? user.id : null,
      );
      if (!done) return false;
      if (claiming) {
        await staged.record(tx, "sample.claimed", {
          sampleId: id,
          sellerId: existing.sellerId,
          agentId: user.id,
        });
      }
      await staged.record(tx, "sample.completed", {
        sampleId: id,
        sellerId: existing.sellerId,
        byUserId: user.id,
      });
      return true;
    });
    if (!changed) throw await this.refusal(id);
    staged.emit();
    return this.presentOne(user, await this.requireSample(id));
  }
}

function claimedByAnother(): AppError {
  return new AppError("FORBIDDEN", sampleMessages.claimedByAnother, [
    { message: sampleMessages.claimedByAnother },
  ]);
}
