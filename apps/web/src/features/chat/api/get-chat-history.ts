import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { orderRequests } from "../../../entities/shipment/api/requests";
import type { ChatHistory } from "@fba/contract";
import type { ChatKind } from "../../../lib/open-chats";

export function chatHistoryPath(kind: ChatKind, id: number): string {
  return kind === "sample" ? `chat/sample-shipment-messages/${id}/` : orderRequests.chat(id).path;
}

export const chatHistoryKey = (kind: ChatKind, id: number) => ["chat", kind, id] as const;

export async function getChatHistory(
  kind: ChatKind,
  id: number,
  signal?: AbortSignal,
): Promise<ChatHistory> {
  const res = await api.get<SuccessEnvelope<ChatHistory>>(
    chatHistoryPath(kind, id),
    undefined,
    signal,
  );
  return res.data;
}

export const chatHistoryQueryOptions = (kind: ChatKind, id: number) =>
  queryOptions({
    queryKey: chatHistoryKey(kind, id),
    queryFn: ({ signal }) => getChatHistory(kind, id, signal),
    // The socket keeps this fresh; refetching on its own would only race the live events.
    staleTime: Infinity,
  });

export function useChatHistory(kind: ChatKind, id: number) {
  return useQuery(chatHistoryQueryOptions(kind, id));
}
