import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Leg, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentKeys } from "../../../entities/shipment/api/get-shipment";
import { orderRequests } from "../../../entities/shipment/api/requests";

/**
 * Under the shipments' root key: a notification about the order (a milestone recorded by the
 * other party) marks these stale with the rest of the order's reads, so an open page refetches.
 */
export const legKeys = {
  all: [...shipmentKeys.all, "legs"] as const,
  of: (shipmentId: number) => [...legKeys.all, shipmentId] as const,
};

export async function getLegs(shipmentId: number, signal?: AbortSignal): Promise<Leg[]> {
  const res = await api.read<SuccessEnvelope<Leg[]>>(orderRequests.legs(shipmentId), signal);
  return res.data;
}

export const legsQueryOptions = (shipmentId: number) =>
  queryOptions({
    queryKey: legKeys.of(shipmentId),
    queryFn: ({ signal }) => getLegs(shipmentId, signal),
  });

export function useLegs(shipmentId: number) {
  return useQuery(legsQueryOptions(shipmentId));
}

/**
 * The order's destinations not delivered yet, as "ONT8 (Booked)" (the completion dialog names
 * them); null while the legs are loading or not asked for.
 */
export function useUndeliveredDestinations(shipmentId: number, enabled: boolean): string[] | null {
  const legs = useQuery({ ...legsQueryOptions(shipmentId), enabled });
  if (!legs.data) return null;
  return legs.data
    .filter((leg) => leg.milestone !== "delivered")
    .map((leg) => `${leg.fc_code} (${leg.milestone_label})`);
}
