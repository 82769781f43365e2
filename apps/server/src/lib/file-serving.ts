import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { stripDisallowedText } from "@fba/contract";

/**
 * What every uploaded file (chat attachment, order document) shares: the name it is shown and
 * served under, and the one safe way its bytes are sent back.
 */

/** The display name: the client's file name without folders, extension or what the text rule refuses. */
export function displayName(fileName: string | undefined, fallback = "attachment"): string {
  const base = (fileName ?? "").split(/[\\/]/).pop() ?? "";
  // A file name is not typed into a field: what the text rule refuses is dropped, not refused.
  const clean = stripDisallowedText(base)
    .replace(/[\t\r\n]/g, "")
    .trim();
  const withoutExtension = clean.replace(/\.[A-Za-z0-9]{1,10}$/, "");
  // Cut by code points: a cut through a surrogate pair would leave a lone surrogate.
  return Array.from(withoutExtension || fallback)
    .slice(0, 200)
    .join("");
}

/** Images other than SVG may render inline; everything else downloads. */
export function isInlineSafe(mimeType: string): boolean {
  return mimeType.startsWith("image/") && mimeType !== "image/svg+xml";
}

/** RFC 6266 filename: an ASCII fallback plus the UTF-8 original. */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Stored files are reached only through a signed link or a bearer call, so another web client
 * on its own origin (CORS_ORIGINS) may embed them: the API's same-origin resource policy would
 * leave its <img> tags empty.
 */
export const EMBEDDABLE = { "cross-origin-resource-policy": "cross-origin" } as const;

/**
 * Sends stored bytes so that a browser can never run them: the type we detected (never sniffed
 * again: nosniff), a sandboxed CSP without any source, and a download for anything not an image.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: {
    mimeType: string;
    sizeBytes: number;
    name: string;
    stream: Readable | Buffer;
    /** Files built on each request (an order's PDFs) are not cached. */
    cacheControl?: string;
  },
): FastifyReply {
  const inline = isInlineSafe(file.mimeType);
  return reply
    .header("content-type", file.mimeType)
    .header("content-length", String(file.sizeBytes))
    .header("content-disposition", contentDisposition(inline ? "inline" : "attachment", file.name))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header("cache-control", file.cacheControl ?? "private, max-age=300")
    .headers(EMBEDDABLE)
    .send(file.stream);
}
