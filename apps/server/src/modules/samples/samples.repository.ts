import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { sampleShipments, users } from "../../db/schema/index.js";
import { resolveOrdering } from "../../lib/ordering.js";

/** Stored status of a sample that is not delivered yet (shown as "Shipment Pending"). */
const SAMPLE_PENDING_STATUS = "Quotation Received";
export const SAMPLE_COMPLETED_STATUS = "Shipment Completed";

export interface SampleRow {
  id: number;
  sellerId: number;
  productName: string;
  quantity: number;
  address: string;
  status: string;
  createdAt: Date;
  seller: {
    id: number;
    firstName: string;
    lastName: string;
    imageKey: string | null;
    updatedAt: Date;
  };
  claimedAt: Date | null;
  /** The agent handling the sample, once one has claimed it. */
  claimer: ClaimerRow | null;
}

export interface ClaimerRow {
  id: number;
  firstName: string;
  lastName: string;
  companyName: string | null;
}

const claimers = aliasedTable(users, "claimer");

const selection = {
  id: sampleShipments.id,
  sellerId: sampleShipments.sellerId,
  productName: sampleShipments.productName,
  quantity: sampleShipments.quantity,
  address: sampleShipments.address,
  status: sampleShipments.status,
  createdAt: sampleShipments.createdAt,
  seller: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    imageKey: users.imageKey,
    updatedAt: users.updatedAt,
  },
  claimedAt: sampleShipments.claimedAt,
  claimer: {
    id: claimers.id,
    firstName: claimers.firstName,
    lastName: claimers.lastName,
    companyName: claimers.companyName,
  },
};

export async function insertSample(
  db: DbOrTx,
  values: { sellerId: number; productName: string; quantity: number; address: string },
): Promise<number> {
  const [row] = await db
    .insert(sampleShipments)
    .values({ ...values, status: SAMPLE_PENDING_STATUS })
    .returning({ id: sampleShipments.id });
  if (!row) throw new Error("sample shipment insert returned no row");
  return row.id;
}

export async function findSampleById(db: DbOrTx, id: number): Promise<SampleRow | undefined> {
  const [row] = await db
    .select(selection)
    .from(sampleShipments)
    .innerJoin(users, eq(users.id, sampleShipments.sellerId))
    .leftJoin(claimers, eq(claimers.id, sampleShipments.claimedById))
    .where(eq(sampleShipments.id, id))
    .limit(1);
  return row;
}

/**
 * Claims a pending, unclaimed sample for an agent in one conditional update: of two agents
 * racing, exactly one changes the row. True when the agent holds the claim afterwards (also when
 * it already did).
 */
export async function claimSample(db: DbOrTx, id: number, agentId: number): Promise<boolean> {
  const rows = await db
    .update(sampleShipments)
    .set({ claimedById: agentId, claimedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(sampleShipments.id, id),
        isNull(sampleShipments.claimedById),
        eq(sampleShipments.status, SAMPLE_PENDING_STATUS),
      ),
    )
    .returning({ id: sampleShipments.id });
  if (rows.length === 1) return true;
  const [current] = await db
    .select({ claimedById: sampleShipments.claimedById })
    .from(sampleShipments)
    .where(eq(sampleShipments.id, id))
    .limit(1);
  return current?.claimedById === agentId;
}

/**
 * Pending -> completed in one conditional update, so two agents racing complete it once. An agent
 * (`claimAs`) completes only a sample that is unclaimed or theirs, and claims it by doing so;
 * an admin (`claimAs` null) completes any pending sample and claims nothing.
 */
export async function markSampleCompleted(
  db: DbOrTx,
  id: number,
  byUserId: number,
  claimAs: number | null,
): Promise<boolean> {
  const pending = and(
    eq(sampleShipments.id, id),
    eq(sampleShipments.status, SAMPLE_PENDING_STATUS),
  );
  const rows = await db
    .update(sampleShipments)
    .set({
      status: SAMPLE_COMPLETED_STATUS,
      completedById: byUserId,
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(claimAs === null
        ? {}
        : {
            claimedById: sql`coalesce(${sampleShipments.claimedById}, ${claimAs})`,
            claimedAt: sql`coalesce(${sampleShipments.claimedAt}, now())`,
          }),
    })
    .where(
      claimAs === null
        ? pending
        : and(
            pending,
            or(isNull(sampleShipments.claimedById), eq(sampleShipments.claimedById, claimAs)),
          ),
    )
    .returning({ id: sampleShipments.id });
  return rows.length === 1;
}

export interface SampleListFilter {
  sellerId?: number;
  search?: string;
  /** yyyy-MM-dd: samples created on that UTC day. */
  createdOn?: string;
  ordering?: string;
  page: number;
  perPage: number;
}

const orderColumns = {
  id: sampleShipments.id,
  created_at: sampleShipments.createdAt,
  product_name: sampleShipments.productName,
  quantity: sampleShipments.quantity,
  status: sampleShipments.status,
} as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(filter: SampleListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.sellerId !== undefined) conditions.push(eq(sampleShipments.sellerId, filter.sellerId));
  if (filter.createdOn) {
    const start = new Date(`${filter.createdOn}T00:00:00Z`);
    const end = new Date(start.getTime() + 24 * 3600 * 1000);
    conditions.push(gte(sampleShipments.createdAt, start), lt(sampleShipments.createdAt, end));
  }
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const matches: SQL[] = [
      ilike(sampleShipments.productName, pattern),
      ilike(sampleShipments.address, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ];
    if (/^\d{1,9}$/.test(filter.search))
      matches.push(eq(sampleShipments.id, Number(filter.search)));
    const any = or(...matches);
    if (any) conditions.push(any);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function orderOf(ordering: string | undefined): SQL[] {
  const resolved = resolveOrdering(orderColumns, ordering);
  if (!resolved) return [desc(sampleShipments.createdAt), desc(sampleShipments.id)];
  const { column, descending } = resolved;
  return [descending ? desc(column) : asc(column), desc(sampleShipments.id)];
}

export async function listSamples(
  db: DbOrTx,
  filter: SampleListFilter,
): Promise<{ rows: SampleRow[]; count: number }> {
  const where = whereOf(filter);
  const [rows, total] = await Promise.all([
    db
      .select(selection)
      .from(sampleShipments)
      .innerJoin(users, eq(users.id, sampleShipments.sellerId))
      .leftJoin(claimers, eq(claimers.id, sampleShipments.claimedById))
      .where(where)
      .orderBy(...orderOf(filter.ordering))
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage),
    db
      .select({ value: count() })
      .from(sampleShipments)
      .innerJoin(users, eq(users.id, sampleShipments.sellerId))
      .where(where),
  ]);
  return { rows, count: total[0]?.value ?? 0 };
}
