import type { Readable } from "node:stream";
import { chatMessages as texts, type ChatAttachment } from "@fba/contract";
import type { Db } from "../../db/client.js";
import type { FileStorage } from "../../lib/storage.js";
import type { StorageQuota } from "../auth/index.js";
import { AppError } from "../../lib/errors.js";
import type { AuthUser } from "../../lib/principal.js";
import { displayName } from "../../lib/file-serving.js";
import { detectFile } from "./attachment-files.js";
import { assertUnsentRoom, type AttachmentQuota } from "./attachment-quota.js";
import type { AttachmentUrlSigner } from "./attachment-urls.js";
import { findAttachment, insertAttachment, lockUploader } from "./attachments.repository.js";
import { isChatParty, type ChatFacts } from "./chat.policy.js";
import { presentAttachment } from "./chat.presenter.js";
import type { AttachmentRow, ChatRef } from "./chat.repository.js";

/** What attachments need of the chat's dependencies (ChatServiceDeps). */
export interface ChatAttachmentDeps {
  db: Db;
  storage: FileStorage;
  signer: AttachmentUrlSigner;
  /** Limits on uploaded attachments not yet sent; none when absent. */
  attachmentQuota?: AttachmentQuota;
  /** The uploader's storage total across every upload route. */
  storageQuota: StorageQuota;
}

/** A chat's attachments: uploaded before the message that sends them, read by the chat's parties. */
export class ChatAttachments {
  constructor(
    private readonly deps: ChatAttachmentDeps,
    private readonly findChat: (chat: ChatRef) => Promise<ChatFacts | null>,
  ) {}

  private get db(): Db {
    return this.deps.db;
  }

  private readonly urlFor = (attachment: AttachmentRow) => this.deps.signer.url(attachment.id);

  /**
   * Refuses an upload before its body is read: no disk space left, the account's storage full, or
   * its unsent attachments at their limit.
   */
  async assertCanUpload(user: AuthUser): Promise<void> {
    await this.deps.storage.assertSpaceFor(0);
    await this.deps.storageQuota.assertRoom(this.db, user.id, 0, "attachment");
    const quota = this.deps.attachmentQuota;
    if (quota) await assertUnsentRoom(this.db, quota, user.id, 0);
  }

  async uploadAttachment(
    user: AuthUser,
    file: { bytes: Buffer; fileName: string | undefined },
  ): Promise<ChatAttachment> {
    const detected = await detectFile(file.bytes, file.fileName ?? "");
    if (!detected) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", texts.attachmentUnsupported, [
        { field: "attachment", message: texts.attachmentUnsupported },
      ]);
    }
    const size = file.bytes.length;
    const quota = this.deps.attachmentQuota;
    await this.deps.storageQuota.assertRoom(this.db, user.id, size, "attachment");
    if (quota) await assertUnsentRoom(this.db, quota, user.id, size);
    const key = await this.deps.storage.put("attachments", file.bytes, detected.extension);
    try {
      const row = await this.db.transaction(async (tx) => {
        // Checked again under the uploader's lock: parallel uploads cannot pass it together.
        if (quota) {
          await lockUploader(tx, user.id);
          await assertUnsentRoom(tx, quota, user.id, size);
        }
        // The account's storage total: refused and rolled back when the file does not fit.
        await this.deps.storageQuota.charge(tx, user.id, size, "attachment");
        return insertAttachment(tx, {
          uploaderId: user.id,
          storageKey: key,
          fileName: displayName(file.fileName),
          fileType: detected.fileType,
          mimeType: detected.mimeType,
          sizeBytes: size,
        });
      });
      return presentAttachment(row, this.urlFor);
    } catch (error) {
      await this.deps.storage.remove(key);
      throw error;
    }
  }

  /** The uploader before it is sent; afterwards the parties of the chat it was sent in. */
  private async requireAttachmentAccess(user: AuthUser, attachmentId: number) {
    const attachment = await findAttachment(this.db, attachmentId);
    if (!attachment) throw AppError.notFound(texts.attachmentNotFound);
    if (attachment.uploaderId === user.id) return attachment;
    if (!attachment.chat) throw AppError.notFound(texts.attachmentNotFound);
    const facts = await this.findChat(attachment.chat);
    if (!facts || !isChatParty(user, facts))
      throw AppError.forbidden(texts.attachmentNotAuthorised);
    return attachment;
  }

  async getAttachment(user: AuthUser, attachmentId: number): Promise<ChatAttachment> {
    const attachment = await this.requireAttachmentAccess(user, attachmentId);
    return presentAttachment(attachment, this.urlFor);
  }

  /**
   * The stored bytes. `caller` null means a valid signed URL already vouched for the request;
   * otherwise the caller's access is checked.
   */
  async openAttachment(
    attachmentId: number,
    caller: AuthUser | null,
  ): Promise<{ file: AttachmentRow; stream: Readable }> {
    const file = caller
      ? await this.requireAttachmentAccess(caller, attachmentId)
      : await findAttachment(this.db, attachmentId);
    const stream = file ? await this.deps.storage.read(file.storageKey) : null;
    if (!file || !stream) throw AppError.notFound(texts.attachmentNotFound);
    return { file, stream };
  }
}
