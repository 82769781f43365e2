import {
  agentMessages,
  ratingMessages,
  type AgentProfile,
  type AgentRating,
  type AgentRatingsQuery,
  type CreateRatingData,
  type ScorecardSummary,
  type ShipmentRatingOrEmpty,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import type { EventBus } from "../../lib/events.js";
import type { Page } from "../../lib/http.js";
import type { AuthUser } from "../../lib/principal.js";
import {
  findRatedOrder,
  findShipmentRating,
  findUserById,
  insertRating,
  listAgentRatings,
  setRatingReply,
  type AgentRow,
  type RatedOrder,
} from "./agents.repository.js";
import { canRate, canReadRating, canReply, canViewAgent, type Verdict } from "./agents.policy.js";
import {
  presentAgentProfile,
  presentAgentRating,
  presentShipmentRating,
} from "./agents.presenter.js";
import type { ScorecardRefresher } from "./scorecard-refresher.js";
import { readScorecard } from "./scorecards.repository.js";

export interface AgentServiceDeps {
  db: Db;
  events: EventBus;
  scorecards: ScorecardRefresher;
  now?: () => Date;
}

function enforce(verdict: Verdict): void {
  if (verdict.ok) return;
  if (verdict.code === "FORBIDDEN") throw AppError.forbidden(verdict.message);
  throw AppError.field(verdict.field ?? "shipment", verdict.message);
}

/** Agents' public record (profile, scorecard, ratings) and the rating of a completed order. */
export class AgentService {
  constructor(private readonly deps: AgentServiceDeps) {}

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  /** The agent, once the caller may see it: 403 for another agent, 404 for a non-agent. */
  private async agent(caller: AuthUser, agentId: number): Promise<AgentRow> {
    enforce(canViewAgent(caller, agentId));
    const agent = await findUserById(this.deps.db, agentId);
    if (!agent || agent.group !== "Shipper") throw AppError.notFound(agentMessages.notFound);
    return agent;
  }

  async profile(caller: AuthUser, agentId: number): Promise<AgentProfile> {
    const agent = await this.agent(caller, agentId);
    return presentAgentProfile(agent, await readScorecard(this.deps.db, agentId));
  }

  async scorecard(caller: AuthUser, agentId: number): Promise<ScorecardSummary> {
    await this.agent(caller, agentId);
    return readScorecard(this.deps.db, agentId);
  }

  async ratings(
    caller: AuthUser,
    agentId: number,
    query: AgentRatingsQuery,
  ): Promise<Page<AgentRating>> {
    await this.agent(caller, agentId);
    const { rows, count } = await listAgentRatings(this.deps.db, agentId, {
      page: query.page,
      perPage: query.per_page,
    });
    return {
      rows: rows.map(presentAgentRating),
      count,
      page: query.page,
      perPage: query.per_page,
    };
  }

  private async order(shipmentId: number): Promise<RatedOrder> {
    const order = await findRatedOrder(this.deps.db, shipmentId);
    if (!order) throw AppError.notFound("Shipment not found");
    return order;
  }

  async shipmentRating(caller: AuthUser, shipmentId: number): Promise<ShipmentRatingOrEmpty> {
    const order = await this.order(shipmentId);
    enforce(canReadRating(caller, order));
    const rating = await findShipmentRating(this.deps.db, shipmentId);
    if (!rating) return {};
    return presentShipmentRating(rating, canReply(caller, order).ok);
  }

  async rate(
    caller: AuthUser,
    shipmentId: number,
    input: CreateRatingData,
  ): Promise<ShipmentRatingOrEmpty> {
    const order = await this.order(shipmentId);
    enforce(canRate(caller, order));
    const agentId = order.winnerAgentId!;
    const staged = this.deps.events.staged();
    const inserted = await this.deps.db.transaction(async (tx) => {
      const rated = await insertRating(tx, {
        shipmentId,
        agentId,
        sellerId: caller.id,
        overall: input.overall,
        communication: input.communication,
        careOfCargo: input.care_of_cargo,
        punctuality: input.punctuality,
        asDescribed: input.as_described,
        comment: input.comment ?? null,
        createdAt: this.now(),
      });
      if (rated) {
        await staged.record(tx, "rating.created", {
          shipmentId,
          sellerId: order.sellerId,
          agentId,
          overall: input.overall,
        });
      }
      return rated;
    });
    if (!inserted) throw AppError.field("shipment", ratingMessages.alreadyRated);
    // The agent's averages change now: the answer's reader sees them at once.
    await this.deps.scorecards.refresh(agentId, { immediate: true });
    staged.emit();
    return this.shipmentRating(caller, shipmentId);
  }

  async reply(caller: AuthUser, shipmentId: number, reply: string): Promise<ShipmentRatingOrEmpty> {
    const order = await this.order(shipmentId);
    enforce(canReply(caller, order));
    const rating = await findShipmentRating(this.deps.db, shipmentId);
    if (!rating) throw AppError.field("shipment", ratingMessages.noRating);
    const staged = this.deps.events.staged();
    const replied = await this.deps.db.transaction(async (tx) => {
      if (!(await setRatingReply(tx, shipmentId, reply, this.now()))) return false;
      await staged.record(tx, "rating.replied", {
        shipmentId,
        sellerId: order.sellerId,
        agentId: caller.id,
      });
      return true;
    });
    if (!replied) throw AppError.field("reply", ratingMessages.alreadyReplied);
    staged.emit();
    return this.shipmentRating(caller, shipmentId);
  }
}
