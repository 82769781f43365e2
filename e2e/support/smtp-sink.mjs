// A real SMTP server for the browser tests: every message received is written as JSON to
// e2e/.mail/<smtp port>/<timestamp>.json so tests can read codes the product emailed.
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SMTPServer } from "smtp-server";

const port = Number(process.argv[2] ?? 2526);
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", ".mail", String(port));
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
let counter = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const to = session.envelope.rcptTo.map((r) => r.address);
      counter += 1;
      // Written aside, then renamed: a test reading the folder never sees half a message.
      const file = path.join(dir, `${Date.now()}-${counter}.json`);
      writeFileSync(`${file}.part`, JSON.stringify({ to, raw }));
      renameSync(`${file}.part`, file);
      callback();
    });
  },
});
server.listen(port, "127.0.0.1");
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
