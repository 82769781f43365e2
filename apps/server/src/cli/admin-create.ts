/**
 * Creates an admin account in the configured database (DATABASE_URL, or PGlite under DATA_DIR).
 *
 *   npm run admin:create -- --email admin@example.com --password 'S3cret!pw' \
 *     --first-name Ada --last-name Admin
 *
 * Inputs follow the same rules as sign-up. An existing email is never changed.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { emailSchema, firstNameSchema, lastNameSchema, passwordSchema } from "@fba/contract";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { hashPassword } from "../lib/passwords.js";
import { isUniqueViolation } from "../db/errors.js";
import { findUserByEmail, insertUser } from "../modules/auth/index.js";

const inputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  "first-name": firstNameSchema,
  "last-name": lastNameSchema,
});

const usage =
  "Usage: npm run admin:create -- --email <email> --password <password> " +
  "--first-name <name> --last-name <name>";

function fail(lines: string[]): never {
  process.stderr.write(`${lines.join("\n")}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
      },
      strict: true,
    }));
  } catch (error) {
    fail([error instanceof Error ? error.message : String(error), usage]);
  }
  const parsed = inputSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  --${i.path.join(".")}: ${i.message}`);
    fail(["Cannot create the admin:", ...problems, usage]);
  }
  const input = parsed.data;

  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 1,
  });
  const where = config.DATABASE_URL
    ? "PostgreSQL (DATABASE_URL)"
    : `PGlite under ${config.DATA_DIR}`;
  try {
    const existing = await findUserByEmail(database.db, input.email);
    if (existing) {
      fail([
        `An account with ${input.email} already exists (id ${existing.id}, ${existing.group}); nothing changed.`,
      ]);
    }
    const user = await insertUser(database.db, {
      email: input.email,
      firstName: input["first-name"],
      lastName: input["last-name"],
      group: "Admin",
      passwordHash: await hashPassword(input.password),
    });
    process.stdout.write(
      `Admin created in ${where}: id ${user.id}, ${user.email} (${user.firstName} ${user.lastName}).\n` +
        "Sign in on either tab of the login page.\n",
    );
  } catch (error) {
    if (isUniqueViolation(error)) fail([`An account with ${input.email} already exists.`]);
    throw error;
  } finally {
    await database.close();
  }
}

await main();
