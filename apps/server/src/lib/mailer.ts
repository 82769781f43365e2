import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Transporter } from "nodemailer";
import type { Db } from "../db/client.js";
import { onEmailEnqueued } from "./mail-outbox.js";
import {
  claimDueOutboxRows,
  markOutboxRowSent,
  scheduleOutboxRetry,
  type OutboxRow,
} from "./mail-outbox.repository.js";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it messages are written to the log instead. */
  smtpUrl?: string;
  from: string;
  /**
   * Without SMTP, write mails to the log with their codes and links blanked out (production:
   * logs are shipped and kept, and a reset code in them would open the account).
   */
  redactLoggedMail?: boolean;
  pollIntervalMs?: number;
  batchSize?: number;
  maxAttempts?: number;
}

/**
 * A claimed row is hidden from other senders for this long; a crashed sender's rows come back.
 * It outlasts the worst case of a batch (10 sends, each cut off after 10 s + 10 s + 20 s).
 */
const CLAIM_LEASE_SECONDS = 600;
const MAX_BACKOFF_SECONDS = 3600;

/** A mail's text for a log that others read: links and numeric codes are blanked out. */
function redactMailText(text: string): string {
  return (
    text
      // A scheme starts where a run of scheme characters starts; trying every position inside a
      // long run instead would be quadratic.
      .replace(/(?<![a-z0-9+.-])[a-z0-9+.-]*:\/\/\S+/gi, "[link redacted]")
      .replace(/\d{4,}/g, "[code redacted]")
  );
}

/**
 * The message as sent for an outbox row. Its Message-ID is derived from the row alone, so every
 * send of one row carries the same one: a sender that dies after the SMTP server took the message
 * but before the row was marked sent sends it again once the claim runs out (at-least-once), and
 * receivers recognise the repeat by its Message-ID and keep one copy.
 */
/** The domain of a sender such as `Name <user@example.com>` (localhost when there is none). */
export function senderDomain(from: string): string {
  let domain = from.slice(from.lastIndexOf("@") + 1).trim();
  if (domain.endsWith(">")) domain = domain.slice(0, -1);
  return !from.includes("@") || domain === "" || /[\s<>@]/.test(domain) ? "localhost" : domain;
}

export function outboxMessage(
  row: Pick<OutboxRow, "id" | "createdAt" | "toAddress" | "subject" | "textBody" | "htmlBody">,
  from: string,
) {
  const domain = senderDomain(from);
  return {
    from,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    ...(row.htmlBody ? { html: row.htmlBody } : {}),
    messageId: `<email-outbox.${row.id}.${row.createdAt.getTime().toString(36)}@${domain}>`,
  };
}

/** Seconds to wait before the next try after `attempts` failed tries: 10 s, 20 s, 40 s ... 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, 10 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers the email outbox. Rows are claimed in small batches with FOR UPDATE SKIP LOCKED, so any
 * number of server instances can run this loop; a claim only pushes next_attempt_at forward (a
 * lease), so no transaction stays open while talking to the SMTP server, and a process that dies
 * mid-send leaves its rows to be picked up again when the lease runs out.
 */
export class Mailer {
  /** The SMTP transport, made with the first email to send (nodemailer loads then, not at start). */
  private transport: Promise<Transporter> | null = null;
  readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  /** The batch the scheduler's job is running (stop waits for it). */
  private running: Promise<number> | null = null;
  /** Asks the scheduler's job to run soon (set when the job is added). */
  private waker: ((delayMs: number) => void) | null = null;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: MailerOptions,
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.batchSize = options.batchSize ?? 10;
    this.maxAttempts = options.maxAttempts ?? 8;
  }

  get deliversBySmtp(): boolean {
    return Boolean(this.options.smtpUrl);
  }

  private smtp(url: string): Promise<Transporter> {
    // One pooled connection, kept open between sends: a connection per message costs its
    // handshake every time (about 100 ms each on a loopback sink, ten emails a second at most).
    // Bounded timeouts keep a batch well inside its claim lease even when the SMTP server hangs;
    // the URL's own query parameters still win over these.
    this.transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(
        {
          url,
          pool: true,
          maxConnections: 1,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        },
        { from: this.options.from },
      ),
    );
    // A transport that could not be made is made again on the next send.
    this.transport.catch(() => (this.transport = null));
    return this.transport;
  }

  /** Connects the scheduler's job that runs `poll` (lib/jobs.ts). */
  attach(waker: (delayMs: number) => void): void {
    this.waker = waker;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.waker?.(0);
  }

  /** Stops sending and waits for an in-flight batch, so the database can close after. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
    const transport = this.transport;
    this.transport = null;
    (await transport?.catch(() => null))?.close();
  }

  /**
   * Asks for a drain soon (call after committing a transaction that enqueued). A wake that comes
   * before the commit may find nothing; the regular poll then picks the row up.
   */
  wake(delayMs = 0): void {
    if (!this.stopped) this.waker?.(delayMs);
  }

  /** One run of the job: a batch, unless stopped; true when the batch was full (more may wait). */
  async poll(): Promise<boolean> {
    if (this.stopped) return false;
    this.running = this.runBatch();
    try {
      return (await this.running) >= this.batchSize;
    } catch (error) {
      // The database may be briefly unavailable; the next poll tries again.
      this.log.warn({ err: error }, "email outbox drain failed");
      return false;
    } finally {
      this.running = null;
    }
  }

  /** Sends every email that is due now; resolves when done. Safe to call while the loop runs. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.runBatch();
      total += sent;
      if (sent < this.batchSize) return total;
    }
  }

  /** Claims and sends one batch; returns how many rows it claimed. */
  private async runBatch(): Promise<number> {
    const claimed = await this.claim();
    for (const row of claimed) await this.deliver(row);
    return claimed.length;
  }

  private async claim(): Promise<OutboxRow[]> {
    return claimDueOutboxRows(this.db, {
      batchSize: this.batchSize,
      maxAttempts: this.maxAttempts,
      leaseSeconds: CLAIM_LEASE_SECONDS,
    });
  }

  private async deliver(row: OutboxRow): Promise<void> {
    try {
      if (this.options.smtpUrl) {
        const transport = await this.smtp(this.options.smtpUrl);
        await transport.sendMail(outboxMessage(row, this.options.from));
      } else {
        // Without SMTP the log is the mailbox, so the embedded default stays usable (codes
        // included); production logs get the mail without its codes and links.
        const text = this.options.redactLoggedMail ? redactMailText(row.textBody) : row.textBody;
        this.log.info(
          { mail: { to: row.toAddress, subject: row.subject, text } },
          `email to ${row.toAddress}: ${row.subject}`,
        );
      }
      await markOutboxRowSent(this.db, row.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= this.maxAttempts;
      const log = giveUp ? this.log.error.bind(this.log) : this.log.warn.bind(this.log);
      log({ emailId: row.id, attempts: row.attempts, err: message }, "email delivery failed");
      await scheduleOutboxRetry(
        this.db,
        row.id,
        message.slice(0, 500),
        retryDelaySeconds(row.attempts),
      );
    }
  }
}

/** Decorates app.mailer and runs the outbox loop while the app is up. */
export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    const mailer = new Mailer(app.database.db, app.log, {
      smtpUrl: app.config.SMTP_URL,
      from: app.config.MAIL_FROM,
      redactLoggedMail: app.config.NODE_ENV === "production",
    });
    app.decorate("mailer", mailer);
    // The outbox is delivered where jobs run (lib/jobs.ts), polled and woken on enqueue.
    const job = app.scheduler.add({
      name: "mail-outbox",
      intervalMs: mailer.pollIntervalMs,
      run: () => mailer.poll(),
    });
    mailer.attach((delayMs) => job.wake(delayMs));
    let unsubscribe: (() => void) | undefined;
    app.addHook("onReady", async () => {
      if (!mailer.deliversBySmtp && app.config.NODE_ENV === "production") {
        app.log.warn(
          "SMTP_URL is not set: mail is not configured, so no email is delivered (recovery codes included); emails are written to this log with their codes and links redacted",
        );
      }
      unsubscribe = onEmailEnqueued(() => mailer.wake(50));
      mailer.start();
    });
    app.addHook("preClose", async () => {
      unsubscribe?.();
      await mailer.stop();
    });
  },
  { name: "mailer" },
);
