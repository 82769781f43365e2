import { ACCESS_TOKEN_TTL_SECONDS, STORAGE_KEYS, VIEW_COOKIE } from "@fba/contract/constants";
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
    viewCookie(access);
  },
  setUser(user: User) {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  },
  /** Logout clears all local storage. */
  clear() {
    localStorage.clear();
    viewCookie(null);
  },
};

/**
 * The access token's copy the server's first paint of an order page reads (VIEW_COOKIE): sent
 * with this site's own page loads and links from elsewhere (SameSite=Lax), over HTTPS only where
 * the app is served over HTTPS, kept as long as the token is good, replaced with it and gone at
 * logout.
 */
function viewCookie(access: string | null) {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  document.cookie = access
    ? `${VIEW_COOKIE}=${access}; path=/; max-age=${ACCESS_TOKEN_TTL_SECONDS}; samesite=lax${secure}`
    : `${VIEW_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
}
