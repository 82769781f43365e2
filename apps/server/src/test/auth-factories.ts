import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { SMTPServer } from "smtp-server";
import type { SelfServiceGroup } from "@fba/contract";
import { emailOutbox, otpCodes, refreshTokens } from "../db/schema/index.js";

export const STRONG_PASSWORD = "Str0ng!Pass";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

export function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: "POST", url, payload: payload as object, headers });
}

/** Signs up through the API and returns the parsed answer. */
export async function registerViaApi(
  app: FastifyInstance,
  overrides: Partial<{
    first_name: string;
    last_name: string;
    email: string;
    password: string;
    groups: SelfServiceGroup;
  }> = {},
) {
  const body = {
    first_name: "Grace",
    last_name: "Hopper",
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    groups: "Seller" as SelfServiceGroup,
    ...overrides,
  };
  const res = await post(app, "/api/auth/register/", body);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as {
    data: { user: { id: number; email: string }; access_token: string; refresh_token: string };
  };
  return { ...json.data, email: body.email, password: body.password, group: body.groups };
}

/** The newest queued email to the address (the outbox is the mailbox when SMTP is not set). */
export async function latestEmailTo(app: FastifyInstance, to: string) {
  const [row] = await app.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return row;
}

export async function countEmailsTo(app: FastifyInstance, to: string): Promise<number> {
  const rows = await app.database.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to));
  return rows.length;
}

/** The 4-digit code from the newest email to the address. */
export async function latestCodeFor(app: FastifyInstance, to: string): Promise<string> {
  const email = await latestEmailTo(app, to);
  const code = email?.textBody.match(/code is (\d{4})/)?.[1];
  if (!code) throw new Error(`no code emailed to ${to}`);
  return code;
}

/** Moves the address's codes back in time (to test expiry and resend spacing). */
export async function ageOtpCodes(app: FastifyInstance, email: string, seconds: number) {
  await app.database.db
    .update(otpCodes)
    .set({
      createdAt: sql`${otpCodes.createdAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${otpCodes.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(otpCodes.email, email));
}

export async function expireRefreshTokens(app: FastifyInstance, userId: number) {
  await app.database.db
    .update(refreshTokens)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(refreshTokens.userId, userId));
}

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on an ephemeral port that keeps what it receives. */
export async function startSmtpSink(): Promise<{
  url: string;
  messages: ReceivedMail[];
  /** How many SMTP connections were opened to it. */
  connections(): number;
  /** The first mail to `to` (among those received from index `since` on), as soon as it arrives. */
  waitFor(to: string, options?: { since?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const messages: ReceivedMail[] = [];
  const arrived = new Set<() => void>();
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom;
        messages.push({
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          // Undo quoted-printable soft line breaks so tests can match text.
          raw: Buffer.concat(chunks)
            .toString("utf8")
            .replace(/=\r?\n/g, ""),
        });
        for (const listener of arrived) listener();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    connections: () => connections,
    waitFor(to, { since = 0, timeoutMs = 10_000 } = {}) {
      const find = () => messages.slice(since).find((m) => m.to.includes(to));
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          arrived.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          arrived.delete(check);
          reject(new Error(`no email to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        arrived.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
