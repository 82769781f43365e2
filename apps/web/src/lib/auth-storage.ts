import { STORAGE_KEYS } from "@fba/contract/constants";
import type { User } from "@fba/contract";

/** The only code that touches the stored tokens and user. */
export const authStorage = {
  getAccessToken: () => localStorage.getItem(STORAGE_KEYS.accessToken),
  getRefreshToken: () => localStorage.getItem(STORAGE_KEYS.refreshToken),
  getUser(): User | null {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as User;
    } catch {
      return null;
    }
  },
  setTokens(access: string, refresh: string) {
    localStorage.setItem(STORAGE_KEYS.accessToken, access);
    localStorage.setItem(STORAGE_KEYS.refreshToken, refresh);
  },
  setUser(user: User) {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  },
  /** Logout clears all local storage. */
  clear() {
    localStorage.clear();
  },
};
