import { describe, expect, it, vi } from "vitest";
import { isChunkLoadError, latestBuild, reloadIfNewRelease, RELEASE_RELOAD_KEY } from "./release";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("after a chunk failed to download", () => {
  it("reloads once per session when the server runs another release", async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const check = {
      running: "/assets/index-old.js",
      latest: async () => "/assets/index-new.js",
      storage,
      reload,
    };
    expect(await reloadIfNewRelease(check)).toBe(true);
    expect(storage.getItem(RELEASE_RELOAD_KEY)).toBe("/assets/index-new.js");
    // The reloaded page fails again (the release took the file away for good): no loop.
    expect(await reloadIfNewRelease(check)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload for the same release, an unreachable server or the dev server", async () => {
    const reload = vi.fn();
    const base = { storage: memoryStorage(), reload };
    const same = {
      ...base,
      running: "/assets/index-a.js",
      latest: async () => "/assets/index-a.js",
    };
    const offline = { ...base, running: "/assets/index-a.js", latest: async () => null };
    const dev = { ...base, running: null, latest: async () => "/assets/index-b.js" };
    for (const check of [same, offline, dev]) expect(await reloadIfNewRelease(check)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("reads the server's release without the browser's cache, and tells chunk failures apart", async () => {
    const fetcher = vi.fn(async () => Response.json({ build: "/assets/index-b.js" }));
    expect(await latestBuild(fetcher)).toBe("/assets/index-b.js");
    expect(fetcher).toHaveBeenCalledWith("/version.json", { cache: "no-store" });
    const down = vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")));
    expect(await latestBuild(down)).toBeNull();

    expect(
      isChunkLoadError(
        new TypeError("Failed to fetch dynamically imported module: http://x/assets/a.js"),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined"))).toBe(false);
  });
});
