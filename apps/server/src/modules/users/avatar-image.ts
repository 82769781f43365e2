import { PROFILE_IMAGE_MIME_TYPES, AVATAR_SIZE_PX, profileMessages } from "@fba/contract";
import { AppError } from "../../lib/errors.js";

const allowed = new Set<string>(PROFILE_IMAGE_MIME_TYPES);
// Decompression bombs: refuse images with more pixels than a 100-megapixel photo.
const MAX_INPUT_PIXELS = 100_000_000;

const unsupported = () =>
  new AppError("UNSUPPORTED_MEDIA_TYPE", profileMessages.imageUnsupported, [
    { field: "image", message: profileMessages.imageUnsupported },
  ]);

/**
 * Turns an uploaded file into a square 256 px WebP avatar. The type is decided by the file's
 * bytes, never by its name or declared type, and the output is re-encoded, so nothing the
 * uploader wrote (scripts, metadata, polyglots) survives.
 */
export async function makeAvatar(filePath: string): Promise<Buffer> {
  // Loaded on the first upload, not at start (a server starts before it serves).
  const [{ fileTypeFromFile }, { default: sharp }] = await Promise.all([
    import("file-type"),
    import("sharp"),
  ]);
  const detected = await fileTypeFromFile(filePath);
  if (!detected || !allowed.has(detected.mime)) throw unsupported();
  try {
    return await sharp(filePath, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw unsupported();
  }
}
