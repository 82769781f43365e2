import { profileMessages } from "@fba/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.js";
import { readMultipart } from "../../lib/multipart.js";

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
 * memory (it may be up to 50 MB); a form sent without choosing a file has no image.
 */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  const form = await readMultipart(request, {
    field: "image",
    to: "disk",
    skipNameless: true,
    tooLarge,
  });
  const image = form.file?.path ? { path: form.file.path, size: form.file.size } : undefined;
  return { fields: form.fields, image, discard: form.discard };
}
