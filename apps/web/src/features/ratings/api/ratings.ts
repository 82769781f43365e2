import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateRatingInput,
  RatingReplyInput,
  ShipmentRating,
  ShipmentRatingOrEmpty,
  SuccessEnvelope,
} from "@fba/contract";
import { api } from "../../../lib/api-client";

export const ratingKeys = {
  all: ["ratings"] as const,
  forShipment: (shipmentId: number) => [...ratingKeys.all, "shipment", shipmentId] as const,
};

export const hasRating = (rating: ShipmentRatingOrEmpty | undefined): rating is ShipmentRating =>
  !!rating && typeof (rating as Partial<ShipmentRating>).id === "number";

export function useShipmentRating(shipmentId: number) {
  return useQuery({
    queryKey: ratingKeys.forShipment(shipmentId),
    queryFn: async ({ signal }) =>
      (
        await api.get<SuccessEnvelope<ShipmentRatingOrEmpty>>(
          `shipments/${shipmentId}/rating/`,
          undefined,
          signal,
        )
      ).data,
  });
}

function useRatingMutation<T>(shipmentId: number, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) =>
      api.post<SuccessEnvelope<ShipmentRating>>(`shipments/${shipmentId}/${path}`, body),
    // The agent's scorecard and profile change with a rating.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ratingKeys.forShipment(shipmentId) }),
        queryClient.invalidateQueries({ queryKey: ["agents"] }),
      ]),
  });
}

/** The seller's one rating of the order's agent. */
export const useCreateRating = (shipmentId: number) =>
  useRatingMutation<CreateRatingInput>(shipmentId, "rating/");

/** The agent's one answer to it. */
export const useReplyRating = (shipmentId: number) =>
  useRatingMutation<RatingReplyInput>(shipmentId, "rating/reply/");
