import type { FastifyRequest } from "fastify";
import { decodeJwt } from "jose";
import { corsOrigins, type Config } from "../config.js";

/** The access token of a socket upgrade (browsers cannot set headers on one). */
export function queryToken(request: FastifyRequest): string | undefined {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === "string" && token.length > 0 && token.length < 4096 ? token : undefined;
}

/** The session (refresh-token family) an access token was issued for, if it names one. */
export function tokenSession(token: string): string | null {
  try {
    const { sid } = decodeJwt(token);
    return typeof sid === "string" ? sid : null;
  } catch {
    return null;
  }
}

export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === "number" ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Same-origin pages (Origin host equals the Host they connected to), the configured public and
 * CORS origins, and in development any loopback origin (the Vite dev server proxies sockets).
 */
export function originPolicy(
  config: Pick<Config, "PUBLIC_URL" | "CORS_ORIGINS" | "NODE_ENV">,
): (origin: string, host: string | undefined) => boolean {
  const allowed = new Set([new URL(config.PUBLIC_URL).origin, ...corsOrigins(config)]);
  const isDevelopment = config.NODE_ENV === "development";
  return (origin, host) => {
    if (allowed.has(origin)) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (host && url.host === host) return true;
    return isDevelopment && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  };
}
