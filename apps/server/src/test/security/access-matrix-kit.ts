// The access matrix's vocabulary: who calls (actors), what each should get back, and the world
// the calls are made in. The route table is in access-matrix-*-routes.ts.
import type { Actor, World } from "./fixtures.js";

/** The fixtures' world plus what only the matrix needs: a signed link to the order's document. */
export type MatrixWorld = World & { signedDocumentPath: string };

export type Expectation = Record<Actor, number>;

export interface RouteCase {
  path: (w: MatrixWorld, actor: Actor) => string;
  body?: (w: MatrixWorld, actor: Actor) => unknown;
  multipart?: boolean;
  expect: Expectation;
  /** The refusal text errors[0].message must carry, where the spec fixes one. */
  refusal?: Partial<Record<Actor, string>>;
  /** Actors in the order they call; state-changing successes go last. */
  order?: readonly Actor[];
}

/** Shorthand: one status for everyone signed in, refined per actor. */
export const all = (signedIn: number, overrides: Partial<Expectation> = {}): Expectation => ({
  anonymous: 401,
  otherSeller: signedIn,
  otherAgent: signedIn,
  loser: signedIn,
  seller: signedIn,
  winner: signedIn,
  admin: signedIn,
  ...overrides,
});
export const sellersOnly = (ok: number, o: Partial<Expectation> = {}) =>
  all(403, { seller: ok, otherSeller: ok, ...o });
export const agentsOnly = (ok: number, o: Partial<Expectation> = {}) =>
  all(403, { winner: ok, loser: ok, otherAgent: ok, ...o });
export const adminOnly = (ok: number) => all(403, { admin: ok });
/** Public routes: nobody is refused for who they are; an empty body is bad input. */
export const publicRoute = (status: number) => all(status, { anonymous: status });

export const NOT_AUTHORISED = "You are not authorised to view this shipment";
export const NOT_NOW = "You cannot view this shipment right now.";
export const CLAIMED_BY_ANOTHER = "Another agent is handling this sample shipment";

export const fixed = (path: string) => () => path;

/** Socket routes are proven by the socket matrix; listed so the route check knows them. */
export const SOCKET_ROUTES = [
  "GET /ws/group-chat/:shipment_id",
  "GET /ws/sample-shipment-chat/:id",
  "GET /ws/notifications/:user_id",
  "GET /ws/announcement",
];
