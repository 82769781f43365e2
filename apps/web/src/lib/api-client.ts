import type { ErrorBody, FieldError, SuccessEnvelope, TokenPair } from "@fba/contract";
import { authStorage } from "./auth-storage";

export const API_BASE = "/api";

/** A failed call, carrying the contract's error body when the server sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    /** Set when the body used the `error_messages` form: shown under 'Validation Error'. */
    readonly validationMessages: string[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const NETWORK_ERROR_MESSAGE =
  "Cannot reach the server. Check your connection and try again.";

type Query = Record<string, string | number | boolean | null | undefined>;

/**
 * One GET as data: the api file that reads it and the router that starts it early build it from
 * the same function, so the two cannot ask for different URLs.
 */
export interface GetRequest {
  path: string;
  query?: Query;
}

/** The signed-in user (`auth/v1/me/`). */
export const meRequest: GetRequest = { path: "auth/v1/me/" };

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Skip the bearer token and the refresh-and-replay dance (login, refresh itself). */
  anonymous?: boolean;
  /** Send the bearer token but treat a 401 as final (logout must not trigger a refresh). */
  noRefresh?: boolean;
  /** What sends the request; fetch unless a call needs more (upload progress: lib/upload.ts). */
  transport?: Transport;
  /** Read the answer as a file (a PDF) instead of JSON; refusals are still the JSON error body. */
  asBlob?: boolean;
}

/** fetch's signature, for the one request helper that sends some calls another way. */
export type Transport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: BodyInit; signal?: AbortSignal },
) => Promise<Response>;

/** Where the session ended: the page (path and query) the user was on. */
let onLoggedOut: ((from: string) => void) | null = null;
/** The session ended before the app set its handler (a read started with the first download). */
let loggedOutPendingFrom: string | null = null;
/**
 * Lets the app decide what "logged out" does (the app navigates in place; tests observe it). A
 * session that ended before the handler was set is handed to it at once.
 */
export function setLoggedOutHandler(handler: (from: string) => void) {
  onLoggedOut = handler;
  const pending = loggedOutPendingFrom;
  if (pending !== null) {
    loggedOutPendingFrom = null;
    handler(pending);
  }
}

/** Escapes ampersands and drops empty parameters, as list queries require. */
export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, "")}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function send(
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json" };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  if (token && !options.anonymous) headers.authorization = `Bearer ${token}`;
  try {
    return await (options.transport ?? fetch)(buildUrl(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Whether a new pair was stored while a refresh with `spent` failed: a password change answers
 * with a fresh pair after ending every older session, so a call that was in flight meanwhile
 * continues on the new pair instead of ending the session it just got.
 */
function renewedMeanwhile(spent: string): boolean {
  const stored = authStorage.getRefreshToken();
  return stored !== null && stored !== spent;
}

/** One refresh at a time: concurrent 401s share the same refresh call. */
function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh = authStorage.getRefreshToken();
    if (!refresh) return false;
    try {
      const res = await send(
        "auth/refresh-token/",
        { method: "POST", body: { refresh }, anonymous: true },
        null,
      );
      if (!res.ok) return renewedMeanwhile(refresh);
      const json = (await res.json()) as SuccessEnvelope<TokenPair>;
      authStorage.setTokens(json.data.access_token, json.data.refresh_token);
      return true;
    } catch {
      return renewedMeanwhile(refresh);
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The page (path and query) the last session ended on; null since the last login. */
let endedFrom: string | null = null;

/** Where the session ended, while nobody has logged in again since (null otherwise). */
export function endedSessionFrom(): string | null {
  return endedFrom;
}

/** The user chose to log out: calls refused meanwhile are not a session that ended on them. */
let signingOut = false;

/** A login or sign-up started a new session. */
export function sessionStarted() {
  endedFrom = null;
  signingOut = false;
  // Answers fetched early under the session before are not the new session's.
  earlyGets.clear();
}

/**
 * The user is logging out: the server ends the session at once, so reads still in flight are
 * refused; they only clear the storage, and the logout's own navigation stands.
 */
export function signingOutNow() {
  signingOut = true;
}

/**
 * Clears the stored session and hands over to the app's logged-out handler, with the page it
 * ended on: taken at the first of the calls that fail together (several reads may be refused at
 * once), before anything reacts to the cleared storage by navigating away.
 */
export function logoutLocally() {
  earlyGets.clear();
  if (signingOut) {
    authStorage.clear();
    return;
  }
  endedFrom ??= `${window.location.pathname}${window.location.search}`;
  authStorage.clear();
  if (onLoggedOut) onLoggedOut(endedFrom);
  else loggedOutPendingFrom = endedFrom;
}

async function parseError(res: Response): Promise<ApiError> {
  try {
    const json = (await res.json()) as Partial<ErrorBody> & { error_messages?: unknown };
    const validationMessages = Array.isArray(json.error_messages)
      ? json.error_messages.map(String)
      : [];
    const errors = json.errors ?? validationMessages.map((message): FieldError => ({ message }));
    return new ApiError(
      res.status,
      json.message ?? (res.statusText || "Request failed"),
      errors,
      validationMessages,
    );
  } catch {
    return new ApiError(res.status, res.statusText || "Request failed");
  }
}

async function parseBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Calls the API: bearer token, one refresh on 401 then replay, logout when that fails. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = authStorage.getAccessToken();
  let res = await send(path, options, token);
  if (res.status === 401 && !options.anonymous && !options.noRefresh) {
    const current = authStorage.getAccessToken();
    // Another call (or tab) may already have rotated the pair while this one was in flight:
    // replay with the new token instead of refreshing again with a spent refresh token.
    const renewed =
      current !== null && current !== token ? true : token !== null && (await refreshTokens());
    if (renewed) res = await send(path, options, authStorage.getAccessToken());
    if (res.status === 401) {
      const error = await parseError(res);
      logoutLocally();
      throw error;
    }
  }
  if (!res.ok) throw await parseError(res);
  return options.asBlob ? ((await res.blob()) as T) : parseBody<T>(res);
}

/** GETs started before the screen that reads them has loaded, by URL; see prefetchGet. */
const earlyGets = new Map<string, Promise<unknown>>();
const EARLY_GET_TTL_MS = 10_000;

/**
 * Starts a GET now, so it runs while the screen's code downloads; the first `api.get` of the same
 * URL within 10 seconds takes its answer instead of asking again. Signed-in requests only.
 */
export function prefetchGet({ path, query }: GetRequest) {
  const url = buildUrl(path, query);
  if (!authStorage.getAccessToken() || earlyGets.has(url)) return;
  const answer = apiRequest(path, { query });
  // A failure is for the screen to report when it takes the answer, not an unhandled rejection.
  answer.catch(() => {});
  earlyGets.set(url, answer);
  setTimeout(() => earlyGets.delete(url), EARLY_GET_TTL_MS);
}

/**
 * Answers the page's HTML brought along (the server's first paint of an order page read them with
 * the same session), in place of any started before: the first `api.get` of each URL within 10
 * seconds takes its answer.
 */
export function seedEarlyGets(answers: Readonly<Record<string, unknown>>) {
  earlyGets.clear();
  for (const [url, body] of Object.entries(answers)) {
    earlyGets.set(url, Promise.resolve(body));
    setTimeout(() => earlyGets.delete(url), EARLY_GET_TTL_MS);
  }
}

function takeEarlyGet<T>(path: string, query?: Query): Promise<T> | undefined {
  const url = buildUrl(path, query);
  const answer = earlyGets.get(url);
  earlyGets.delete(url);
  return answer as Promise<T> | undefined;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    takeEarlyGet<T>(path, query) ?? apiRequest<T>(path, { query, signal }),
  /** The same as `get`, for a request built by a request function. */
  read: <T>({ path, query }: GetRequest, signal?: AbortSignal) =>
    takeEarlyGet<T>(path, query) ?? apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "POST", body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "PATCH", body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "PUT", body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: "DELETE" }),
  /** A file the API builds (an order's PDF), with the same token refresh as every call. */
  blob: (path: string) => apiRequest<Blob>(path, { asBlob: true }),
};
