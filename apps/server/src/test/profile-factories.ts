import { randomBytes } from "node:crypto";
import sharp from "sharp";

export interface MultipartFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** Encodes a multipart/form-data body the way a browser's FormData would. */
export function multipartBody(
  fields: Record<string, string>,
  files: Record<string, MultipartFile> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fba${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real image of the given size and format. */
export function testImage(
  format: "png" | "jpeg" | "gif" = "png",
  width = 600,
  height = 400,
): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .toFormat(format)
    .toBuffer();
}
