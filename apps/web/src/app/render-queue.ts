/**
 * Runs tasks one at a time, and refuses a task when `waiting` are already queued (it resolves to
 * null at once): for renders that share module state (the language, the session) and whose
 * answer is worth having only soon.
 */
export function oneAtATime(waiting: number) {
  let queue: Promise<unknown> = Promise.resolve();
  let queued = 0;
  return <T>(task: () => Promise<T>): Promise<T | null> => {
    if (queued >= waiting) return Promise.resolve(null);
    queued += 1;
    const run = queue.then(task).finally(() => {
      queued -= 1;
    });
    queue = run.catch(() => undefined);
    return run;
  };
}
