import { useSyncExternalStore } from "react";
import { onlineManager, type FetchStatus } from "@tanstack/react-query";
import { ApiError } from "../../lib/api-client";

/** What QueryState reads of a TanStack query result (any useQuery result fits). */
export interface QueryLike<T = unknown> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  fetchStatus: FetchStatus;
  refetch: () => Promise<unknown>;
}

/**
 * How a read stands, for the screen that shows it:
 * - `loading`: the first answer is on its way;
 * - `offline`: the browser is offline, so nothing can load (TanStack Query pauses the fetch and
 *   starts it again when the connection is back);
 * - `unreachable`: online, but the server could not be reached;
 * - `error`: the server answered with an error;
 * - `ready`: there is data to show (perhaps an older answer, see `QueryNotice`).
 */
export type QueryView = "loading" | "offline" | "unreachable" | "error" | "ready";

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Whether the browser is online, as TanStack Query's onlineManager sees it. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

function problemOf(query: QueryLike, online: boolean): "offline" | "unreachable" | "error" | null {
  if (!online || query.fetchStatus === "paused") return "offline";
  if (!query.isError) return null;
  return query.error instanceof ApiError && query.error.status === 0 ? "unreachable" : "error";
}

/**
 * The view of the query (what to show instead of its data, or `ready`) and, when there is data,
 * the problem of its latest refresh, if any.
 */
export function useQueryView(query: QueryLike): {
  view: QueryView;
  problem: "offline" | "unreachable" | "error" | null;
} {
  const online = useIsOnline();
  const problem = problemOf(query, online);
  if (query.data !== undefined) return { view: "ready", problem };
  return { view: problem ?? "loading", problem };
}
