import { fileTypeFromBuffer } from "file-type";

export interface DetectedFile {
  mimeType: string;
  /** Short type shown by clients: the image/PDF subtype (png, svg+xml, pdf) or the extension. */
  fileType: string;
  /** Extension used for the stored file. */
  extension: string;
}

/** Binary types recognised by their magic bytes. */
const BINARY_ALLOW_LIST: Record<string, { fileType: string; extension: string }> = {
  "image/png": { fileType: "png", extension: "png" },
  "image/jpeg": { fileType: "jpeg", extension: "jpg" },
  "image/gif": { fileType: "gif", extension: "gif" },
  "image/webp": { fileType: "webp", extension: "webp" },
  "image/bmp": { fileType: "bmp", extension: "bmp" },
  "image/tiff": { fileType: "tiff", extension: "tiff" },
  "image/avif": { fileType: "avif", extension: "avif" },
  "application/pdf": { fileType: "pdf", extension: "pdf" },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
    fileType: "docx",
    extension: "docx",
  },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
    fileType: "xlsx",
    extension: "xlsx",
  },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": {
    fileType: "pptx",
    extension: "pptx",
  },
  "application/vnd.oasis.opendocument.text": { fileType: "odt", extension: "odt" },
  "application/vnd.oasis.opendocument.spreadsheet": { fileType: "ods", extension: "ods" },
  "application/vnd.oasis.opendocument.presentation": { fileType: "odp", extension: "odp" },
};

/** Legacy Office files share one container format (CFB); the name tells which program made it. */
const LEGACY_OFFICE: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

const SVG_START =
  /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  return match?.[1]?.toLowerCase() ?? "";
}

/** Valid UTF-8 without control characters other than tab, newline, carriage return, form feed. */
function asText(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text)) return null;
  return text.replace(/^\uFEFF/, "");
}

/**
 * Decides the type from the content, never from the client's name or Content-Type: magic bytes
 * for binary formats, a strict text check for plain text, CSV and SVG. Null means not allowed.
 */
export async function detectFile(bytes: Buffer, fileName: string): Promise<DetectedFile | null> {
  if (bytes.length === 0) return null;
  const detected = await fileTypeFromBuffer(bytes);
  const extension = extensionOf(fileName);
  if (detected && detected.mime !== "application/xml") {
    const allowed = BINARY_ALLOW_LIST[detected.mime];
    if (allowed) return { mimeType: detected.mime, ...allowed };
    if (detected.mime === "application/x-cfb") {
      const mimeType = LEGACY_OFFICE[extension];
      if (mimeType) return { mimeType, fileType: extension, extension };
    }
    return null;
  }
  const text = asText(bytes);
  if (text === null) return null;
  if (SVG_START.test(text))
    return { mimeType: "image/svg+xml", fileType: "svg+xml", extension: "svg" };
  if (detected) return null; // XML that is not SVG
  if (extension === "csv") return { mimeType: "text/csv", fileType: "csv", extension: "csv" };
  return { mimeType: "text/plain", fileType: "txt", extension: "txt" };
}

/** The display name: the client's file name without folders, extension or control characters. */
export function displayName(fileName: string | undefined): string {
  const base = (fileName ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001F\u007F]/g, "").trim();
  const withoutExtension = clean.replace(/\.[A-Za-z0-9]{1,10}$/, "");
  return (withoutExtension || "attachment").slice(0, 200);
}

/** Images other than SVG may render inline; everything else downloads. */
export function isInlineSafe(mimeType: string): boolean {
  return mimeType.startsWith("image/") && mimeType !== "image/svg+xml";
}
