import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Group } from "@fba/contract";
import { users } from "../db/schema/index.js";
import { hashPassword } from "../lib/passwords.js";

export const TEST_PASSWORD = "Passw0rd!";
let passwordHash: Promise<string> | undefined;

export interface TestUser {
  id: number;
  email: string;
  group: Group;
  firstName: string;
  lastName: string;
  password: string;
  /** A valid access token for the Authorization header. */
  token: string;
  auth: { authorization: string };
}

/** Inserts a user straight into the database and signs an access token for it. */
export async function createUser(
  app: FastifyInstance,
  group: Group,
  overrides: Partial<{
    email: string;
    firstName: string;
    lastName: string;
    isActive: boolean;
  }> = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email =
    overrides.email ?? `${group.toLowerCase()}-${randomBytes(4).toString("hex")}@example.com`;
  const firstName = overrides.firstName ?? group;
  const lastName = overrides.lastName ?? "Tester";
  const [row] = await app.database.db
    .insert(users)
    .values({
      email,
      firstName,
      lastName,
      group,
      passwordHash: await passwordHash,
      isActive: overrides.isActive ?? true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error("user insert failed");
  const token = await app.tokens.signAccess({ userId: row.id, group });
  return {
    id: row.id,
    email,
    group,
    firstName,
    lastName,
    password: TEST_PASSWORD,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}

export const createSeller = (app: FastifyInstance, o?: Parameters<typeof createUser>[2]) =>
  createUser(app, "Seller", o);
export const createShipper = (app: FastifyInstance, o?: Parameters<typeof createUser>[2]) =>
  createUser(app, "Shipper", o);
export const createAdmin = (app: FastifyInstance, o?: Parameters<typeof createUser>[2]) =>
  createUser(app, "Admin", o);
