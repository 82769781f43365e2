import {
  formatFileSize,
  type ChatAttachment,
  type ChatMessage,
  type ChatParty,
  type ChatReaction,
} from "@fba/contract";
import { avatarUrl } from "../users/index.js";
import type {
  AttachmentRow,
  MessageRow,
  PartyRow,
  ReactionRow,
  ReadCursor,
} from "./chat.repository.js";

export type AttachmentUrlFor = (attachment: AttachmentRow) => string;

export function presentAttachment(row: AttachmentRow, urlFor: AttachmentUrlFor): ChatAttachment {
  return {
    id: row.id,
    attachment: urlFor(row),
    file_name: row.fileName,
    file_type: row.fileType,
    file_size: formatFileSize(row.sizeBytes),
  };
}

export function presentReaction(row: ReactionRow): ChatReaction {
  return {
    message: row.messageId,
    user: { id: row.userId, first_name: row.firstName, last_name: row.lastName },
    reaction: row.reaction,
  };
}

export interface MessageContext {
  reactions: ReactionRow[];
  cursors: ReadCursor[];
  /** Replied-to messages by id (absent when the parent was deleted). */
  parents: Map<number, MessageRow>;
  urlFor: AttachmentUrlFor;
}

function readBy(row: MessageRow, cursors: ReadCursor[]): number[] {
  const ids = [row.senderId];
  for (const cursor of cursors) {
    if (cursor.userId !== row.senderId && cursor.lastReadMessageId >= row.id) {
      ids.push(cursor.userId);
    }
  }
  return ids;
}

function presentBase(row: MessageRow, context: MessageContext): Omit<ChatMessage, "parent"> {
  const reactions = context.reactions.filter((r) => r.messageId === row.id).map(presentReaction);
  const read = readBy(row, context.cursors);
  return {
    id: row.id,
    content: row.content,
    sender_type: row.senderType,
    sender: { id: row.senderId, first_name: row.senderFirstName, last_name: row.senderLastName },
    timestamp: row.createdAt.toISOString(),
    edited_at: row.editedAt ? row.editedAt.toISOString() : null,
    attachment: row.attachment ? presentAttachment(row.attachment, context.urlFor) : null,
    reactions,
    read_by: read,
    is_read: read.length > 1,
  };
}

export function presentMessage(row: MessageRow, context: MessageContext): ChatMessage {
  const parentRow = row.parentId !== null ? context.parents.get(row.parentId) : undefined;
  return {
    ...presentBase(row, context),
    parent: parentRow ? { ...presentBase(parentRow, context), parent: null } : null,
  };
}

export function presentParty(row: PartyRow | undefined, publicUrl: string): ChatParty | null {
  if (!row) return null;
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    image: avatarUrl(publicUrl, row),
  };
}
