import { WS_CLOSE_CODES, type ServerEvent } from "@fba/contract";
import type { EventBus } from "../../lib/events.js";
import type { AuthUser } from "../../lib/principal.js";
import { rooms } from "../../realtime/hub.js";
import {
  parseSocketId,
  socketAction,
  type SocketEndpoint,
  type SocketRegistration,
  type SocketScope,
} from "../../realtime/sockets.js";
import { isChatParty, type ChatKind } from "./chat.policy.js";
import type { ChatService } from "./chat.service.js";

/** The chat's socket endpoints and actions, registered with the gateway like routes. */
export function chatSockets(chat: ChatService): SocketRegistration {
  const endpoint = (path: string, kind: ChatKind, param: string): SocketEndpoint => ({
    path,
    channel: "chat",
    admit: async (user, params) => {
      const id = parseSocketId(params[param]);
      if (id === null || !user)
        return { refuse: { code: WS_CLOSE_CODES.notFound, reason: "Chat not found" } };
      const ref: SocketScope = { kind, id };
      const facts = await chat.findChat(ref);
      if (!facts) return { refuse: { code: WS_CLOSE_CODES.notFound, reason: "Chat not found" } };
      if (!isChatParty(user, facts)) {
        return { refuse: { code: WS_CLOSE_CODES.forbidden, reason: "Not a party to this chat" } };
      }
      return { rooms: [rooms.chat(ref)], scope: ref };
    },
    staysAdmitted: (user, parties) => isChatParty(user, parties),
  });

  const inChat = { channels: ["chat"] } as const;
  const send = async (
    frame: {
      message: string;
      attachment: number | null;
      reply_to_id: number | null;
      client_id?: string | undefined;
    },
    user: AuthUser,
    scope: SocketScope | null,
    reply: (event: ServerEvent) => void,
  ) => {
    const posted = await chat.postMessage(user, scopeOf(scope), {
      content: frame.message,
      attachmentId: frame.attachment,
      replyToId: frame.reply_to_id,
      clientId: frame.client_id ?? null,
    });
    // Stored before under this client_id: only the sender hears about it again, as it was sent.
    if (posted.duplicate) {
      const { message } = posted;
      reply({ event_type: message.parent ? "message_replied" : "message_sent", data: message });
    }
  };
  return {
    endpoints: [
      endpoint("/ws/group-chat/:shipment_id", "shipment", "shipment_id"),
      endpoint("/ws/sample-shipment-chat/:id", "sample", "id"),
    ],
    actions: [
      socketAction({
        action: "send_message",
        ...inChat,
        budgeted: true,
        handle: (frame, user, scope, reply) =>
          send({ ...frame, reply_to_id: null }, user, scope, reply),
      }),
      socketAction({
        action: "reply_to_thread",
        ...inChat,
        budgeted: true,
        handle: send,
      }),
      socketAction({
        action: "edit_message",
        ...inChat,
        budgeted: true,
        handle: async (frame, user, scope) => {
          await chat.editMessage(user, scopeOf(scope), frame.message_id, frame.new_content);
        },
      }),
      socketAction({
        action: "delete_message",
        ...inChat,
        budgeted: true,
        handle: (frame, user, scope) => chat.deleteMessage(user, scopeOf(scope), frame.message_id),
      }),
      socketAction({
        action: "add_reaction",
        ...inChat,
        budgeted: true,
        handle: (frame, user, scope) =>
          chat.addReaction(user, scopeOf(scope), frame.message_id, frame.reaction),
      }),
      socketAction({
        action: "mark_read",
        ...inChat,
        handle: async (_frame, user, scope) => {
          await chat.markRead(user, scopeOf(scope));
        },
      }),
    ],
  };
}

/** Chat actions are only taken on a chat channel, whose sockets always have a scope. */
function scopeOf(scope: SocketScope | null): SocketScope {
  if (!scope) throw new Error("chat action without a chat");
  return scope;
}

/**
 * Sockets are authorised when they connect; when a chat's parties change afterwards (another
 * winner, a claimed sample) the change is announced, so the sockets of those who are no longer
 * parties close on every instance. A declined or cancelled bid changes no party: its agent keeps
 * the read-only history.
 */
export function registerChatPartyListeners(events: EventBus, chat: ChatService): void {
  events.on("sample.claimed", ({ sampleId, sellerId, agentId }) =>
    events.emit("chat.parties_changed", { kind: "sample", id: sampleId, sellerId, agentId }),
  );
  const recheckShipmentChat = async ({ shipmentId }: { shipmentId: number }) => {
    const facts = await chat.findChat({ kind: "shipment", id: shipmentId });
    if (facts) {
      const { kind, id, sellerId, agentId } = facts;
      events.emit("chat.parties_changed", { kind, id, sellerId, agentId });
    }
  };
  events.on("bidding.closed", recheckShipmentChat);
}
