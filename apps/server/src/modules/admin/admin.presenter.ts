import {
  GROUPS,
  SAMPLE_SHIPMENT_STATUSES,
  SHIPMENT_STATUSES,
  type AdminDashboard,
  type AdminUser,
} from "@fba/contract";
import type { Config } from "../../config.js";
import { presentUser } from "../auth/index.js";
import type { DashboardCounts, UserRow } from "./admin.repository.js";

export function presentAdminUser(row: UserRow, config: Pick<Config, "PUBLIC_URL">): AdminUser {
  return {
    ...presentUser(row, config),
    created_at: row.createdAt.toISOString(),
    storage_used_bytes: row.storageUsedBytes,
  };
}

function countsFor<K extends string>(keys: readonly K[], counts: Map<string, number>) {
  return Object.fromEntries(keys.map((key) => [key, counts.get(key) ?? 0])) as Record<K, number>;
}

const sum = (values: Iterable<number>) => [...values].reduce((total, n) => total + n, 0);

export function presentDashboard(counts: DashboardCounts): AdminDashboard {
  // Samples are stored as "Quotation Received" while pending; the wire calls that Shipment Pending.
  const samples = new Map<string, number>([
    ["Shipment Pending", counts.samplesByStatus.get("Quotation Received") ?? 0],
    ["Shipment Completed", counts.samplesByStatus.get("Shipment Completed") ?? 0],
  ]);
  return {
    shipments: {
      total: sum(counts.shipmentsByStatus.values()),
      by_status: countsFor(SHIPMENT_STATUSES, counts.shipmentsByStatus),
      open_for_bids: counts.openForBids,
      closed_without_bids: counts.closedWithoutBids,
    },
    sample_shipments: {
      total: sum(counts.samplesByStatus.values()),
      by_status: countsFor(SAMPLE_SHIPMENT_STATUSES, samples),
    },
    users: {
      total: sum(counts.usersByGroup.values()),
      disabled: counts.disabledUsers,
      by_group: countsFor(GROUPS, counts.usersByGroup),
    },
  };
}
