import type { ClientFrame, ServerEvent } from "@fba/contract";
import type { AuthUser } from "../lib/principal.js";
import type { ChatParties, Room } from "./hub.js";

/**
 * How a module plugs into the socket gateway, the way it registers routes: endpoints decide who
 * may connect and which rooms they join; actions handle the client frames the contract defines.
 * The gateway keeps the transport (origin, token, limits, heartbeat); modules keep the rules.
 */

export type ClientAction = ClientFrame["action"];
export type FrameOf<A extends ClientAction> = Extract<ClientFrame, { action: A }>;

/** What an endpoint's socket is about (a shipment's or a sample's chat); actions receive it. */
export interface SocketScope {
  kind: "shipment" | "sample";
  id: number;
}

export interface SocketGrant {
  rooms: Room[];
  scope: SocketScope | null;
}

export interface SocketRefusal {
  refuse: { code: number; reason: string };
}

export interface SocketEndpoint {
  path: string;
  /** The channel a socket opened here is on; actions name the channels they accept. */
  channel: string;
  /** Admits sockets without a valid token too (the public announcement channel). */
  allowsAnonymous?: boolean;
  /** Decides the upgrade; `user` is null only when `allowsAnonymous`. */
  admit(
    user: AuthUser | null,
    params: Record<string, unknown>,
  ): Promise<SocketGrant | SocketRefusal>;
  /** Whether a socket's user may stay once the parties of its scope changed. */
  staysAdmitted?(user: AuthUser, parties: ChatParties): boolean;
  /** Runs once the socket is open; `send` answers this socket only. */
  opened?(user: AuthUser | null, send: (event: ServerEvent) => void): Promise<void>;
}

export interface SocketAction<A extends ClientAction = ClientAction> {
  action: A;
  /** Channels the action is taken on; any channel with a signed-in user when absent. */
  channels?: readonly string[];
  /** Changes what everyone in a chat sees: draws on the user's budget shared by all sockets. */
  budgeted?: boolean;
  /** `reply` answers the socket the frame came on, and no one else. */
  handle(
    frame: FrameOf<A>,
    user: AuthUser,
    scope: SocketScope | null,
    reply: (event: ServerEvent) => void,
  ): Promise<void>;
}

export interface SocketRegistration {
  endpoints: SocketEndpoint[];
  actions: SocketAction[];
}

/** Types one action against its frame, so a module's list of actions stays checked. */
export function socketAction<A extends ClientAction>(action: SocketAction<A>): SocketAction {
  return action as unknown as SocketAction;
}

/** The id in a socket path: digits only, within PostgreSQL's integer range. */
export function parseSocketId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
