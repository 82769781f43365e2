import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import websocket from "@fastify/websocket";
import { WS_MAX_PAYLOAD_BYTES } from "@fba/contract";
import { defaultGatewayLimits, registerGateway, type GatewayLimits } from "./gateway.js";
import { RealtimeHub } from "./hub.js";
import { publishDomainEvents } from "./outbound.js";
import type { SocketRegistration } from "./sockets.js";

declare module "fastify" {
  interface FastifyInstance {
    hub: RealtimeHub;
  }
}

/** The realtime hub, available to every module as app.hub. Register before the modules. */
export const realtimeHubPlugin = fp(
  async (app: FastifyInstance) => {
    const hub = new RealtimeHub(app.log);
    await hub.connect(app.config.REDIS_URL);
    app.decorate("hub", hub);
    app.addHook("onClose", async () => hub.close());
  },
  { name: "realtime-hub" },
);

const CLIENT_RESETS = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

/**
 * The WebSocket endpoints under /ws/ that the modules registered, and the listener that turns
 * domain events into live frames. Register after the modules.
 */
export const realtimeGatewayPlugin = fp(
  async (
    app: FastifyInstance,
    options: { limits?: Partial<GatewayLimits>; sockets: SocketRegistration[] },
  ) => {
    await app.register(websocket, {
      options: { maxPayload: WS_MAX_PAYLOAD_BYTES, perMessageDeflate: false },
      errorHandler: (error, socket, request) => {
        // A frame over maxPayload, a malformed frame or a reset is the client's doing: ws has
        // already closed with the matching code. Anything else is ours.
        const code = (error as { code?: unknown }).code;
        const isClientError =
          typeof code === "string" && (code.startsWith("WS_ERR_") || CLIENT_RESETS.has(code));
        if (isClientError) request.log.warn({ err: error }, "websocket closed on a client error");
        else request.log.error({ err: error }, "websocket handler failed");
        socket.terminate();
      },
    });
    publishDomainEvents(app.events, app.hub);
    await registerGateway(app, options.sockets, {
      ...defaultGatewayLimits,
      recheckIntervalMs: app.config.SOCKET_RECHECK_INTERVAL_MS,
      ...options.limits,
    });
  },
  { name: "realtime-gateway", dependencies: ["realtime-hub"] },
);
