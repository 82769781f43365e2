import { useSyncExternalStore } from "react";
import type { Group, User } from "@fba/contract";
import { authStorage } from "./auth-storage";

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedUser: User | null = null;

function snapshot(): User | null {
  const raw = localStorage.getItem("USER_DETAILS");
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = authStorage.getUser();
  }
  return cachedUser;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
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
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/** Where each role lands after signing in. */
export function homePathFor(group: Group | undefined | null): string {
  if (group === "Seller") return "/seller/dashboard";
  if (group === "Shipper") return "/shipper/dashboard";
  if (group === "Admin") return "/admin/dashboard";
  return "/";
}
