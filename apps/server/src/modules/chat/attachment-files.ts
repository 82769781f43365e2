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

/** An SVG names its root element early; a text file is never read further than this for it. */
const SVG_SNIFF_CHARS = 4096;

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/**
 * True when the text starts (after an optional XML declaration, comments and an SVG doctype) with
 * an `<svg` element. A forward scan with indexOf, so crafted comments cannot make it backtrack.
 */
export function startsAsSvg(text: string): boolean {
  const head = text.slice(0, SVG_SNIFF_CHARS);
  let at = 0;
  const startsWithWord = (word: string, from = at) =>
    head.slice(from, from + word.length).toLowerCase() === word;
  const skipSpace = () => {
    while (isSpace(head[at])) at++;
  };
  /** Moves past the next `close` after `from`; false when it does not occur. */
  const skipPast = (from: number, close: string) => {
    const end = head.indexOf(close, from);
    if (end === -1) return false;
    at = end + close.length;
    skipSpace();
    return true;
  };
  skipSpace();
  if (startsWithWord("<?xml") && !skipPast(at, ">")) return false;
  let hasDoctype = false;
  for (;;) {
    if (head.startsWith("<!--", at)) {
      if (!skipPast(at + 4, "-->")) return false;
    } else if (!hasDoctype && startsWithWord("<!doctype") && isSpace(head[at + 9])) {
      let name = at + 10;
      while (isSpace(head[name])) name++;
      if (!startsWithWord("svg", name) || !skipPast(name, ">")) return false;
      hasDoctype = true;
    } else {
      break;
    }
  }
  return startsWithWord("<svg") && (head[at + 4] === ">" || isSpace(head[at + 4]));
}

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
  // Loaded on the first upload, not at start.
  const { fileTypeFromBuffer } = await import("file-type");
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
  if (startsAsSvg(text))
    return { mimeType: "image/svg+xml", fileType: "svg+xml", extension: "svg" };
  if (detected) return null; // XML that is not SVG
  if (extension === "csv") return { mimeType: "text/csv", fileType: "csv", extension: "csv" };
  return { mimeType: "text/plain", fileType: "txt", extension: "txt" };
}
