import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, stat, statfs, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { AppError, defaultErrorMessage } from "./errors.js";

/**
 * Where uploaded files (chat attachments, avatars, documents) live: on the local disk under
 * DATA_DIR/uploads by default, or in an S3-compatible bucket when S3_* is configured, so that
 * several instances need no shared disk (`S3Storage` in s3-storage.ts; app.ts picks the driver).
 * Keys are `<folder>/<random hex>[.<extension>]` on both.
 */
export interface FileStorage {
  /** Stores bytes under a new key in `folder` (e.g. "attachments"); returns the key. */
  put(folder: string, bytes: Buffer, extension?: string): Promise<string>;
  /** Stores bytes under a key made beforehand with `newStorageKey`. */
  write(key: string, bytes: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The stored bytes, or null when nothing is stored under the key. */
  read(key: string): Promise<Readable | null>;
  /** Removing a key that holds nothing is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Throws 507 when writing `incomingBytes` more would leave the upload disk too full. Only the
   * disk driver has such a limit.
   */
  assertSpaceFor(incomingBytes?: number): Promise<void>;
  /** Lets go of open connections; called when the app closes. */
  close(): Promise<void>;
}

/** A new key in `folder`, in the one format every driver stores. */
export function newStorageKey(folder: string, extension = ""): string {
  return checkedKey(
    `${folder}/${randomBytes(16).toString("hex")}${extension ? `.${extension}` : ""}`,
  );
}

/** Keys are ours alone: anything else (a path escaping the folder, say) is a programming error. */
export function checkedKey(key: string): string {
  if (!/^[a-z0-9-]+\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/.test(key))
    throw new Error("invalid storage key");
  return key;
}

/**
 * Files under DATA_DIR/uploads (outside any static root). Writes go to a temp name first, so a
 * failed write leaves nothing.
 */
export class DiskStorage implements FileStorage {
  readonly root: string;

  /**
   * `minFreeBytes`: writes are refused (507) rather than let uploads fill the disk that the
   * database and the logs may share; 0 turns the guard off.
   */
  constructor(
    dataDir: string,
    private readonly minFreeBytes = 0,
  ) {
    this.root = path.resolve(dataDir, "uploads");
  }

  /** Free bytes for unprivileged writers on the disk holding the upload folder. */
  async freeBytes(): Promise<number> {
    await mkdir(this.root, { recursive: true });
    const stats = await statfs(this.root);
    return stats.bavail * stats.bsize;
  }

  async assertSpaceFor(incomingBytes = 0): Promise<void> {
    if (this.minFreeBytes <= 0) return;
    if ((await this.freeBytes()) - incomingBytes < this.minFreeBytes) {
      const message = defaultErrorMessage("INSUFFICIENT_STORAGE");
      throw new AppError("INSUFFICIENT_STORAGE", message, [{ message }]);
    }
  }

  private resolve(key: string): string {
    return path.join(this.root, checkedKey(key));
  }

  async put(folder: string, bytes: Buffer, extension = ""): Promise<string> {
    const key = newStorageKey(folder, extension);
    await this.write(key, bytes);
    return key;
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    const target = this.resolve(key);
    await this.assertSpaceFor(bytes.length);
    await mkdir(path.dirname(target), { recursive: true });
    // Keys are random, so the temp name needs no process id; remove() takes it away too.
    const temp = `${target}.tmp`;
    try {
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const file = this.resolve(key);
    try {
      await stat(file);
      return true;
    } catch {
      return false;
    }
  }

  async read(key: string): Promise<Readable | null> {
    try {
      // Opened here, so a missing file is known before any header goes out.
      const file = await open(this.resolve(key), "r");
      return file.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const target = this.resolve(key);
    await rm(target, { force: true });
    // A write cut off by the process dying leaves its temp file.
    await rm(`${target}.tmp`, { force: true });
  }

  async close(): Promise<void> {}
}
