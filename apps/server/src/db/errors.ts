type DatabaseError = { code?: unknown; constraint?: unknown };

/** Whether an error, or one it wraps (drivers and Drizzle wrap them), matches. */
export function inCauses(error: unknown, match: (candidate: DatabaseError) => boolean): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && !seen.has(current); depth++) {
    seen.add(current);
    if (typeof current === "object" && match(current as DatabaseError)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** PostgreSQL's unique_violation, also when wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  return inCauses(error, (candidate) => candidate.code === "23505");
}
