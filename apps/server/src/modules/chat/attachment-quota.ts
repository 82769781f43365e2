import { chatMessages as texts } from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import { unsentAttachmentBytes } from "./attachments.repository.js";

export interface AttachmentQuota {
  /** What one account's uploaded but unsent attachments may hold together. */
  maxUnsentBytes: number;
  /** Unsent attachments older than this are swept, so they no longer count. */
  unsentTtlHours: number;
}

/** 413 when `incomingBytes` more would take the user's unsent attachments over the quota. */
export async function assertUnsentRoom(
  db: DbOrTx,
  quota: AttachmentQuota,
  userId: number,
  incomingBytes: number,
): Promise<void> {
  const since = new Date(Date.now() - quota.unsentTtlHours * 3_600_000);
  const pending = await unsentAttachmentBytes(db, userId, since);
  // With nothing incoming (the check before the body is read) a full quota already refuses.
  const over =
    incomingBytes === 0
      ? pending >= quota.maxUnsentBytes
      : pending + incomingBytes > quota.maxUnsentBytes;
  if (over) {
    throw new AppError("PAYLOAD_TOO_LARGE", texts.attachmentQuotaExceeded, [
      { field: "attachment", message: texts.attachmentQuotaExceeded },
    ]);
  }
}
