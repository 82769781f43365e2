import { expect } from "vitest";

/** pino's level number of `error`; `fatal` is 60. */
const ERROR_LEVEL = 50;

interface LoggedLine {
  level: number;
  text: string;
}

interface Expectation {
  pattern: RegExp;
  /** Declared outside a test (in a hook): holds for the whole file. */
  forFile: boolean;
}

const logged: LoggedLine[] = [];
const expectations: Expectation[] = [];

/**
 * The stream every app built by the test harness logs to. Only error-level lines are kept: a
 * server that logs an error the test did not declare fails that test.
 */
export const capturedLogStream = {
  write(line: string): void {
    let level = 0;
    try {
      level = Number((JSON.parse(line) as { level?: unknown }).level ?? 0);
    } catch {
      level = ERROR_LEVEL;
    }
    if (level >= ERROR_LEVEL) logged.push({ level, text: line.trim() });
  },
};

/**
 * Declares that the server may log an error matching `pattern` (a database taken down, a store
 * made to fail). Inside a test it holds until that test ends; in a hook, for the whole file.
 */
export function expectErrorLog(pattern: RegExp): void {
  const forFile = expect.getState().currentTestName === undefined;
  expectations.push({ pattern, forFile });
}

/** Error-level lines logged since the last call that no declared expectation covers. */
export function takeUnexpectedErrorLogs(): string[] {
  const lines = logged.splice(0);
  const unexpected = lines
    .filter((line) => !expectations.some(({ pattern }) => pattern.test(line.text)))
    .map((line) => line.text.slice(0, 2000));
  for (let i = expectations.length - 1; i >= 0; i -= 1) {
    if (!expectations[i]?.forFile) expectations.splice(i, 1);
  }
  return unexpected;
}
