import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { profileMessages } from "@fba/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.js";

export interface UploadedFile {
  /** Where the bytes were spooled; removed by `discard`. */
  path: string;
  size: number;
}

export interface ProfileForm {
  fields: Record<string, string>;
  image?: UploadedFile;
  /** Removes the spooled file (call in a finally). */
  discard(): Promise<void>;
}

const tooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", profileMessages.imageTooLarge, [
    { field: "image", message: profileMessages.imageTooLarge },
  ]);

/**
 * Reads a multipart profile form. The image is spooled to a private temp directory rather than
 * memory (it may be up to 50 MB); text fields keep their first value. Parts other than the
 * `image` file are drained and ignored.
 */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  const fields: Record<string, string> = {};
  let directory: string | undefined;
  let image: UploadedFile | undefined;
  const discard = async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (typeof part.value === "string" && !(part.fieldname in fields)) {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      // A form submitted without choosing a file still sends an empty, nameless part.
      if (part.fieldname !== "image" || image || !part.filename) {
        part.file.resume();
        continue;
      }
      directory ??= await mkdtemp(path.join(tmpdir(), "fba-avatar-"));
      const target = path.join(directory, "upload");
      let size = 0;
      part.file.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      await pipeline(part.file, createWriteStream(target, { mode: 0o600 }));
      if (part.file.truncated) throw tooLarge();
      if (size > 0) image = { path: target, size };
    }
  } catch (error) {
    await discard();
    if (error instanceof AppError) throw error;
    const { code, statusCode, syscall } = error as {
      code?: string;
      statusCode?: number;
      syscall?: string;
    };
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    // Our own disk errors are server faults; the multipart plugin's limits carry a 4xx status.
    if (syscall || (statusCode !== undefined && statusCode >= 400 && statusCode < 500)) throw error;
    // Everything else comes from a body the parser could not read.
    throw AppError.badRequest("Malformed multipart body");
  }
  return { fields, image, discard };
}
