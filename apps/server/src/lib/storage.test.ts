import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, s3Settings } from "../config.js";
import { startS3Server, type TestS3Server } from "../test/s3-server.js";
import { AppError } from "./errors.js";
import { S3Storage } from "./s3-storage.js";
import { DiskStorage, type FileStorage } from "./storage.js";

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error("nothing stored");
  return Buffer.concat(await stream.toArray());
}

interface Driver {
  storage: FileStorage;
  close(): Promise<void>;
}

const drivers: Array<[string, () => Promise<Driver>]> = [
  [
    "disk",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "fba-storage-"));
      return {
        storage: new DiskStorage(dataDir),
        close: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  ],
  [
    "S3",
    async () => {
      const server = await startS3Server();
      const storage = new S3Storage(server.settings);
      return {
        storage,
        close: async () => {
          await storage.close();
          await server.close();
        },
      };
    },
  ],
];

describe.each(drivers)("the %s storage driver", (_name, open) => {
  let driver: Driver;
  let storage: FileStorage;

  beforeAll(async () => {
    driver = await open();
    storage = driver.storage;
  });
  afterAll(async () => driver?.close());

  it("stores bytes under a new key in the folder and reads them back unchanged", async () => {
    const bytes = randomBytes(300 * 1024);
    const key = await storage.put("attachments", bytes, "pdf");
    expect(key).toMatch(/^attachments\/[0-9a-f]{32}\.pdf$/);
    expect(await storage.exists(key)).toBe(true);
    expect((await bytesOf(await storage.read(key))).equals(bytes)).toBe(true);

    const plain = await storage.put("avatars", Buffer.from("no extension"));
    expect(plain).toMatch(/^avatars\/[0-9a-f]{32}$/);
    expect((await bytesOf(await storage.read(plain))).toString()).toBe("no extension");
    expect(await storage.put("avatars", Buffer.from("again"))).not.toBe(plain);
  });

  it("answers a key that holds nothing with false and null, and removes it without error", async () => {
    const missing = "attachments/0123456789abcdef0123456789abcdef.png";
    expect(await storage.exists(missing)).toBe(false);
    expect(await storage.read(missing)).toBeNull();
    await expect(storage.remove(missing)).resolves.toBeUndefined();
  });

  it("removes a stored file for good", async () => {
    const key = await storage.put("attachments", Buffer.from("short-lived"), "txt");
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.read(key)).toBeNull();
  });

  it("refuses keys not in its own format", async () => {
    for (const key of ["../secret", "attachments/../../etc/passwd", "attachments/a/b", ""]) {
      await expect(storage.exists(key)).rejects.toThrow("invalid storage key");
      await expect(storage.read(key)).rejects.toThrow("invalid storage key");
      await expect(storage.remove(key)).rejects.toThrow("invalid storage key");
    }
    await expect(storage.put("../up", Buffer.from("x"))).rejects.toThrow("invalid storage key");
  });
});

describe("the disk driver's free-space guard", () => {
  it("refuses a write that would leave less than the minimum free, writing nothing", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fba-storage-"));
    try {
      const storage = new DiskStorage(dataDir, Number.MAX_SAFE_INTEGER);
      const refused = await storage.put("attachments", Buffer.from("x"), "txt").catch((e) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe("INSUFFICIENT_STORAGE");
      expect(readdirSync(path.join(dataDir, "uploads"))).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the S3 driver against a bucket it may not write", () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => server?.close());

  it("fails the write when the credentials are refused instead of losing the file", async () => {
    // s3rver checks the access key (it does not recompute v4 signatures).
    const storage = new S3Storage({ ...server.settings, accessKeyId: "UNKNOWN" });
    try {
      await expect(storage.put("attachments", Buffer.from("x"), "txt")).rejects.toThrow(
        /Access Key Id/,
      );
    } finally {
      await storage.close();
    }
  });

  it("fails reads from a bucket that does not exist rather than calling the file missing", async () => {
    const storage = new S3Storage({ ...server.settings, bucket: "no-such-bucket" });
    try {
      await expect(
        storage.read("attachments/0123456789abcdef0123456789abcdef.png"),
      ).rejects.toThrow();
    } finally {
      await storage.close();
    }
  });
});

describe("S3 storage configuration", () => {
  const complete = {
    S3_ENDPOINT: "https://s3.eu-central-1.amazonaws.com",
    S3_BUCKET: "fba-uploads",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "example-secret",
    S3_REGION: "eu-central-1",
  };

  it("keeps files on the disk when no S3 setting is given", () => {
    expect(s3Settings(loadConfig({}))).toBeNull();
  });

  it("uses the bucket when all settings are given, virtual-host style unless told otherwise", () => {
    expect(s3Settings(loadConfig(complete))).toEqual({
      endpoint: complete.S3_ENDPOINT,
      bucket: "fba-uploads",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "example-secret",
      region: "eu-central-1",
      forcePathStyle: false,
    });
    expect(
      s3Settings(loadConfig({ ...complete, S3_FORCE_PATH_STYLE: "true" }))?.forcePathStyle,
    ).toBe(true);
  });

  it("refuses to start on a partial S3 configuration, naming every missing setting", () => {
    const partial = { S3_ENDPOINT: complete.S3_ENDPOINT, S3_BUCKET: complete.S3_BUCKET };
    expect(() => loadConfig(partial)).toThrow(
      /S3_ACCESS_KEY_ID: S3 storage needs all of[^\n]*\n\s+S3_SECRET_ACCESS_KEY: [^\n]*\n\s+S3_REGION: /,
    );
    expect(() => loadConfig({ ...complete, S3_REGION: "" })).toThrow(/S3_REGION: S3 storage/);
    expect(() => loadConfig({ ...complete, S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });
});
