import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "@fba/contract/constants";
import type { AuthResult, User } from "@fba/contract";
import { apiRequest, sessionStarted, signingOutNow } from "./api-client";
import { authStorage } from "./auth-storage";

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedUser: User | null = null;

function snapshot(): User | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = authStorage.getUser();
  }
  return cachedUser;
}

/**
 * On a server: nobody for the landing page's prerender, the reader for the first paint of an order
 * page, which renders with the reader's user in a stand-in storage (app/first-paint.tsx).
 */
const serverSnapshot = () => (typeof localStorage === "undefined" ? null : snapshot());

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logging in or out changes the session here too.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** Tell subscribers the stored user changed (login, profile update, logout). */
export function notifySessionChanged() {
  for (const listener of listeners) listener();
}

/** The signed-in user as stored at login (null when signed out); re-renders when it changes. */
export function useCurrentUser(): User | null {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** Stores the tokens and user of a login or sign-up. */
export function saveSession(result: AuthResult) {
  sessionStarted();
  authStorage.setTokens(result.access_token, result.refresh_token);
  authStorage.setUser(result.user);
  notifySessionChanged();
}

/** Replaces the stored user after a profile change. */
export function updateStoredUser(user: User) {
  authStorage.setUser(user);
  notifySessionChanged();
}

/**
 * Revokes the refresh token on the server (a failure is ignored: the user still leaves), then
 * clears all local storage. The caller clears caches and navigates.
 */
export async function logout(): Promise<void> {
  signingOutNow();
  const refresh = authStorage.getRefreshToken();
  if (refresh) {
    try {
      await apiRequest("auth/logout/", { method: "POST", body: { refresh }, noRefresh: true });
    } catch {
      // Ignored by design: logging out must always succeed locally.
    }
  }
  authStorage.clear();
  notifySessionChanged();
}
