import { z } from "zod";
import { idSchema, SENDER_TYPES } from "./common.js";

/** Every chat text the server sends back; the web shows them as they are. */
export const chatMessages = {
  emptyChat:
    "No messages yet - Messages will appear here once they are placed. Check back later for updates.",
  messageRequired: "Message cannot be empty",
  messageTooLong: "Message cannot exceed 5000 characters",
  reactionRequired: "Reaction is required",
  reactionTooLong: "Reaction cannot exceed 32 characters",
  notAuthorisedChat: "You are not authorised to view this chat",
  chatClosed: "Chat is available only when the status is Quotation Accepted.",
  messageNotFound: "Message not found",
  replyTargetNotFound: "The message you are replying to does not exist",
  notAuthor: "You can only change your own messages",
  alreadyRead: "This message has already been read and can no longer be changed",
  attachmentNotFound: "Attachment not found",
  attachmentNotAuthorised: "You are not authorised to view this attachment",
  attachmentAlreadyUsed: "This attachment has already been sent",
  clientIdUsed: "This client_id was already used for another message",
  attachmentRequired: "Attachment is required",
  attachmentTooLarge: "File is too large. The limit is 25 MB",
  attachmentUnsupported: "Unsupported file format",
  attachmentQuotaExceeded:
    "Too many attachments are waiting to be sent. Send them in a chat, or try again in a few hours.",
  shipmentNotFound: "Shipment not found",
  sampleNotFound: "Sample shipment not found",
} as const;

export const CHAT_MESSAGE_MAX_LENGTH = 5000;
export const CHAT_REACTION_MAX_LENGTH = 32;
/** The history endpoint returns at most this many messages per call; `after_id` pages forward. */
export const CHAT_HISTORY_LIMIT = 1000;
// Image subtypes the chat previews inline (constants.ts: no schema library).
export { CHAT_PREVIEW_IMAGE_TYPES } from "./constants.js";

const senderTypeSchema = z.enum(SENDER_TYPES);

export const chatUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

export const chatPartySchema = chatUserSchema.extend({ image: z.string().nullable() });
export type ChatParty = z.infer<typeof chatPartySchema>;

export const chatAttachmentSchema = z.object({
  id: z.number().int(),
  /** A short-lived signed URL for the bytes; ask GET /chat/attachment/{id}/ for a fresh one. */
  attachment: z.string(),
  file_name: z.string(),
  file_type: z.string(),
  file_size: z.string(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatReactionSchema = z.object({
  message: z.number().int(),
  user: chatUserSchema,
  reaction: z.string(),
});
export type ChatReaction = z.infer<typeof chatReactionSchema>;

const chatMessageBaseSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  sender_type: senderTypeSchema,
  sender: chatUserSchema,
  timestamp: z.string(),
  edited_at: z.string().nullable(),
  attachment: chatAttachmentSchema.nullable(),
  reactions: z.array(chatReactionSchema),
  /** User ids who have read the message; the sender is always included. */
  read_by: z.array(z.number().int()),
  /** True once someone other than the sender has read it (edit and delete then close). */
  is_read: z.boolean(),
});

/** The replied-to message is quoted one level deep (its own parent is always null). */
export const chatParentMessageSchema = chatMessageBaseSchema.extend({ parent: z.null() });
export const chatMessageSchema = chatMessageBaseSchema.extend({
  parent: chatParentMessageSchema.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * The history's `admin` until an admin has posted: an object with id 0 and empty fields, never
 * null, because the existing client reads `admin.first_name` unguarded.
 */
export const NO_CHAT_ADMIN = { id: 0, first_name: "", last_name: "", image: null } as const;

export const chatHistorySchema = z.object({
  messages: z.array(chatMessageSchema),
  seller: chatPartySchema.nullable(),
  shipper: chatPartySchema.nullable(),
  /** The admin who posted last, or NO_CHAT_ADMIN (id 0) when none has. */
  admin: chatPartySchema,
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** `after_id`: only messages newer than this id (backfill after a reconnect). */
export const chatHistoryQuerySchema = z.object({
  after_id: z.preprocess(emptyToUndefined, idSchema.optional()),
});

export const chatShipmentParamsSchema = z.object({ shipment_id: idSchema });
export const chatSampleParamsSchema = z.object({ id: idSchema });
