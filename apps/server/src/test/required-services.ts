/** What the suites that need a real PostgreSQL or Redis read their address from. */
const SERVICES = ["TEST_DATABASE_URL", "REDIS_URL"] as const;

/**
 * The services a CI run (`CI` set, as `.ci/run` and CI systems do) lacks. Without them the suites
 * that need them would skip and the run would pass having proved nothing about PostgreSQL or
 * Redis, so the run fails instead; elsewhere they may be missing (PGlite, no Redis).
 */
export function missingServices(env: Record<string, string | undefined>): string[] {
  const ci = env.CI;
  if (!ci || ci === "false" || ci === "0") return [];
  return SERVICES.filter((name) => !env[name]);
}
