import { randomBytes } from "node:crypto";
import { createReadStream, type ReadStream } from "node:fs";
import { mkdir, rename, rm, stat, statfs, writeFile } from "node:fs/promises";
import path from "node:path";
import { AppError, defaultErrorMessage } from "./errors.js";

/**
 * File storage for attachments and avatars: files live under DATA_DIR/uploads (outside any static
 * root) under generated names. Writes go to a temp name first, so a failed write leaves nothing.
 */
export class FileStorage {
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

  /** Throws 507 when writing `incomingBytes` more would leave less than the configured minimum. */
  async assertSpaceFor(incomingBytes = 0): Promise<void> {
    if (this.minFreeBytes <= 0) return;
    if ((await this.freeBytes()) - incomingBytes < this.minFreeBytes) {
      const message = defaultErrorMessage("INSUFFICIENT_STORAGE");
      throw new AppError("INSUFFICIENT_STORAGE", message, [{ message }]);
    }
  }

  private resolve(key: string): string {
    if (!/^[a-z0-9-]+\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/.test(key))
      throw new Error("invalid storage key");
    return path.join(this.root, key);
  }

  /** Stores bytes under a new key in `folder` (e.g. "attachments"); returns the key. */
  async put(folder: string, bytes: Buffer, extension = ""): Promise<string> {
    const key = `${folder}/${randomBytes(16).toString("hex")}${extension ? `.${extension}` : ""}`;
    const target = this.resolve(key);
    await this.assertSpaceFor(bytes.length);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    try {
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return key;
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.resolve(key));
      return true;
    } catch {
      return false;
    }
  }

  read(key: string): ReadStream {
    return createReadStream(this.resolve(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }
}
