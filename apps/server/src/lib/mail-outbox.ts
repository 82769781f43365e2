import type { DbOrTx } from "../db/client.js";
import { insertOutboxRow } from "./mail-outbox.repository.js";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

const enqueueListeners = new Set<() => void>();

/** Lets this process's sender loop hear about new rows, so it need not wait for its next poll. */
export function onEmailEnqueued(listener: () => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

/**
 * Queues an email in the outbox. Call it inside the transaction that makes the change, so the
 * email exists exactly when the change does; the sender loop delivers it (and retries).
 */
export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail): Promise<void> {
  await insertOutboxRow(db, {
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
  });
  for (const listener of enqueueListeners) listener();
}
