import { afterAll, afterEach } from "vitest";
import { takeUnexpectedErrorLogs } from "./log-capture.js";

/** Fails a test (or, for lines logged after the last test, the file) on an undeclared error log. */
function failOnUnexpectedErrorLogs(): void {
  const unexpected = takeUnexpectedErrorLogs();
  if (unexpected.length > 0) {
    throw new Error(
      `the server logged ${unexpected.length} unexpected error line(s); fix the cause or ` +
        `declare it with expectErrorLog(/pattern/):\n${unexpected.join("\n")}`,
    );
  }
}

afterEach(failOnUnexpectedErrorLogs);
afterAll(failOnUnexpectedErrorLogs);
