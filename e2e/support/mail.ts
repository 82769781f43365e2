import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  ".mail",
  process.env.E2E_SMTP_PORT ?? "2526",
);

interface Mail {
  to: string[];
  raw: string;
}

/** Waits for the newest email to `to` whose raw text matches `pattern`; returns the first group. */
export async function waitForMailMatch(
  to: string,
  pattern: RegExp,
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Mail;
      if (!mail.to.includes(to.toLowerCase())) continue;
      const match = mail.raw.replace(/=\r?\n/g, "").match(pattern);
      if (match) return match[1] ?? match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No email to ${to} matching ${pattern} within ${timeoutMs} ms`);
}
