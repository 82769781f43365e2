import type { ErrorBody, FieldError, TokenPair, SuccessEnvelope } from "@fba/contract";
import { authStorage } from "./auth-storage";

export const API_BASE = "/api";

/** A failed call, carrying the contract's error body when the server sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Skip the bearer token and the refresh-and-replay dance (login, refresh itself). */
  anonymous?: boolean;
}

let onLoggedOut: () => void = () => {
  window.location.assign("/");
};
/** Lets the app decide what "logged out" does (tests replace it). */
export function setLoggedOutHandler(handler: () => void) {
  onLoggedOut = handler;
}

export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, "")}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // List queries drop empty parameters.
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
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? "GET",
    headers,
    body,
    signal: options.signal,
  });
}

let refreshing: Promise<boolean> | null = null;

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
      if (!res.ok) return false;
      const json = (await res.json()) as SuccessEnvelope<TokenPair>;
      authStorage.setTokens(json.data.access_token, json.data.refresh_token);
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

export function logoutLocally() {
  authStorage.clear();
  onLoggedOut();
}

async function parseError(res: Response): Promise<ApiError> {
  try {
    const json = (await res.json()) as Partial<ErrorBody> & { error_messages?: string[] };
    const errors = json.errors ?? (json.error_messages ?? []).map((message) => ({ message }));
    return new ApiError(res.status, json.message ?? res.statusText, errors);
  } catch {
    return new ApiError(res.status, res.statusText || "Request failed");
  }
}

/** Calls the API: bearer token, one refresh on 401 then replay, logout when that fails. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = authStorage.getAccessToken();
  let res = await send(path, options, token);
  if (res.status === 401 && !options.anonymous) {
    if (token && (await refreshTokens())) {
      res = await send(path, options, authStorage.getAccessToken());
    }
    if (res.status === 401) {
      logoutLocally();
      throw await parseError(res);
    }
  }
  if (!res.ok) throw await parseError(res);
  return (await res.json()) as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "POST", body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "PATCH", body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: "DELETE" }),
};
