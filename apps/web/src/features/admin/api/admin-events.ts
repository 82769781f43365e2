import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EventRetry, ParkedEvents, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { adminKeys } from "./keys";

export function getParkedEvents(signal?: AbortSignal) {
  return api.get<SuccessEnvelope<ParkedEvents>>("admin/events/parked/", {}, signal);
}

/** Events whose consequences kept failing, and the delivery queue's size. */
export function useParkedEvents() {
  return useQuery({
    queryKey: adminKeys.parkedEvents(),
    queryFn: ({ signal }) => getParkedEvents(signal),
    select: (res) => res.data,
  });
}

export function retryEvent(id: number) {
  return api.post<SuccessEnvelope<EventRetry>>(`admin/events/${id}/retry/`, {});
}

/** Puts a parked event back in line for delivery. */
export function useRetryEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => retryEvent(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.parkedEvents() }),
  });
}
