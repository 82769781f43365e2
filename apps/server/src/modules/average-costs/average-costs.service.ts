import {
  averageCostMessages as messages,
  type AverageCost,
  type AverageCostData,
  type AverageCostEstimate,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { AppError } from "../../lib/errors.js";
import type { Page } from "../../lib/http.js";
import { money } from "../../lib/http.js";
import type { AuthUser } from "../../lib/principal.js";
import {
  costRanges,
  deleteAverageCosts,
  insertAverageCost,
  listAverageCosts,
  updateAverageCost,
  type AverageCostRow,
  type AverageCostValues,
} from "./average-costs.repository.js";

function present(row: AverageCostRow): AverageCost {
  return {
    id: row.id,
    warehouse_number: row.fcCode,
    slow_cost: money(row.slowCost) ?? "0.00",
    fast_cost: money(row.fastCost) ?? "0.00",
    air_cost: money(row.airCost) ?? "0.00",
    updated_at: row.updatedAt.toISOString(),
  };
}

function values(input: Partial<AverageCostData>): Partial<AverageCostValues> {
  const out: Partial<AverageCostValues> = {};
  if (input.warehouse_number !== undefined) out.fcCode = input.warehouse_number;
  if (input.slow_cost !== undefined) out.slowCost = input.slow_cost;
  if (input.fast_cost !== undefined) out.fastCost = input.fast_cost;
  if (input.air_cost !== undefined) out.airCost = input.air_cost;
  return out;
}

const duplicate = () =>
  new AppError("CONFLICT", messages.duplicate, [
    { field: "warehouse_number", message: messages.duplicate },
  ]);

/**
 * Agents' indicative prices per FC (AC1-AC5): an agent keeps their own rows; sellers and admins
 * read every active agent's, and the booking form reads their range per FC.
 */
export class AverageCostService {
  constructor(private readonly db: Db) {}

  async list(user: AuthUser, page: number, perPage: number): Promise<Page<AverageCost>> {
    const own = user.group === "Shipper" ? user.id : null;
    const { rows, count } = await listAverageCosts(this.db, own, {
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    return { rows: rows.map(present), count, page, perPage };
  }

  async create(agent: AuthUser, input: AverageCostData): Promise<AverageCost> {
    try {
      return present(
        await insertAverageCost(this.db, agent.id, values(input) as AverageCostValues),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
  }

  /** Another agent's row is indistinguishable from a missing one. */
  async update(agent: AuthUser, id: number, input: Partial<AverageCostData>): Promise<AverageCost> {
    let row: AverageCostRow | undefined;
    try {
      row = await updateAverageCost(this.db, agent.id, id, values(input));
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
    if (!row) throw AppError.notFound(messages.notFound);
    return present(row);
  }

  async remove(agent: AuthUser, id: number): Promise<void> {
    const deleted = await deleteAverageCosts(this.db, agent.id, [id]);
    if (deleted.length === 0) throw AppError.notFound(messages.notFound);
  }

  /** Deletes the agent's own rows among the ids; others' ids are ignored. */
  async removeMany(agent: AuthUser, ids: number[]): Promise<{ ids: number[] }> {
    return { ids: await deleteAverageCosts(this.db, agent.id, [...new Set(ids)]) };
  }

  /** Per FC asked for, in the order asked: the range of agents' prices per kg per service. */
  async estimates(fcCodes: string[]): Promise<AverageCostEstimate[]> {
    const codes = [...new Set(fcCodes)];
    const ranges = new Map((await costRanges(this.db, codes)).map((row) => [row.fcCode, row]));
    const range = (min: string | null, max: string | null) =>
      min === null || max === null ? null : { min: money(min)!, max: money(max)! };
    return codes.map((code) => {
      const row = ranges.get(code);
      return {
        warehouse_number: code,
        agents: row?.agents ?? 0,
        slow: row ? range(row.slowMin, row.slowMax) : null,
        fast: row ? range(row.fastMin, row.fastMax) : null,
        air: row ? range(row.airMin, row.airMax) : null,
      };
    });
  }
}
