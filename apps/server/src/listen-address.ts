/**
 * Where the server listens, read from the environment without the rest of the configuration:
 * the entry binds the port before anything else loads. config.ts validates the same variables
 * with the same defaults.
 */
export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = "0.0.0.0";

/** PORT and HOST as config.ts reads them, or null when PORT is not a port (config then says why). */
export function listenAddress(env: NodeJS.ProcessEnv): { port: number; host: string } | null {
  const portText = env.PORT?.trim() || String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) return null;
  return { port, host: env.HOST || DEFAULT_HOST };
}
