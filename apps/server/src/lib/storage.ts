import { randomBytes } from "node:crypto";
import { createReadStream, type ReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * File storage for attachments and avatars: files live under DATA_DIR/uploads (outside any static
 * root) under generated names. Writes go to a temp name first, so a failed write leaves nothing.
 */
export class FileStorage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, "uploads");
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
