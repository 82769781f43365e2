import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { isOrderChatOpen } from "@fba/contract";
import type {
  ChargeChange,
  DecideChargeChangeInput,
  DisputeRow,
  SuccessEnvelope,
} from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentChanged } from "../../../entities/shipment/api/changes";
import { shipmentKeys } from "../../../entities/shipment/api/get-shipment";
import { orderRequests } from "../../../entities/shipment/api/requests";

/** Under the shipments' root key: whatever refreshes an order's reads refreshes these too. */
export const chargeChangeKeys = {
  all: [...shipmentKeys.all, "charge-change"] as const,
  of: (shipmentId: number) => [...chargeChangeKeys.all, shipmentId] as const,
  disputes: () => [...chargeChangeKeys.all, "open-disputes"] as const,
};

const path = (shipmentId: number, action?: "accept" | "dispute" | "decide") =>
  `shipments/${shipmentId}/charge-change/${action ?? ""}`;

export async function getChargeChange(
  shipmentId: number,
  signal?: AbortSignal,
): Promise<ChargeChange | null> {
  const res = await api.read<SuccessEnvelope<ChargeChange | null>>(
    orderRequests.chargeChange(shipmentId),
    signal,
  );
  return res.data;
}

const chargeChangeQuery = (shipmentId: number) =>
  queryOptions({
    queryKey: chargeChangeKeys.of(shipmentId),
    queryFn: ({ signal }) => getChargeChange(shipmentId, signal),
  });

/** The order's final amount above its accepted bid, or null when there is none. */
export function useChargeChange(shipmentId: number) {
  return useQuery(chargeChangeQuery(shipmentId));
}

/**
 * Whether the order's chat takes new messages: while the order is accepted, and after its
 * completion while its charge change waits for the seller or an admin (the server's rule).
 */
export function useOrderChatOpen(shipment: { id: number; status: string }): boolean {
  const completed = shipment.status === "Shipment Completed";
  const change = useQuery({ ...chargeChangeQuery(shipment.id), enabled: completed });
  return isOrderChatOpen(shipment.status, completed ? change.data?.status : null);
}

/** The admins' disputes list's filters: open (the default), decided or all, and the days. */
export interface DisputeFilters {
  status?: "open" | "decided" | "all";
  from?: string;
  to?: string;
}

export async function getOpenDisputes(
  filters: DisputeFilters = {},
  signal?: AbortSignal,
): Promise<DisputeRow[]> {
  const res = await api.get<SuccessEnvelope<DisputeRow[]>>(
    "admin/disputes/",
    { ...filters },
    signal,
  );
  return res.data;
}

/** The admins' list of open disputes, oldest first; or, filtered, the decided ones too. */
export function useOpenDisputes(filters: DisputeFilters = {}) {
  return useQuery({
    queryKey: [...chargeChangeKeys.disputes(), filters],
    queryFn: ({ signal }) => getOpenDisputes(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export type ChargeChangeAnswer =
  | { action: "accept" }
  | { action: "dispute"; reason: string }
  | { action: "decide"; decision: DecideChargeChangeInput };

function answer(shipmentId: number, input: ChargeChangeAnswer) {
  if (input.action === "accept")
    return api.post<SuccessEnvelope<ChargeChange>>(path(shipmentId, "accept"));
  if (input.action === "dispute") {
    return api.post<SuccessEnvelope<ChargeChange>>(path(shipmentId, "dispute"), {
      reason: input.reason,
    });
  }
  return api.post<SuccessEnvelope<ChargeChange>>(path(shipmentId, "decide"), input.decision);
}

/**
 * The seller's Accept or Dispute, an admin's Decide. The answer is the changed charge change; a
 * decision also changes the order's final amount, so the order and its lists are read again.
 */
export function useAnswerChargeChange(shipmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChargeChangeAnswer) => answer(shipmentId, input),
    onSuccess: async (res) => {
      queryClient.setQueryData(chargeChangeKeys.of(shipmentId), res.data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chargeChangeKeys.disputes() }),
        shipmentChanged.order(queryClient, shipmentId),
      ]);
    },
  });
}
