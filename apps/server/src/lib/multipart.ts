import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { AppError } from "./errors.js";
import { restartRequestClock } from "../db/request-clock.js";

/**
 * The one way multipart forms are read. Each route registers @fastify/multipart with its own
 * limits and names the one file it takes; text fields keep their first value, every other file
 * part is drained unread. The file goes to memory or, for large ones, to a private temp directory;
 * `discard` removes it (call it in a finally).
 */
export interface MultipartFileSpec {
  /** The form field that carries the file. */
  field: string;
  to: "memory" | "disk";
  /** Skip a file part without a file name (a form sent without choosing a file). */
  skipNameless: boolean;
  /** The refusal for a file over the route's size limit. */
  tooLarge: () => AppError;
}

type LimitCode = "FST_FILES_LIMIT" | "FST_PARTS_LIMIT" | "FST_FIELDS_LIMIT";

export interface MultipartForm {
  fields: Record<string, string>;
  file?: { bytes?: Buffer; path?: string; size: number; fileName: string };
  discard(): Promise<void>;
}

export async function readMultipart(
  request: FastifyRequest,
  spec: MultipartFileSpec,
  /** A route's own answer to one of the plugin's count limits; otherwise the plugin's 4xx stands. */
  limits: Partial<Record<LimitCode, () => AppError>> = {},
): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  let directory: string | undefined;
  let file: MultipartForm["file"];
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
      if (part.fieldname !== spec.field || file || (spec.skipNameless && !part.filename)) {
        part.file.resume();
        continue;
      }
      if (spec.to === "memory") {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw spec.tooLarge();
        file = { bytes, size: bytes.length, fileName: part.filename };
        continue;
      }
      directory ??= await mkdtemp(path.join(tmpdir(), "fba-upload-"));
      const target = path.join(directory, "upload");
      let size = 0;
      part.file.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      await pipeline(part.file, createWriteStream(target, { mode: 0o600 }));
      if (part.file.truncated) throw spec.tooLarge();
      if (size > 0) file = { path: target, size, fileName: part.filename };
    }
  } catch (error) {
    await discard();
    if (error instanceof AppError) throw error;
    const { code, statusCode, syscall } = error as {
      code?: string;
      statusCode?: number;
      syscall?: string;
    };
    if (code === "FST_REQ_FILE_TOO_LARGE") throw spec.tooLarge();
    const limit = code === undefined ? undefined : limits[code as LimitCode];
    if (limit) throw limit();
    // Our own disk errors are server faults; the multipart plugin's other limits carry a 4xx.
    if (syscall || (statusCode !== undefined && statusCode >= 400 && statusCode < 500)) throw error;
    // Everything else comes from a body the parser could not read.
    throw AppError.badRequest("Malformed multipart body");
  }
  restartRequestClock();
  return { fields, file, discard };
}
