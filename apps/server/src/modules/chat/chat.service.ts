import type { FastifyBaseLogger } from "fastify";
import {
  CHAT_HISTORY_LIMIT,
  NO_CHAT_ADMIN,
  chatMessages as texts,
  type ChatHistory,
  type ChatMessage,
} from "@fba/contract";
import type { Db, DbOrTx } from "../../db/client.js";
import { inCauses, isUniqueViolation } from "../../db/errors.js";
import { AppError } from "../../lib/errors.js";
import type { DomainEvents, EventBus } from "../../lib/events.js";
import type { FileStorage } from "../../lib/storage.js";
import { releaseStorage, type StorageQuota } from "../auth/index.js";
import type { AuthUser } from "../../lib/principal.js";
import { type AttachmentQuota } from "./attachment-quota.js";
import type { AttachmentUrlSigner } from "./attachment-urls.js";
import {
  canChangeMessage,
  claimsSampleByWriting,
  isChatOpen,
  isChatParty,
  notificationRecipients,
  type ChatFacts,
} from "./chat.policy.js";
import { presentMessage, presentParty, presentReaction } from "./chat.presenter.js";
import * as attachmentsRepo from "./attachments.repository.js";
import * as repo from "./chat.repository.js";
import type { AttachmentRow, ChatRef, MessageRow } from "./chat.repository.js";
import { ChatAttachments } from "./chat-attachments.js";

type Poster = Pick<AuthUser, "id" | "group">;

export interface ChatServiceDeps {
  db: Db;
  events: EventBus;
  storage: FileStorage;
  signer: AttachmentUrlSigner;
  publicUrl: string;
  log: FastifyBaseLogger;
  /**
   * Claims an unclaimed sample for the agent (or confirms it is theirs) inside the write's
   * transaction; false when another agent has it. Sample shipments own the rule.
   */
  claimSample: (tx: DbOrTx, sampleId: number, agentId: number) => Promise<boolean>;
  /** Limits on uploaded attachments not yet sent; none when absent. */
  attachmentQuota?: AttachmentQuota;
  /** The uploader's storage total across every upload route. */
  storageQuota: StorageQuota;
}

export interface NewMessage {
  content: string;
  attachmentId: number | null;
  replyToId: number | null;
  /** The sender's own id for the message: sent again with it, the message is stored once. */
  clientId?: string | null;
}

/** A posted message; `duplicate` when it was stored before under the same client_id. */
export interface PostedMessage {
  message: ChatMessage & { client_id?: string };
  duplicate: boolean;
}

const NOTIFICATION_TEXT_MAX = 500;
const POSTER_CACHE_TTL_MS = 60_000;
const POSTER_CACHE_MAX = 10_000;

/**
 * Chat use cases for both transports (HTTP history, socket actions). Every change is written to
 * the database first and announced as an event only after it committed, so a frame never shows
 * something the history endpoint would not.
 */
export class ChatService {
  /** Uploads and reads of attachments (chat-attachments.ts); after sending, for the chat's parties. */
  readonly attachments: ChatAttachments;

  constructor(private readonly deps: ChatServiceDeps) {
    this.attachments = new ChatAttachments(deps, (chat) => this.findChat(chat));
  }

  private get db(): Db {
    return this.deps.db;
  }

  private readonly urlFor = (attachment: AttachmentRow) => this.deps.signer.url(attachment.id);

  /** The chat's facts, or null when it does not exist. */
  findChat(chat: ChatRef): Promise<ChatFacts | null> {
    return chat.kind === "shipment"
      ? repo.findShipmentChat(this.db, chat.id)
      : repo.findSampleChat(this.db, chat.id);
  }

  /** 404 for an unknown chat, 403 for someone who is not a party to it. */
  async requireParty(user: AuthUser, chat: ChatRef): Promise<ChatFacts> {
    const facts = await this.findChat(chat);
    if (!facts) {
      throw AppError.notFound(
        chat.kind === "shipment" ? texts.shipmentNotFound : texts.sampleNotFound,
      );
    }
    if (!isChatParty(user, facts)) throw notAuthorisedChat();
    return facts;
  }

  /**
   * Runs a write in the chat. An agent's first write in an unclaimed sample's chat claims the
   * sample in the same transaction: of two agents racing, exactly one gets it and the other is
   * refused as a non-party, and nothing is written for the loser.
   */
  private async writeAsParty<T>(
    user: AuthUser,
    facts: ChatFacts,
    write: (db: DbOrTx) => Promise<T>,
  ): Promise<T> {
    if (!claimsSampleByWriting(user, facts)) return write(this.db);
    const result = await this.db.transaction(async (tx) => {
      if (!(await this.deps.claimSample(tx, facts.id, user.id))) throw notAuthorisedChat();
      return write(tx);
    });
    facts.agentId = user.id;
    this.deps.events.emit("sample.claimed", {
      sampleId: facts.id,
      sellerId: facts.sellerId,
      agentId: user.id,
    });
    return result;
  }

  private async requireOpenChat(user: AuthUser, chat: ChatRef): Promise<ChatFacts> {
    const facts = await this.requireParty(user, chat);
    if (!isChatOpen(facts)) throw AppError.conflict(texts.chatClosed);
    return facts;
  }

  async history(user: AuthUser, chat: ChatRef, afterId: number | undefined): Promise<ChatHistory> {
    const facts = await this.requireParty(user, chat);
    const rows = await repo.listMessages(this.db, chat, afterId, CHAT_HISTORY_LIMIT);
    const [messages, posters] = await Promise.all([
      this.present(chat, rows),
      repo.participants(this.db, chat),
    ]);
    const latestBy = (group: "Shipper" | "Admin") =>
      posters.filter((p) => p.group === group).sort((a, b) => b.lastId - a.lastId)[0]?.userId;
    const shipperId = facts.agentId ?? latestBy("Shipper");
    const adminId = latestBy("Admin");
    const partyIds = [facts.sellerId, shipperId, adminId].filter(
      (id): id is number => id !== undefined,
    );
    const people = new Map((await repo.usersByIds(this.db, partyIds)).map((row) => [row.id, row]));
    const party = (id: number | undefined) =>
      presentParty(id === undefined ? undefined : people.get(id), this.deps.publicUrl);
    return {
      messages,
      seller: party(facts.sellerId),
      shipper: party(shipperId),
      admin: party(adminId) ?? { ...NO_CHAT_ADMIN },
    };
  }

  /** Rows -> contract messages, with reactions, read receipts and quoted parents. */
  private async present(
    chat: ChatRef,
    rows: MessageRow[],
    db: DbOrTx = this.db,
  ): Promise<ChatMessage[]> {
    if (rows.length === 0) return [];
    const known = new Map(rows.map((row) => [row.id, row]));
    const missingParents = [
      ...new Set(rows.map((row) => row.parentId).filter((id): id is number => id !== null)),
    ].filter((id) => !known.has(id));
    const extraParents = await repo.messagesByIds(db, missingParents);
    const parents = new Map(known);
    for (const row of extraParents) parents.set(row.id, row);
    const [reactions, cursors] = await Promise.all([
      repo.reactionsFor(db, [...parents.keys()]),
      repo.readCursors(db, chat),
    ]);
    const context = { reactions, cursors, parents, urlFor: this.urlFor };
    return rows.map((row) => presentMessage(row, context));
  }

  async sendMessage(user: AuthUser, chat: ChatRef, input: NewMessage): Promise<ChatMessage> {
    return (await this.postMessage(user, chat, input)).message;
  }

  /** The sender's message stored before under `clientId`, as the chat shows it. */
  private async sentBefore(
    user: AuthUser,
    chat: ChatRef,
    clientId: string,
  ): Promise<PostedMessage | null> {
    const row = await repo.findMessageByClientId(this.db, chat, user.id, clientId);
    if (!row) return null;
    const [message] = await this.present(chat, [row]);
    return message ? { message: { ...message, client_id: clientId }, duplicate: true } : null;
  }

  /**
   * Stores and announces a new message. With a client_id already used by this sender in this chat
   * nothing is stored or announced again: the stored message comes back as a duplicate (also when
   * the chat closed since, so a late retry learns that its message did arrive).
   */
  async postMessage(user: AuthUser, chat: ChatRef, input: NewMessage): Promise<PostedMessage> {
    const clientId = input.clientId ?? null;
    const facts = await this.requireParty(user, chat);
    if (clientId !== null) {
      const earlier = await this.sentBefore(user, chat, clientId);
      if (earlier) return earlier;
    }
    if (!isChatOpen(facts)) throw AppError.conflict(texts.chatClosed);
    const content = input.content.trim();
    if (!content && input.attachmentId === null) throw AppError.badRequest(texts.messageRequired);

    let parent: MessageRow | null = null;
    if (input.replyToId !== null) {
      parent = await repo.findMessageInChat(this.db, chat, input.replyToId);
      if (!parent) throw AppError.notFound(texts.replyTargetNotFound);
    }
    let attachment: AttachmentRow | null = null;
    if (input.attachmentId !== null) {
      const found = await attachmentsRepo.findAttachment(this.db, input.attachmentId);
      // Someone else's upload looks exactly like a missing one.
      if (!found || found.uploaderId !== user.id) throw AppError.notFound(texts.attachmentNotFound);
      if (found.chat) throw AppError.conflict(texts.attachmentAlreadyUsed);
      attachment = found;
    }

    const rowOf = (inserted: { id: number; createdAt: Date }): MessageRow => ({
      id: inserted.id,
      shipmentId: chat.kind === "shipment" ? chat.id : null,
      sampleShipmentId: chat.kind === "sample" ? chat.id : null,
      senderId: user.id,
      senderType: user.group,
      senderFirstName: user.firstName,
      senderLastName: user.lastName,
      content,
      parentId: parent?.id ?? null,
      createdAt: inserted.createdAt,
      editedAt: null,
      attachment,
    });
    // Who hears of it, as the chat's parties will be once it is stored (an agent's first message
    // in an open sample's chat claims the sample).
    const recipientIds = notificationRecipients(
      { ...facts, agentId: claimsSampleByWriting(user, facts) ? user.id : facts.agentId },
      user.id,
      await this.posters(facts, user),
    );
    let inserted: { id: number; createdAt: Date };
    let announced: DomainEvents["chat.message_created"] | null = null;
    try {
      const values = {
        chat,
        senderId: user.id,
        senderType: user.group,
        content,
        parentId: parent?.id ?? null,
        attachmentId: attachment?.id ?? null,
      };
      inserted = await this.writeAsParty(user, facts, (db) =>
        db.transaction(async (tx) => {
          const row = await repo.insertMessage(tx, values);
          if (clientId !== null) {
            await repo.insertClientId(tx, { senderId: user.id, clientId, messageId: row.id });
          }
          // The notifications' event, committed with the message.
          if (recipientIds.length > 0) {
            const stored = rowOf(row);
            announced = await this.deps.events.record(tx, "chat.message_created", {
              kind: facts.kind,
              chatId: facts.id,
              messageId: row.id,
              senderId: user.id,
              senderName: senderName(stored),
              text: notificationText(stored),
              recipientIds,
            });
          }
          return row;
        }),
      );
    } catch (error) {
      if (clientId !== null && isUniqueViolation(error)) {
        // The same message sent twice at once (two tabs, a retry racing the first try).
        const earlier = await this.sentBefore(user, chat, clientId);
        if (earlier) return earlier;
        if (!attachment) throw AppError.conflict(texts.clientIdUsed);
      }
      // The unique index on attachment_id settles two concurrent sends of one upload.
      if (attachment && isUniqueViolation(error))
        throw AppError.conflict(texts.attachmentAlreadyUsed);
      // Removed as never sent (it reached the unsent-attachment age) while this send ran.
      if (attachment && isForeignKeyViolation(error, "attachment_id"))
        throw AppError.notFound(texts.attachmentNotFound);
      throw error;
    }

    const row = rowOf(inserted);
    const parents = new Map<number, MessageRow>();
    if (parent) parents.set(parent.id, parent);
    const [parentReactions, cursors] = parent
      ? await Promise.all([
          repo.reactionsFor(this.db, [parent.id]),
          repo.readCursors(this.db, chat),
        ])
      : [[], []];
    const message = {
      ...presentMessage(row, {
        reactions: parentReactions,
        cursors,
        parents,
        urlFor: this.urlFor,
      }),
      ...(clientId === null ? {} : { client_id: clientId }),
    };
    this.deps.events.emit("chat.message_posted", {
      chat,
      parties: { sellerId: facts.sellerId, agentId: facts.agentId },
      message,
      isReply: parent !== null,
    });
    if (announced) this.deps.events.emit("chat.message_created", announced);
    return { message, duplicate: false };
  }

  /**
   * Everyone who has written in a chat, with their group. The set only grows, so a short-lived
   * per-instance cache is safe: a poster that another instance added shows up here within the TTL.
   */
  private async posters(chat: ChatRef, sender: AuthUser): Promise<Poster[]> {
    const key = `${chat.kind}:${chat.id}`;
    const now = Date.now();
    let entry = this.posterCache.get(key);
    if (!entry || now - entry.at > POSTER_CACHE_TTL_MS) {
      const rows = await repo.participants(this.db, chat);
      entry = { groups: new Map(rows.map((p) => [p.userId, p.group])), at: now };
      if (this.posterCache.size >= POSTER_CACHE_MAX) this.posterCache.clear();
      this.posterCache.set(key, entry);
    }
    entry.groups.set(sender.id, sender.group);
    return [...entry.groups].map(([id, group]) => ({ id, group }));
  }

  private readonly posterCache = new Map<
    string,
    { groups: Map<number, AuthUser["group"]>; at: number }
  >();

  private async requireChangeableMessage(
    user: AuthUser,
    chat: ChatRef,
    messageId: number,
  ): Promise<MessageRow> {
    const message = await repo.findMessageInChat(this.db, chat, messageId);
    if (!message) throw AppError.notFound(texts.messageNotFound);
    const readByOthers =
      message.senderId === user.id &&
      (await repo.isReadByOthers(this.db, chat, message.id, message.senderId));
    const verdict = canChangeMessage(user, message, readByOthers);
    if (verdict === "not-author") throw AppError.forbidden(texts.notAuthor);
    if (verdict === "already-read") throw AppError.conflict(texts.alreadyRead);
    return message;
  }

  async editMessage(
    user: AuthUser,
    chat: ChatRef,
    messageId: number,
    newContent: string,
  ): Promise<ChatMessage> {
    await this.requireOpenChat(user, chat);
    const content = newContent.trim();
    const message = await this.requireChangeableMessage(user, chat, messageId);
    if (!content && !message.attachment) throw AppError.badRequest(texts.messageRequired);
    // The notifications' rewrite is committed with the edit.
    const staged = this.deps.events.staged();
    const presented = await this.db.transaction(async (tx) => {
      await repo.updateMessageContent(tx, message.id, content);
      const updated = await repo.findMessageInChat(tx, chat, message.id);
      if (!updated) throw AppError.notFound(texts.messageNotFound);
      const [shown] = await this.present(chat, [updated], tx);
      if (!shown) throw AppError.notFound(texts.messageNotFound);
      await staged.record(tx, "chat.message_edited", {
        chat,
        message: shown,
        senderName: senderName(updated),
        text: notificationText(updated),
      });
      return shown;
    });
    staged.emit();
    return presented;
  }

  async deleteMessage(user: AuthUser, chat: ChatRef, messageId: number): Promise<void> {
    const facts = await this.requireOpenChat(user, chat);
    const message = await this.requireChangeableMessage(user, chat, messageId);
    // The notifications' rewrite is committed with the removal.
    const staged = this.deps.events.staged();
    await this.db.transaction(async (tx) => {
      await repo.deleteMessage(tx, message.id);
      if (message.attachment) {
        const removed = await attachmentsRepo.deleteAttachment(tx, message.attachment.id);
        if (removed) await releaseStorage(tx, removed.uploaderId, removed.sizeBytes);
      }
      await staged.record(tx, "chat.message_deleted", {
        chat,
        parties: { sellerId: facts.sellerId, agentId: facts.agentId },
        messageId: message.id,
        senderName: senderName(message),
      });
    });
    if (message.attachment) {
      await this.deps.storage
        .remove(message.attachment.storageKey)
        .catch((error: unknown) =>
          this.deps.log.warn({ err: error }, "attachment file removal failed"),
        );
    }
    staged.emit();
  }

  async addReaction(
    user: AuthUser,
    chat: ChatRef,
    messageId: number,
    reaction: string,
  ): Promise<void> {
    const facts = await this.requireOpenChat(user, chat);
    const message = await repo.findMessageInChat(this.db, chat, messageId);
    if (!message) throw AppError.notFound(texts.messageNotFound);
    await this.writeAsParty(user, facts, (db) =>
      repo.upsertReaction(db, message.id, user.id, reaction),
    );
    this.deps.events.emit("chat.reaction_added", {
      chat,
      reaction: presentReaction({
        messageId: message.id,
        userId: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        reaction,
      }),
    });
  }

  /** Marks everything in the chat read for the user; repeated calls change nothing. */
  async markRead(user: AuthUser, chat: ChatRef): Promise<boolean> {
    await this.requireParty(user, chat);
    const latest = await repo.latestMessageId(this.db, chat);
    if (latest === null) return false;
    const advanced = await repo.advanceReadCursor(this.db, user.id, chat, latest);
    if (advanced) {
      this.deps.events.emit("chat.read", { chat, userId: user.id });
    }
    return advanced;
  }
}

function senderName(row: MessageRow): string {
  return `${row.senderFirstName} ${row.senderLastName}`.trim();
}

/** What a notification quotes of a message: its text, or the attached file's name. */
function notificationText(row: MessageRow): string {
  const text =
    row.content || (row.attachment ? `${row.attachment.fileName}.${row.attachment.fileType}` : "");
  // Cut between characters, not inside a surrogate pair (an emoji's halves).
  return Array.from(text).slice(0, NOTIFICATION_TEXT_MAX).join("");
}

function notAuthorisedChat(): AppError {
  return new AppError("FORBIDDEN", texts.notAuthorisedChat, [{ message: texts.notAuthorisedChat }]);
}

function isForeignKeyViolation(error: unknown, column: string): boolean {
  return inCauses(
    error,
    (candidate) =>
      candidate.code === "23503" &&
      typeof candidate.constraint === "string" &&
      candidate.constraint.includes(column),
  );
}
