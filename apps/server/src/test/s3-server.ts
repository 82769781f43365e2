import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { Config, S3Settings } from "../config.js";

export interface TestS3Server {
  /** The S3_* settings an app needs to store its files in the bucket. */
  config: Pick<
    Config,
    | "S3_ENDPOINT"
    | "S3_BUCKET"
    | "S3_ACCESS_KEY_ID"
    | "S3_SECRET_ACCESS_KEY"
    | "S3_REGION"
    | "S3_FORCE_PATH_STYLE"
  >;
  /** The same, as the S3 driver takes them. */
  settings: S3Settings;
  /** Stops the server and deletes its buckets. */
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on loopback with one empty bucket, keeping its objects in
 * a temp folder. It checks request signatures against its fixed credentials.
 */
export async function startS3Server(bucket = "fba-uploads"): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "fba-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    region: "us-east-1",
    forcePathStyle: true,
  };
  return {
    settings,
    config: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: settings.bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_REGION: settings.region,
      S3_FORCE_PATH_STYLE: settings.forcePathStyle,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
