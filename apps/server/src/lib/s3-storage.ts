import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "../config.js";
import { checkedKey, newStorageKey, type FileStorage } from "./storage.js";

/** Connections to the bucket per instance (the SDK's default is 50). */
const MAX_CONNECTIONS = 1_000;

/**
 * Files as objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...) under the same keys
 * the disk driver uses. Every instance configured with the bucket sees every file. There is no
 * free-space guard: the bucket's provider sets its own limits.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // Checksums only where S3 demands them: several S3-compatible servers refuse the newer
      // checksum headers the SDK would otherwise send on every upload.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // A bucket that stops answering fails the request instead of holding it open for ever. The
      // request timeout ends once the answer's headers arrive: a slow download is not cut. Each
      // download holds its connection to the bucket while the client reads, so allow many more
      // than the SDK's 50, or slow downloads would queue every other file operation behind them.
      requestHandler: {
        connectionTimeout: 5_000,
        requestTimeout: 60_000,
        throwOnRequestTimeout: true,
        httpAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS },
        httpsAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS },
      },
    });
  }

  async put(folder: string, bytes: Buffer, extension = ""): Promise<string> {
    const key = newStorageKey(folder, extension);
    await this.write(key, bytes);
    return key;
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkedKey(key),
        Body: bytes,
        ContentLength: bytes.length,
      }),
    );
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      return true;
    } catch (error) {
      if (error instanceof NotFound) return false;
      throw error;
    }
  }

  async read(key: string): Promise<Readable | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }),
      );
      // In Node the SDK hands the body over as the response stream itself.
      if (!(object.Body instanceof Readable)) throw new Error("S3 object body is not a stream");
      return object.Body;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
  }

  async assertSpaceFor(): Promise<void> {}

  async close(): Promise<void> {
    this.client.destroy();
  }
}
