import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

/**
 * JSON answers of the API carry the headers that matter for an API (OWASP REST guidance): nothing
 * in them may run, be framed, be sniffed as another type or be read cross-origin; HTTPS is sticky.
 */
const API_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "no-referrer",
};

/** ws://host:port for an http:// address, wss://host:port for https://. */
function socketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  const scheme = url.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${url.host}`;
}

const isApi = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/docs");

/**
 * Security headers and the request id on every response: the short API set above on API answers,
 * helmet's full set (a content security policy for the app's pages) on everything else. The helmet
 * middleware is built once at start.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        // Sockets go to this app only: 'self' (which CSP3 browsers stretch to ws/wss on the same
        // host) plus the public address's socket origin, spelled out for older browsers.
        connectSrc: ["'self'", socketOrigin(app.config.PUBLIC_URL)],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    if (isApi(request.url)) {
      reply.headers(API_HEADERS);
      done();
      return;
    }
    applyHelmet(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
});
