import type { DbOrTx } from "../db/client.js";
import { emailOutbox } from "../db/schema/index.js";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues an email in the outbox. Call it inside the transaction that makes the change, so the
 * email exists exactly when the change does; the sender loop delivers it (and retries).
 */
export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail): Promise<void> {
  await db.insert(emailOutbox).values({
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
  });
}
