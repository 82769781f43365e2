import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

/**
 * Security headers (helmet) and the request id on every response. The helmet middleware is built
 * once at start; only applying its headers is left to each request.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    applyHelmet(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
});
