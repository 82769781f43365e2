import { describe, expect, it } from "vitest";
import { oneAtATime } from "./render-queue";

/** A task that waits until its test lets it end, recording when it ran. */
function gate(log: string[], name: string) {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const task = async () => {
    log.push(`${name} start`);
    await opened;
    log.push(`${name} end`);
    return name;
  };
  return { task, open };
}

describe("oneAtATime", () => {
  it("runs tasks one after another, in order", async () => {
    const log: string[] = [];
    const run = oneAtATime(5);
    const a = gate(log, "a");
    const b = gate(log, "b");
    const first = run(a.task);
    const second = run(b.task);
    await Promise.resolve();
    expect(log).toEqual(["a start"]);
    a.open();
    b.open();
    await expect(first).resolves.toBe("a");
    await expect(second).resolves.toBe("b");
    expect(log).toEqual(["a start", "a end", "b start", "b end"]);
  });

  it("refuses a task while as many wait, and takes tasks again once they are done", async () => {
    const log: string[] = [];
    const run = oneAtATime(2);
    const a = gate(log, "a");
    const b = gate(log, "b");
    const first = run(a.task);
    const second = run(b.task);
    await expect(run(async () => "c")).resolves.toBeNull();
    a.open();
    b.open();
    await Promise.all([first, second]);
    await expect(run(async () => "d")).resolves.toBe("d");
  });

  it("goes on after a task that fails", async () => {
    const run = oneAtATime(3);
    const failed = run(() => Promise.reject(new Error("render failed")));
    await expect(failed).rejects.toThrow("render failed");
    await expect(run(async () => "next")).resolves.toBe("next");
  });
});
