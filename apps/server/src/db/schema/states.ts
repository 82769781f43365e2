import {
  CHARGE_CHANGE_ACTIONS,
  CHARGE_CHANGE_STATUSES,
  MILESTONES,
  ORDER_DOCUMENT_TYPES,
  SHIPMENT_STATUSES,
} from "@fba/contract";
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The values each state column may hold, checked by the database (a CHECK constraint per column):
 * a write of anything else is refused however it was made. They are the contract's, except where
 * a column stores its own values.
 */
export const STORED_STATES = {
  shipmentStatus: SHIPMENT_STATUSES,
  /** A sample not delivered yet is stored as "Quotation Received" (shown as Shipment Pending). */
  sampleStatus: ["Quotation Received", "Shipment Completed"],
  chargeChangeStatus: CHARGE_CHANGE_STATUSES,
  chargeChangeAction: CHARGE_CHANGE_ACTIONS,
  milestone: MILESTONES,
  documentType: ORDER_DOCUMENT_TYPES,
  /** The decision on a leg delivered to another FC (flagged is the state before any). */
  differentFcDecision: ["accepted", "resolved"],
} as const satisfies Record<string, readonly string[]>;

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** `column in (...)`, for a check() on a state column. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map(literal).join(", "))})`;
}

/** `column is null or column in (...)`, for a nullable state column. */
export function nullOrOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} is null or ${oneOf(column, values)}`;
}
