import { describe, expect, it } from "vitest";
import { buildTestApp } from "./app.js";
import { capturedLogStream, expectErrorLog, takeUnexpectedErrorLogs } from "./log-capture.js";

describe("error log capture", () => {
  it("keeps error and fatal lines, not warnings, and reports the undeclared ones", () => {
    capturedLogStream.write(`${JSON.stringify({ level: 40, msg: "slow" })}\n`);
    capturedLogStream.write(`${JSON.stringify({ level: 50, msg: "boom" })}\n`);
    capturedLogStream.write(`${JSON.stringify({ level: 60, msg: "dead" })}\n`);
    expectErrorLog(/"msg":"dead"/);
    const unexpected = takeUnexpectedErrorLogs();
    expect(unexpected).toHaveLength(1);
    expect(unexpected[0]).toContain('"msg":"boom"');
    expect(takeUnexpectedErrorLogs()).toEqual([]);
  });

  it("sees what an app built by the harness logs at error level", async () => {
    const ctx = await buildTestApp();
    try {
      ctx.app.log.error({ probe: 1 }, "harness probe");
      ctx.app.log.warn("not an error");
      const unexpected = takeUnexpectedErrorLogs();
      expect(unexpected).toHaveLength(1);
      expect(unexpected[0]).toContain("harness probe");
    } finally {
      await ctx.close();
    }
  });
});
