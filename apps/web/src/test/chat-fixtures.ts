import { NO_CHAT_ADMIN, type ChatHistory, type ChatMessage } from "@fba/contract";

export const seller = { id: 1, first_name: "Sally", last_name: "Seller", image: null };
export const agent = { id: 2, first_name: "Alex", last_name: "Agent", image: null };

let nextId = 100;
export function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  nextId += 1;
  return {
    id: nextId,
    content: "Hello",
    sender_type: "Seller",
    sender: { id: seller.id, first_name: seller.first_name, last_name: seller.last_name },
    timestamp: "2026-11-20T10:00:00.000Z",
    edited_at: null,
    attachment: null,
    parent: null,
    reactions: [],
    read_by: [seller.id],
    is_read: false,
    ...overrides,
  };
}

export function history(messages: ChatMessage[] = []): ChatHistory {
  return { messages, seller, shipper: agent, admin: { ...NO_CHAT_ADMIN } };
}
