import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Leg, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentChanged } from "../../../entities/shipment/api/changes";

const path = (shipmentId: number, legId: number, action: "accept" | "resolve") =>
  `shipments/${shipmentId}/legs/${legId}/different-fc/${action}`;

export const acceptDifferentFc = (shipmentId: number, legId: number) =>
  api.post<SuccessEnvelope<Leg>>(path(shipmentId, legId, "accept"));

export const resolveDifferentFc = (shipmentId: number, legId: number, note: string) =>
  api.post<SuccessEnvelope<Leg>>(path(shipmentId, legId, "resolve"), { note });

/**
 * The seller's Accept or an admin's Resolve. The answer is the changed leg, handed to `onLeg`
 * (the page keeps the order's legs); the order's delivery summary changes with it.
 */
export function useDecideDifferentFc(shipmentId: number, onLeg: (leg: Leg) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ legId, note }: { legId: number; note?: string }) =>
      note === undefined
        ? acceptDifferentFc(shipmentId, legId)
        : resolveDifferentFc(shipmentId, legId, note),
    onSuccess: async (res) => {
      onLeg(res.data);
      await shipmentChanged.order(queryClient, shipmentId);
    },
  });
}
