import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from "fastify";
import { decodeJwt } from "jose";
import type { WebSocket } from "ws";
import {
  CHAT_ACTION_BURST,
  CHAT_ACTIONS_PER_SECOND,
  clientFrameSchema,
  realtimeMessages,
  SOCKET_FRAME_BURST,
  WS_CLOSE_CODES,
  type ClientFrame,
  type ServerEvent,
} from "@fba/contract";
import { AppError } from "../lib/errors.js";
import type { AuthUser } from "../plugins/auth.js";
import { byIp } from "../plugins/rate-limit.js";
import { isChatParty } from "../modules/chat/chat.policy.js";
import type { ChatRef } from "../modules/chat/chat.repository.js";
import { chatRoom, type ChatService } from "../modules/chat/chat.service.js";
import type { NotificationService } from "../modules/notifications/notifications.service.js";
import { rooms, type ChatParties, type HubMember, type Room } from "./hub.js";
import { MessageBudget } from "./message-budget.js";

/** Tunables of the gateway; the defaults are the production values. */
export interface GatewayLimits {
  heartbeatMs: number;
  /** Token bucket per connection: burst size and refill per second. */
  burst: number;
  refillPerSecond: number;
  /** Frames dropped by the rate limit before the connection is closed with 1008. */
  maxDropped: number;
  maxSocketsPerUser: number;
  /** Sockets of one user on one chat (on this instance); maxSocketsPerUser caps them overall. */
  maxSocketsPerUserPerChat: number;
  /** Chat actions of one user across all of their sockets and instances: burst, then per second. */
  chatActionBurst: number;
  chatActionsPerSecond: number;
  /**
   * How often the owners of open sockets are checked against the database, so a disable that
   * another instance could not announce (Redis down) still closes them. 0 turns it off.
   */
  recheckIntervalMs: number;
  /** Sockets without a signed-in user (the public announcement channel) per client IP. */
  maxAnonymousSocketsPerIp: number;
  /** A client that does not read its frames is cut off past this much unsent data. */
  maxBufferedBytes: number;
}

export const defaultGatewayLimits: GatewayLimits = {
  heartbeatMs: 30_000,
  burst: SOCKET_FRAME_BURST,
  refillPerSecond: 10,
  maxDropped: 40,
  maxSocketsPerUser: 20,
  maxSocketsPerUserPerChat: 5,
  chatActionBurst: CHAT_ACTION_BURST,
  chatActionsPerSecond: CHAT_ACTIONS_PER_SECOND,
  recheckIntervalMs: 30_000,
  maxAnonymousSocketsPerIp: 20,
  maxBufferedBytes: 4 * 1024 * 1024,
};

type Channel = "chat" | "notifications" | "announcements";

/** What the upgrade request was allowed to become, decided before the upgrade. */
interface Admission {
  refuse?: { code: number; reason: string };
  user: AuthUser | null;
  tokenExpiresAt: number | null;
  channel: Channel;
  chat: ChatRef | null;
  rooms: Room[];
  /** When the check began: the user's access withdrawn since then refuses the socket. */
  checkedAt: number;
}

/** What an endpoint's check decides; the gateway adds when it began. */
type Decision = Omit<Admission, "checkedAt">;

declare module "fastify" {
  interface FastifyRequest {
    wsAdmission?: Admission;
  }
}

const NO_LONGER_A_PARTY = "No longer a party to this chat";

/** Frames that change a chat and reach everyone in it: they draw on the user's shared budget. */
const CHAT_ACTIONS: ReadonlySet<ClientFrame["action"]> = new Set([
  "send_message",
  "reply_to_thread",
  "edit_message",
  "delete_message",
  "add_reaction",
]);

function refused(channel: Channel, code: number, reason: string): Decision {
  return {
    refuse: { code, reason },
    user: null,
    tokenExpiresAt: null,
    channel,
    chat: null,
    rooms: [],
  };
}

function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function queryToken(request: FastifyRequest): string | undefined {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === "string" && token.length > 0 && token.length < 4096 ? token : undefined;
}

function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === "number" ? exp * 1000 : null;
  } catch {
    return null;
  }
}

class Connection implements HubMember {
  alive = true;
  private tokens: number;
  private lastRefill = Date.now();
  private dropped = 0;
  private lastDrop = 0;
  private queue: Promise<void> = Promise.resolve();
  expiryTimer: NodeJS.Timeout | null = null;
  /** Set once the user's access is withdrawn: frames still queued are not acted on. */
  revoked = false;

  constructor(
    readonly socket: WebSocket,
    readonly admission: Admission,
    private readonly limits: GatewayLimits,
  ) {
    this.tokens = limits.burst;
  }

  get userId(): number | null {
    return this.admission.user?.id ?? null;
  }

  send(frame: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.socket.terminate();
      return;
    }
    this.socket.send(frame);
  }

  sendEvent(event: ServerEvent): void {
    this.send(JSON.stringify(event));
  }

  /** Token bucket; "drop" once over the burst, "close" on a sustained flood. */
  admitFrame(): "ok" | "drop" | "close" {
    const now = Date.now();
    this.tokens = Math.min(
      this.limits.burst,
      this.tokens + ((now - this.lastRefill) / 1000) * this.limits.refillPerSecond,
    );
    this.lastRefill = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return "ok";
    }
    if (now - this.lastDrop > 10_000) this.dropped = 0;
    this.lastDrop = now;
    this.dropped += 1;
    return this.dropped > this.limits.maxDropped ? "close" : "drop";
  }

  /** Closes the socket as an invalid token would, dropping frames not yet handled. */
  revoke(reason: string, code: number = WS_CLOSE_CODES.unauthorized): void {
    this.revoked = true;
    this.socket.close(code, reason);
  }

  /** Actions of one connection run one after another, in the order they arrived. */
  enqueue(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(task, task);
    return this.queue;
  }
}

/**
 * The WebSocket gateway: authenticates and authorises every upgrade before it happens, then
 * turns frames into service calls and service results into frames via the hub.
 */
export interface GatewayServices {
  chat: ChatService;
  notifications: NotificationService;
}

export async function registerGateway(
  app: FastifyInstance,
  { chat, notifications }: GatewayServices,
  limits: GatewayLimits = defaultGatewayLimits,
): Promise<void> {
  const connections = new Set<Connection>();
  const pending = new Set<Promise<void>>();
  const connectionsByUser = new Map<number, Set<Connection>>();
  const anonymousPerIp = new Map<string, number>();
  /** When each user's access was last withdrawn, for upgrades whose check was under way. */
  const revokedAt = new Map<number, number>();
  /** Each chat's parties as last changed, for upgrades whose check was under way. */
  const partiesChanged = new Map<Room, { at: number; parties: ChatParties }>();
  const budget = new MessageBudget(
    { burst: limits.chatActionBurst, perSecond: limits.chatActionsPerSecond },
    () => app.hub.commandClient,
    app.log,
  );

  // A disabled account loses its sockets at once, on this instance and through the hub on all.
  app.events.on("user.disabled", ({ userId }) => app.hub.disconnectUser(userId));
  app.hub.onDisconnectUser((userId) => {
    app.authenticator.forget(userId);
    revokedAt.set(userId, Date.now());
    for (const connection of connectionsByUser.get(userId) ?? []) {
      connection.revoke("Account disabled");
    }
  });

  // Sockets are authorised when they connect; when a chat's parties change afterwards (another
  // winner, a declined or cancelled bid, a claimed sample) the sockets of those who are no
  // longer parties close, on every instance.
  const partyRoom = (parties: ChatParties): Room =>
    parties.kind === "shipment" ? rooms.shipment(parties.id) : rooms.sample(parties.id);
  app.hub.onChatPartiesChanged((parties) => {
    const room = partyRoom(parties);
    partiesChanged.set(room, { at: Date.now(), parties });
    for (const member of app.hub.membersOf(room)) {
      if (!(member instanceof Connection)) continue;
      const user = member.admission.user;
      if (!user || isChatParty(user, parties)) continue;
      // Out of the room first: nothing published from now on reaches the closing socket.
      for (const joined of member.admission.rooms) app.hub.leave(joined, member);
      member.revoke(NO_LONGER_A_PARTY, WS_CLOSE_CODES.forbidden);
    }
  });
  app.events.on("sample.claimed", ({ sampleId, sellerId, agentId }) =>
    app.hub.chatPartiesChanged({ kind: "sample", id: sampleId, sellerId, agentId }),
  );
  const recheckShipmentChat = async ({ shipmentId }: { shipmentId: number }) => {
    const facts = await chat.findChat({ kind: "shipment", id: shipmentId });
    if (facts) app.hub.chatPartiesChanged(facts);
  };
  app.events.on("bidding.closed", recheckShipmentChat);
  app.events.on("quotation.declined", recheckShipmentChat);
  app.events.on("quotation.cancelled", recheckShipmentChat);

  // A disable announced while Redis was away never arrived here: the owners of this instance's
  // sockets are checked against the database on an interval and whenever Redis comes back.
  let recheckRunning = false;
  const recheckOwners = async () => {
    if (recheckRunning || connectionsByUser.size === 0) return;
    recheckRunning = true;
    try {
      const active = await app.authenticator.activeUsers([...connectionsByUser.keys()]);
      for (const [userId, own] of connectionsByUser) {
        const group = active.get(userId);
        for (const connection of own) {
          if (group === undefined) connection.revoke("Account disabled");
          else if (connection.admission.user?.group !== group) connection.revoke("Access changed");
        }
        if (group === undefined) app.authenticator.forget(userId);
      }
    } catch (error) {
      app.log.warn({ err: (error as Error).message }, "socket owner re-check failed");
    } finally {
      recheckRunning = false;
    }
  };
  const runRecheck = () => {
    const done = recheckOwners();
    pending.add(done);
    void done.finally(() => pending.delete(done));
  };
  app.hub.onReconnect(runRecheck);
  const recheckTimer =
    limits.recheckIntervalMs > 0 ? setInterval(runRecheck, limits.recheckIntervalMs) : null;
  recheckTimer?.unref();

  const allowedOrigins = new Set(
    [app.config.PUBLIC_URL, ...app.config.CORS_ORIGINS.split(",")]
      .map((value) => value.trim())
      .filter(Boolean)
      .map((value) => {
        try {
          return new URL(value).origin;
        } catch {
          return value;
        }
      }),
  );

  const isDevelopment = app.config.NODE_ENV === "development";
  /**
   * Same-origin pages (Origin host equals the Host they connected to), the configured public and
   * CORS origins, and in development any loopback origin (the Vite dev server proxies sockets).
   */
  const isAllowedOrigin = (origin: string, host: string | undefined): boolean => {
    if (allowedOrigins.has(origin)) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (host && url.host === host) return true;
    return isDevelopment && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  };

  const heartbeat = setInterval(() => {
    const settled = Date.now() - 60_000;
    for (const [userId, at] of revokedAt) if (at < settled) revokedAt.delete(userId);
    for (const [room, change] of partiesChanged) {
      if (change.at < settled) partiesChanged.delete(room);
    }
    budget.prune();
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, limits.heartbeatMs);
  heartbeat.unref();
  // Frames already received (also those read while sockets close) are acted on before the
  // database closes: this hook runs before the database's, which was registered earlier.
  app.addHook("onClose", async () => {
    clearInterval(heartbeat);
    if (recheckTimer) clearInterval(recheckTimer);
    while (pending.size > 0) await Promise.allSettled([...pending]);
  });

  async function authenticate(request: FastifyRequest) {
    const token = queryToken(request);
    const user = token ? await app.authenticator.userFromToken(token) : null;
    return { user, tokenExpiresAt: user && token ? tokenExpiry(token) : null, hadToken: !!token };
  }

  const admit =
    (decide: (request: FastifyRequest) => Promise<Decision>): preValidationAsyncHookHandler =>
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
      request.wsAdmission = { ...(await decide(request)), checkedAt };
    };

  const chatAdmission =
    (kind: "shipment" | "sample", param: string) =>
    async (request: FastifyRequest): Promise<Decision> => {
      const { user, tokenExpiresAt } = await authenticate(request);
      if (!user) return refused("chat", WS_CLOSE_CODES.unauthorized, "Invalid or expired token");
      const id = parseId((request.params as Record<string, unknown>)[param]);
      if (id === null) return refused("chat", WS_CLOSE_CODES.notFound, "Chat not found");
      const ref: ChatRef = { kind, id };
      const facts = await chat.findChat(ref);
      if (!facts) return refused("chat", WS_CLOSE_CODES.notFound, "Chat not found");
      if (!isChatParty(user, facts)) {
        return refused("chat", WS_CLOSE_CODES.forbidden, "Not a party to this chat");
      }
      return { user, tokenExpiresAt, channel: "chat", chat: ref, rooms: [chatRoom(ref)] };
    };

  const open = (socket: WebSocket, request: FastifyRequest) => {
    const admission = request.wsAdmission;
    if (!admission || admission.refuse) {
      const refusal = admission?.refuse ?? {
        code: WS_CLOSE_CODES.unauthorized,
        reason: "Not admitted",
      };
      socket.close(refusal.code, refusal.reason);
      return;
    }
    const userId = admission.user?.id;
    if (userId !== undefined && (revokedAt.get(userId) ?? -1) >= admission.checkedAt) {
      socket.close(WS_CLOSE_CODES.unauthorized, "Account disabled");
      return;
    }
    for (const room of admission.rooms) {
      const change = partiesChanged.get(room);
      if (
        admission.user &&
        change &&
        change.at >= admission.checkedAt &&
        !isChatParty(admission.user, change.parties)
      ) {
        socket.close(WS_CLOSE_CODES.forbidden, NO_LONGER_A_PARTY);
        return;
      }
    }
    const ip = userId === undefined ? byIp(request) : null;
    const sameUser = userId === undefined ? undefined : connectionsByUser.get(userId);
    const sameIp = ip === null ? 0 : (anonymousPerIp.get(ip) ?? 0);
    const chatRoomOf = admission.chat ? chatRoom(admission.chat) : null;
    let sameChat = 0;
    for (const other of sameUser ?? []) {
      if (chatRoomOf !== null && other.admission.rooms.includes(chatRoomOf)) sameChat += 1;
    }
    if (
      (sameUser?.size ?? 0) >= limits.maxSocketsPerUser ||
      sameChat >= limits.maxSocketsPerUserPerChat ||
      sameIp >= limits.maxAnonymousSocketsPerIp
    ) {
      socket.close(WS_CLOSE_CODES.policyViolation, "Too many connections");
      return;
    }
    const connection = new Connection(socket, admission, limits);
    connections.add(connection);
    if (userId !== undefined) {
      if (sameUser) sameUser.add(connection);
      else connectionsByUser.set(userId, new Set([connection]));
    }
    if (ip !== null) anonymousPerIp.set(ip, sameIp + 1);
    for (const room of admission.rooms) app.hub.join(room, connection);

    if (admission.tokenExpiresAt !== null) {
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
      const done = connection.enqueue(() => handleFrame(connection, text, request));
      pending.add(done);
      const settle = () => pending.delete(done);
      void done.then(settle, settle);
    });
    socket.on("close", () => {
      connections.delete(connection);
      for (const room of admission.rooms) app.hub.leave(room, connection);
      if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
      if (userId !== undefined) {
        const own = connectionsByUser.get(userId);
        own?.delete(connection);
        if (own?.size === 0) connectionsByUser.delete(userId);
      }
      if (ip !== null) {
        const left = (anonymousPerIp.get(ip) ?? 1) - 1;
        if (left <= 0) anonymousPerIp.delete(ip);
        else anonymousPerIp.set(ip, left);
      }
    });

    if (admission.channel === "notifications" && admission.user) {
      const user = admission.user;
      notifications
        .unreadCount(user.id)
        .then((count) => connection.sendEvent({ event_type: "unread_count", data: { count } }))
        .catch((error: unknown) => request.log.warn({ err: error }, "unread count failed"));
    }
  };

  async function handleFrame(
    connection: Connection,
    text: string | null,
    request: FastifyRequest,
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
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === "action") {
        request.log.info("websocket frame with unknown action dropped");
        return fail(realtimeMessages.unknownAction);
      }
      const field = issue?.path.join(".");
      return fail(
        field ? `${field}: ${issue?.message}` : (issue?.message ?? realtimeMessages.invalidFrame),
      );
    }
    const { user, chat: chatRef } = connection.admission;
    if (!user) return fail(realtimeMessages.wrongChannel);
    if (CHAT_ACTIONS.has(parsed.data.action) && !(await budget.take(user.id))) {
      return fail(realtimeMessages.rateLimited);
    }
    if (connection.revoked) return;
    try {
      await dispatch(parsed.data, user, chatRef);
    } catch (error) {
      if (error instanceof AppError) return fail(error.fields[0]?.message ?? error.message);
      request.log.error({ err: error }, "websocket action failed");
      return fail(realtimeMessages.failed);
    }
    return undefined;
  }

  async function dispatch(frame: ClientFrame, user: AuthUser, chatRef: ChatRef | null) {
    if (frame.action === "mark_notification_read") {
      await notifications.markRead(user, frame.notification_id);
      return;
    }
    if (!chatRef) throw AppError.badRequest(realtimeMessages.wrongChannel);
    switch (frame.action) {
      case "send_message":
        await chat.sendMessage(user, chatRef, {
          content: frame.message,
          attachmentId: frame.attachment,
          replyToId: null,
        });
        return;
      case "reply_to_thread":
        await chat.sendMessage(user, chatRef, {
          content: frame.message,
          attachmentId: frame.attachment,
          replyToId: frame.reply_to_id,
        });
        return;
      case "edit_message":
        await chat.editMessage(user, chatRef, frame.message_id, frame.new_content);
        return;
      case "delete_message":
        await chat.deleteMessage(user, chatRef, frame.message_id);
        return;
      case "add_reaction":
        await chat.addReaction(user, chatRef, frame.message_id, frame.reaction);
        return;
      case "mark_read":
        await chat.markRead(user, chatRef);
        return;
    }
  }

  app.get(
    "/ws/group-chat/:shipment_id",
    {
      websocket: true,
      preValidation: admit(chatAdmission("shipment", "shipment_id")),
      schema: { hide: true },
    },
    open,
  );
  app.get(
    "/ws/sample-shipment-chat/:id",
    {
      websocket: true,
      preValidation: admit(chatAdmission("sample", "id")),
      schema: { hide: true },
    },
    open,
  );
  app.get(
    "/ws/notifications/:user_id",
    {
      websocket: true,
      schema: { hide: true },
      preValidation: admit(async (request) => {
        const { user, tokenExpiresAt } = await authenticate(request);
        if (!user) {
          return refused("notifications", WS_CLOSE_CODES.unauthorized, "Invalid or expired token");
        }
        const id = parseId((request.params as Record<string, unknown>).user_id);
        if (id !== user.id) {
          return refused("notifications", WS_CLOSE_CODES.forbidden, "Not your notifications");
        }
        return {
          user,
          tokenExpiresAt,
          channel: "notifications",
          chat: null,
          rooms: [rooms.user(user.id)],
        };
      }),
    },
    open,
  );
  app.get(
    "/ws/announcement",
    {
      websocket: true,
      schema: { hide: true },
      // Public channel: a valid token only identifies the sender (who is skipped); a missing or
      // stale one still receives announcements.
      preValidation: admit(async (request) => {
        const { user, tokenExpiresAt } = await authenticate(request);
        return {
          user,
          tokenExpiresAt,
          channel: "announcements",
          chat: null,
          rooms: [rooms.announcements],
        };
      }),
    },
    open,
  );
}
