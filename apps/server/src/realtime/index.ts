import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import websocket from "@fastify/websocket";
import { WS_MAX_PAYLOAD_BYTES } from "@fba/contract";
import { defaultGatewayLimits, registerGateway, type GatewayLimits } from "./gateway.js";
import { RealtimeHub } from "./hub.js";

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

/** The WebSocket endpoints under /ws/. Register after the modules (it uses their services). */
export const realtimeGatewayPlugin = fp(
  async (app: FastifyInstance, options: { limits?: Partial<GatewayLimits> }) => {
    await app.register(websocket, {
      options: { maxPayload: WS_MAX_PAYLOAD_BYTES, perMessageDeflate: false },
    });
    await registerGateway(app, { ...defaultGatewayLimits, ...options.limits });
  },
  { name: "realtime-gateway", dependencies: ["realtime-hub"] },
);
