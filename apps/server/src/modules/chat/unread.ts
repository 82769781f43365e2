import type { DbOrTx } from "../../db/client.js";

/** Unread chat messages per shipment for one user (shipments absent from the map have 0). */
export async function unreadCountsForShipments(
  _db: DbOrTx,
  _userId: number,
  _shipmentIds: number[],
): Promise<Map<number, number>> {
  return new Map();
}

/** Unread chat messages per sample shipment for one user. */
export async function unreadCountsForSamples(
  _db: DbOrTx,
  _userId: number,
  _sampleIds: number[],
): Promise<Map<number, number>> {
  return new Map();
}
