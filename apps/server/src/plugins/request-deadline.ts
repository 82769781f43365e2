import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const TIMED_OUT = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";

/**
 * A request body must arrive within REQUEST_TIMEOUT_MS. Node's own requestTimeout stops counting
 * once the handler runs, so a body trickled a byte at a time (never idle long enough for the idle
 * timeout) would otherwise hold its connection for ever. Requests without a body pay nothing;
 * upgraded WebSockets have no body and are never cut.
 */
export const requestDeadlinePlugin = fp(
  async (app: FastifyInstance) => {
    const limitMs = app.config.REQUEST_TIMEOUT_MS;
    app.addHook("onRequest", (request, reply, done) => {
      const raw = request.raw;
      const hasBody =
        raw.headers["transfer-encoding"] !== undefined ||
        Number(raw.headers["content-length"] ?? 0) > 0;
      if (!hasBody || raw.complete) {
        done();
        return;
      }
      const timer = setTimeout(() => {
        if (raw.complete) return;
        request.log.warn("request body not received in time: connection closed");
        const socket = raw.socket;
        if (!reply.raw.headersSent && socket.writable) socket.end(TIMED_OUT);
        // Light-my-request's stand-in socket (app.inject) has neither method.
        if (typeof socket.destroySoon === "function") socket.destroySoon();
        if (typeof socket.destroy === "function") setTimeout(() => socket.destroy(), 1000).unref();
      }, limitMs);
      timer.unref();
      const clear = () => clearTimeout(timer);
      raw.once("end", clear);
      raw.once("close", clear);
      done();
    });
  },
  { name: "request-deadline" },
);
