import { API_BASE } from "./api-client";

/** The API paths that serve uploaded files: profile images, chat attachments, order documents. */
const MEDIA_PATHS = [
  `${API_BASE}/users/`,
  `${API_BASE}/chat/attachment/`,
  `${API_BASE}/documents/`,
];

/**
 * The API names uploaded files by absolute URLs built from its public address, for every client.
 * This app loads them by path and (signed) query instead, so they come from whatever address the
 * page was opened on (127.0.0.1, www or not, behind a proxy) and the page's `img-src 'self'` allows
 * them. Anything else (a `blob:` preview, a file on another site) is returned as it is.
 */
export function mediaUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return url;
  }
  const isHttp = parsed.protocol === "http:" || parsed.protocol === "https:";
  if (!isHttp || !MEDIA_PATHS.some((path) => parsed.pathname.startsWith(path))) return url;
  return `${parsed.pathname}${parsed.search}`;
}
