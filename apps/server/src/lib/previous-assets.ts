import { constants } from "node:fs";
import { copyFile, mkdir, readdir, rename, stat, unlink, utimes } from "node:fs/promises";
import path from "node:path";

const DAY_MS = 86_400_000;

/** A hashed file name as the web build writes them (`SellerList-Bx3k9.js`, `.js.br`, `.css.gz`). */
const ASSET_NAME = /^[\w.-]+$/;

export interface KeptAssets {
  /** Files of the current build copied into the store (not there before). */
  copied: number;
  /** Files of earlier builds removed because no build had them for `keepDays`. */
  removed: number;
}

/**
 * Keeps the built web app's hashed files (`<distDir>/assets`) in `storeDir` after a release
 * replaces them: a tab opened before the release still fetches the chunks of the build it runs.
 *
 * Every file of the current build is copied into the store (through a temporary name and a rename,
 * so an instance starting beside another never serves half a file) and its modification time set
 * to now: the store's times say when a build last had each file. Files no build has had for
 * `keepDays` days are removed.
 */
export async function keepPreviousAssets(
  distDir: string,
  storeDir: string,
  keepDays: number,
  now: Date = new Date(),
): Promise<KeptAssets> {
  const assetsDir = path.join(distDir, "assets");
  const current = (await readdir(assetsDir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && ASSET_NAME.test(entry.name))
    .map((entry) => entry.name);
  await mkdir(storeDir, { recursive: true });
  const kept = new Set(await readdir(storeDir));
  let copied = 0;
  for (const name of current) {
    const target = path.join(storeDir, name);
    if (!kept.has(name)) {
      const temporary = path.join(storeDir, `.${name}.${process.pid}.tmp`);
      await copyFile(path.join(assetsDir, name), temporary, constants.COPYFILE_FICLONE);
      await rename(temporary, target);
      copied += 1;
    }
    await utimes(target, now, now);
  }
  const inBuild = new Set(current);
  const oldest = now.getTime() - keepDays * DAY_MS;
  let removed = 0;
  for (const name of kept) {
    if (inBuild.has(name)) continue;
    const file = path.join(storeDir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.mtimeMs >= oldest) continue;
    await unlink(file).catch(() => undefined);
    removed += 1;
  }
  return { copied, removed };
}

/**
 * The stored file for an `/assets/...` path that the current build does not have, or null. Only
 * a plain file name is looked up: no folders, no dots leading out of the store.
 */
export function previousAssetName(pathname: string): string | null {
  const match = /^\/assets\/([^/]+)$/.exec(pathname);
  const name = match?.[1];
  if (!name || !ASSET_NAME.test(name) || name.startsWith(".")) return null;
  return name;
}
