import { z } from "zod";
import { text } from "./text.js";
import { idSchema } from "./common.js";
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_REACTION_MAX_LENGTH,
  chatMessages,
  chatMessageSchema,
  chatReactionSchema,
} from "./chat.js";
import { notificationSchema } from "./notifications.js";
import { announcementSchema } from "./announcements.js";

// Socket paths and close codes live in constants.ts (no schema library), re-exported here.
export { WS_CLOSE_CODES, wsPaths } from "./constants.js";

/** Hard limits of one socket. */
export const WS_MAX_PAYLOAD_BYTES = 64 * 1024;

export const realtimeMessages = {
  invalidJson: "Invalid message: not JSON",
  invalidFrame: "Invalid message",
  unknownAction: "Unknown action",
  wrongChannel: "This action is not available on this channel",
  rateLimited: "Too many messages, slow down",
  failed: "Something went wrong",
} as const;

// user_id and sender_type are accepted for compatibility and never trusted: the server always
// uses the authenticated user.
const ignored = z.unknown().optional();

const messageText = text({ error: chatMessages.messageRequired }).max(
  CHAT_MESSAGE_MAX_LENGTH,
  chatMessages.messageTooLong,
);
const optionalAttachment = z.preprocess(
  (value) => (value === "" || value === undefined ? null : value),
  idSchema.nullable(),
);

/**
 * A sender's own id for one message, chosen before it is sent: a message sent again with the same
 * id (after a dropped connection or a reload) is stored once, and the sender is answered with the
 * stored copy. Optional, so clients that never send one work as before.
 */
export const CHAT_CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const chatClientIdSchema = z
  .string()
  .regex(CHAT_CLIENT_ID_PATTERN, "client_id must be 8 to 64 letters, digits, - or _");

const sendMessageFrameSchema = z.object({
  action: z.literal("send_message"),
  message: messageText.optional().default(""),
  attachment: optionalAttachment,
  client_id: chatClientIdSchema.optional(),
  user_id: ignored,
  sender_type: ignored,
});
const replyToThreadFrameSchema = sendMessageFrameSchema.extend({
  action: z.literal("reply_to_thread"),
  reply_to_id: idSchema,
});
const editMessageFrameSchema = z.object({
  action: z.literal("edit_message"),
  message_id: idSchema,
  new_content: messageText,
  user_id: ignored,
});
const deleteMessageFrameSchema = z.object({
  action: z.literal("delete_message"),
  message_id: idSchema,
  user_id: ignored,
});
const addReactionFrameSchema = z.object({
  action: z.literal("add_reaction"),
  message_id: idSchema,
  reaction: text({ error: chatMessages.reactionRequired })
    .trim()
    .min(1, { error: chatMessages.reactionRequired, abort: true })
    .max(CHAT_REACTION_MAX_LENGTH, chatMessages.reactionTooLong),
  user_id: ignored,
});
const markReadFrameSchema = z.object({
  action: z.literal("mark_read"),
  // The socket is already bound to one chat; this id is informational.
  shipment_id: ignored,
  user_id: ignored,
});
const markNotificationReadFrameSchema = z.object({
  action: z.literal("mark_notification_read"),
  notification_id: idSchema,
  user_id: ignored,
});

export const clientFrameSchema = z.discriminatedUnion("action", [
  sendMessageFrameSchema,
  replyToThreadFrameSchema,
  editMessageFrameSchema,
  deleteMessageFrameSchema,
  addReactionFrameSchema,
  markReadFrameSchema,
  markNotificationReadFrameSchema,
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
export type ClientFrameInput = z.input<typeof clientFrameSchema>;
export const CLIENT_ACTIONS = [
  "send_message",
  "reply_to_thread",
  "edit_message",
  "delete_message",
  "add_reaction",
  "mark_read",
  "mark_notification_read",
] as const;
export type ClientAction = (typeof CLIENT_ACTIONS)[number];

const frame = <E extends string, D extends z.ZodType>(eventType: E, data: D) =>
  z.object({ event_type: z.literal(eventType), data });

/** A new message as broadcast: with the sender's client_id when its frame carried one. */
export const sentMessageEventSchema = chatMessageSchema.extend({
  client_id: z.string().optional(),
});

export const serverEventSchema = z.discriminatedUnion("event_type", [
  frame("message_sent", sentMessageEventSchema),
  frame("message_replied", sentMessageEventSchema),
  frame("message_edited", chatMessageSchema),
  frame("message_deleted", z.object({ id: z.number().int() })),
  frame("reaction_added", chatReactionSchema),
  frame("message_read", z.object({ user: z.number().int() })),
  frame("notification_read", z.object({ id: z.number().int() })),
  frame("send_notification", notificationSchema),
  /** A stored notification's text changed (the chat message it quoted was deleted). */
  frame("notification_updated", notificationSchema),
  frame("announcement_created", announcementSchema),
  /** An admin removed an announcement: lists and bells drop it (and its notifications). */
  frame("announcement_removed", z.object({ id: z.number().int() })),
  frame("unread_count", z.object({ count: z.number().int() })),
  frame(
    "error",
    z.object({
      message: z.string(),
      /** The refused frame's action and message, when it named them (so a client can tell which). */
      action: z.string().optional(),
      message_id: z.number().int().optional(),
      /** The refused send's client_id, when its frame carried one. */
      client_id: z.string().optional(),
    }),
  ),
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ServerEventType = ServerEvent["event_type"];
/** The data of one server event type. */
export type ServerEventData<T extends ServerEventType> = Extract<
  ServerEvent,
  { event_type: T }
>["data"];
