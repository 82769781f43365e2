/**
 * Which release of the web app this tab runs, and whether the server has a newer one.
 *
 * The build writes `/version.json` (`{"build": "/assets/index-<hash>.js"}`, sent with no-cache):
 * the path of its entry script, whose hash changes whenever any of the app's files does (the
 * entry names every chunk). A tab knows its own from the entry script of its page.
 */

const VERSION_URL = "/version.json";
/** Set once a new release made this tab reload: it reloads at most once per session. */
export const RELEASE_RELOAD_KEY = "fba.release-reload";

/** The entry script this page runs, or null outside a production build (the dev server). */
export function runningBuild(doc: Document = document): string | null {
  const script = doc.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]');
  if (!script) return null;
  return new URL(script.src, doc.baseURI).pathname;
}

/** The server's current build, or null when it cannot be asked (offline, server down). */
export async function latestBuild(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetcher(VERSION_URL, { cache: "no-store" });
    if (!res.ok) return null;
    const body = (await res.json()) as { build?: unknown };
    return typeof body.build === "string" ? body.build : null;
  } catch {
    return null;
  }
}

/** A script chunk that could not be downloaded (network, server down, file gone). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(
    error.message,
  );
}

export interface ReleaseCheck {
  running: string | null;
  latest: () => Promise<string | null>;
  storage: Pick<Storage, "getItem" | "setItem">;
  reload: () => void;
}

/**
 * After a chunk failed to load: when the server runs another release than this tab, reloads the
 * page (once per session: a second failure after that shows the error with Retry instead).
 * Resolves to true when it reloads.
 */
export async function reloadIfNewRelease(
  check: ReleaseCheck = {
    running: runningBuild(),
    latest: () => latestBuild(),
    storage: sessionStorage,
    reload: () => window.location.reload(),
  },
): Promise<boolean> {
  if (!check.running || check.storage.getItem(RELEASE_RELOAD_KEY)) return false;
  const latest = await check.latest();
  if (!latest || latest === check.running) return false;
  check.storage.setItem(RELEASE_RELOAD_KEY, latest);
  check.reload();
  return true;
}
