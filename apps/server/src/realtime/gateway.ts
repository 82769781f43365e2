import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  preValidationAsyncHookHandler,
} from "fastify";
import type { WebSocket } from "ws";
import { clientFrameSchema, realtimeMessages, WS_CLOSE_CODES } from "@fba/contract";
import { AppError } from "../lib/errors.js";
import { byIp } from "../plugins/rate-limit.js";
import { Connection, type Admission, type GatewayLimits } from "./connection.js";
import { originPolicy, queryToken, tokenExpiry, tokenSession } from "./admission.js";
import { ConnectionRegistry, HEARTBEAT_SLICES } from "./connections.js";
import { MessageBudget } from "./message-budget.js";
import type { ClientAction, SocketAction, SocketEndpoint, SocketRegistration } from "./sockets.js";

export { defaultGatewayLimits, type GatewayLimits } from "./connection.js";

declare module "fastify" {
  interface FastifyRequest {
    wsAdmission?: Admission;
  }
}

/**
 * The WebSocket transport: admits every upgrade (origin, token, the endpoint's own check) before
 * it happens, then runs each connection's frames through its rate limit, parses them against the
 * contract and hands them to the action a module registered. Frames out come from the hub only.
 */
export async function registerGateway(
  app: FastifyInstance,
  registrations: SocketRegistration[],
  limits: GatewayLimits,
): Promise<void> {
  const actions = new Map<ClientAction, SocketAction>();
  for (const action of registrations.flatMap((registration) => registration.actions)) {
    actions.set(action.action, action);
  }
  const connections = new ConnectionRegistry(app.hub, limits);
  app.countSockets(() => connections.all.size);
  const pending = new Set<Promise<void>>();
  const track = (done: Promise<void>) => {
    pending.add(done);
    const settle = () => pending.delete(done);
    void done.then(settle, settle);
  };
  const budget = new MessageBudget(
    { burst: limits.chatActionBurst, perSecond: limits.chatActionsPerSecond },
    () => app.hub.commandClient,
    app.log,
  );

  // Withdrawn access (a disabled account, a session ended) closes sockets on this instance; the
  // hub brings the news from the others (and tells the authenticator too: see app.ts).
  app.hub.onDisconnectUser((userId, sessionId) => connections.revokeUser(userId, sessionId));
  app.hub.onChatPartiesChanged((parties) => connections.changeParties(parties));

  // A disable or logout announced while Redis was away never arrived here: the owners and
  // sessions of this instance's sockets are checked against the database on an interval and
  // whenever Redis comes back.
  const runRecheck = () => track(connections.recheckOwners(app.authenticator, app.log));
  app.hub.onReconnect(runRecheck);
  const recheckTimer =
    limits.recheckIntervalMs > 0 ? setInterval(runRecheck, limits.recheckIntervalMs) : null;
  recheckTimer?.unref();

  // Each tick pings one slice of the sockets: all of them once per heartbeatMs, spread out.
  let ticks = 0;
  const heartbeat = setInterval(
    () => {
      if (++ticks % HEARTBEAT_SLICES === 0) budget.prune();
      connections.sweep();
    },
    Math.max(1, Math.round(limits.heartbeatMs / HEARTBEAT_SLICES)),
  );
  heartbeat.unref();
  // Frames already received (also those read while sockets close) are acted on before the
  // database closes: this hook runs before the database's, which was registered earlier.
  app.addHook("onClose", async () => {
    clearInterval(heartbeat);
    if (recheckTimer) clearInterval(recheckTimer);
    while (pending.size > 0) await Promise.allSettled([...pending]);
  });

  const isAllowedOrigin = originPolicy(app.config);
  const admit =
    (endpoint: SocketEndpoint): preValidationAsyncHookHandler =>
    async (request, reply) => {
      // Browsers always send Origin; other clients (apps, tests, load tools) may not.
      const origin = request.headers.origin;
      if (origin && !isAllowedOrigin(origin, request.headers.host)) {
        request.log.warn({ origin }, "websocket origin refused");
        await reply.code(403).send({
          status: "error",
          status_code: 403,
          message: "Origin not allowed",
          errors: [{ message: "Origin not allowed" }],
        });
        return;
      }
      const checkedAt = Date.now();
      const token = queryToken(request);
      const user = token ? await app.authenticator.userFromToken(token) : null;
      const base = {
        endpoint,
        user,
        tokenExpiresAt: null,
        sessionId: null,
        rooms: [],
        scope: null,
        checkedAt,
      };
      if (!user && !endpoint.allowsAnonymous) {
        const refuse = { code: WS_CLOSE_CODES.unauthorized, reason: "Invalid or expired token" };
        request.wsAdmission = { ...base, refuse };
        return;
      }
      const decision = await endpoint.admit(user, request.params as Record<string, unknown>);
      const tokenExpiresAt = user && token ? tokenExpiry(token) : null;
      const sessionId = user && token ? tokenSession(token) : null;
      request.wsAdmission =
        "refuse" in decision
          ? { ...base, refuse: decision.refuse }
          : { ...base, tokenExpiresAt, sessionId, rooms: decision.rooms, scope: decision.scope };
    };

  const open = (socket: WebSocket, request: FastifyRequest) => {
    const admission = request.wsAdmission;
    const ip = admission && !admission.user ? byIp(request) : null;
    const refusal = !admission
      ? { code: WS_CLOSE_CODES.unauthorized, reason: "Not admitted" }
      : (admission.refuse ?? connections.refusal(admission, ip));
    if (!admission || refusal) {
      socket.close(refusal?.code, refusal?.reason);
      return;
    }
    const connection = new Connection(socket, admission, limits);
    connections.add(connection, ip);
    // The socket's handlers keep its logger, not the upgrade request (headers, raw message and
    // all), which would otherwise stay in memory for as long as the socket is open.
    const log = request.log;

    // Clients do not renew a socket's token: one that names its session lives on past the
    // token's expiry until the session ends; only a token without one still closes it.
    if (admission.tokenExpiresAt !== null && admission.sessionId === null) {
      const delay = Math.min(Math.max(admission.tokenExpiresAt - Date.now(), 0), 2_147_483_647);
      connection.expiryTimer = setTimeout(
        () => socket.close(WS_CLOSE_CODES.unauthorized, "Token expired"),
        delay,
      );
      connection.expiryTimer.unref();
    }

    socket.on("pong", () => {
      connection.alive = true;
    });
    socket.on("message", (data, isBinary) => {
      connection.alive = true;
      const verdict = connection.admitFrame();
      if (verdict === "close") {
        socket.close(WS_CLOSE_CODES.policyViolation, realtimeMessages.rateLimited);
        return;
      }
      if (verdict === "drop") {
        connection.sendEvent({
          event_type: "error",
          data: { message: realtimeMessages.rateLimited },
        });
        return;
      }
      const text = isBinary ? null : data.toString();
      track(connection.enqueue(() => handleFrame(connection, text, log)));
    });
    socket.on("close", () => {
      connections.remove(connection, ip);
      if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
    });

    admission.endpoint
      .opened?.(admission.user, (event) => connection.sendEvent(event))
      .catch((error: unknown) => log.warn({ err: error }, "socket opening frames failed"));
  };

  async function handleFrame(
    connection: Connection,
    text: string | null,
    log: FastifyBaseLogger,
  ): Promise<void> {
    if (connection.revoked) return;
    const fail = (message: string) =>
      connection.sendEvent({ event_type: "error", data: { message } });
    if (text === null) return fail(realtimeMessages.invalidFrame);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return fail(realtimeMessages.invalidJson);
    }
    const parsed = clientFrameSchema.safeParse(raw);
    const issue = parsed.error?.issues[0];
    const action = parsed.success ? actions.get(parsed.data.action) : undefined;
    if (!action || !parsed.success) {
      if (parsed.success || issue?.path[0] === "action") {
        log.info("websocket frame with unknown action dropped");
        return fail(realtimeMessages.unknownAction);
      }
      const field = issue?.path.join(".");
      return fail(
        field ? `${field}: ${issue?.message}` : (issue?.message ?? realtimeMessages.invalidFrame),
      );
    }
    const { user, scope, endpoint } = connection.admission;
    if (!user) return fail(realtimeMessages.wrongChannel);
    if (action.budgeted && !(await budget.take(user.id))) return fail(realtimeMessages.rateLimited);
    if (connection.revoked) return;
    // A refusal names the frame it answers, so a client can tell which of its actions failed.
    const refused = (message: string) =>
      connection.sendEvent({
        event_type: "error",
        data: {
          message,
          action: parsed.data.action,
          ...("message_id" in parsed.data ? { message_id: parsed.data.message_id } : {}),
          ...("client_id" in parsed.data && parsed.data.client_id !== undefined
            ? { client_id: parsed.data.client_id }
            : {}),
        },
      });
    try {
      if (action.channels && !action.channels.includes(endpoint.channel)) {
        throw AppError.badRequest(realtimeMessages.wrongChannel);
      }
      await action.handle(parsed.data, user, scope, (event) => connection.sendEvent(event));
    } catch (error) {
      if (error instanceof AppError) return refused(error.fields[0]?.message ?? error.message);
      log.error({ err: error }, "websocket action failed");
      return refused(realtimeMessages.failed);
    }
    return undefined;
  }

  for (const endpoint of registrations.flatMap((registration) => registration.endpoints)) {
    app.get(
      endpoint.path,
      { websocket: true, preValidation: admit(endpoint), schema: { hide: true } },
      open,
    );
  }
}
