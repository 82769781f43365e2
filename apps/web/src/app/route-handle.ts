import type { Params } from "react-router";

/** What a route may carry in its `handle`. */
export interface RouteHandle {
  title?: string;
  /** Fetches the route's chunk; called for every matched route when the app starts. */
  preload?: () => Promise<unknown>;
  /** Starts the route's first API reads at the same time (they must match what the screen asks). */
  prefetch?: (params: Params) => void;
}
