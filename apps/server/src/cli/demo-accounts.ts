import type { Group } from "@fba/contract";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { hashPassword } from "../lib/passwords.js";
import { isUniqueViolation } from "../db/errors.js";
import { findUserByEmail, insertUser } from "../modules/auth/index.js";

export interface DemoAccount {
  group: Group;
  label: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Known sign-ins for trying the product locally; the passwords meet the sign-up rule. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    group: "Seller",
    label: "Seller (Customer)",
    email: "demo.seller@example.com",
    password: "Seller#Demo1",
    firstName: "Sam",
    lastName: "Seller",
  },
  {
    group: "Shipper",
    label: "Shipping agent",
    email: "demo.agent@example.com",
    password: "Agent#Demo1",
    firstName: "Alex",
    lastName: "Agent",
  },
  {
    group: "Admin",
    label: "Admin",
    email: "demo.admin@example.com",
    password: "Admin#Demo1",
    firstName: "Ada",
    lastName: "Admin",
  },
];

export interface DemoAccountsDecision {
  create: boolean;
  /** Why, for the start banner. */
  reason: string;
}

/**
 * The demo accounts have published passwords: they are made only for a local try-out on the
 * embedded database, or when SEED_DEMO=true asks for them. A shared PostgreSQL never gets them
 * by default, whatever NODE_ENV is (a forgotten NODE_ENV must not open an admin account).
 */
export function demoAccountsDecision(
  config: Pick<Config, "SEED_DEMO" | "DATABASE_URL" | "NODE_ENV">,
): DemoAccountsDecision {
  if (config.SEED_DEMO) return { create: true, reason: "SEED_DEMO=true" };
  if (config.DATABASE_URL) {
    return {
      create: false,
      reason: "the database is PostgreSQL (DATABASE_URL); set SEED_DEMO=true to create them",
    };
  }
  if (config.NODE_ENV === "production") {
    return { create: false, reason: "NODE_ENV=production; set SEED_DEMO=true to create them" };
  }
  return { create: true, reason: "embedded database, no DATABASE_URL" };
}

export interface DemoAccountResult extends DemoAccount {
  created: boolean;
}

/**
 * Creates the demo accounts that are missing. An existing account is left exactly as it is (its
 * password may have been changed), so restarts never undo what a tester did.
 */
export async function ensureDemoAccounts(db: Db): Promise<DemoAccountResult[]> {
  const results: DemoAccountResult[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) {
      results.push({ ...account, created: false });
      continue;
    }
    try {
      await insertUser(db, {
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        group: account.group,
        passwordHash: await hashPassword(account.password),
      });
      results.push({ ...account, created: true });
    } catch (error) {
      // Another instance starting at the same moment created it first.
      if (!isUniqueViolation(error)) throw error;
      results.push({ ...account, created: false });
    }
  }
  return results;
}

/** The start-up banner: where to open the app and how to sign in. */
export function formatDemoBanner(
  url: string,
  accounts: readonly DemoAccountResult[],
  reason: string,
): string {
  const width = Math.max(...accounts.map((a) => a.label.length));
  const lines = [
    "",
    `  Demo accounts (${reason}; created when missing; passwords as printed unless changed since):`,
    ...accounts.map(
      (a) => `    ${a.label.padEnd(width)}  ${a.email.padEnd(26)}  password: ${a.password}`,
    ),
    `  Open ${url} and log in (agents on the Shipment Agent tab).`,
    "",
  ];
  return lines.join("\n");
}

/** The start line when the demo accounts are not made. */
export function formatNoDemoNotice(reason: string): string {
  return `  Demo accounts: not created (${reason}).`;
}
