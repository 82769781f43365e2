import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import compress from "@fastify/compress";
import { Negotiator } from "@fastify/accept-negotiator";
import type { StoredPage } from "../lib/page-cache.js";

const THRESHOLD_BYTES = 1024;
// Quality 4 and level 5: most of the size win for a fraction of the CPU of the maximums.
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 4 };
const GZIP_LEVEL = 5;

/**
 * Compresses the JSON answers of reads (brotli or gzip, as the client accepts) from 1 KB up: a
 * page of 50 shipments is about 70 KB of JSON and about 7 KB compressed, which on a phone's
 * connection is most of the time a list takes to show. Writes are never compressed: they carry
 * the session tokens (sign-in, refresh, password reset), and a compressed answer holding a secret
 * next to text the client chose is what the BREACH attack measures. Files are sent as they are
 * (the web app's come precompressed; uploads are images, PDFs and other binary types).
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Runs before the compression plugin's own onRoute hook, which reads `compress` per route.
  app.addHook("onRoute", (route) => {
    const isSocket = (route as { websocket?: boolean }).websocket === true;
    if (isSocket || ![route.method].flat().includes("GET")) route.compress = false;
  });
  await app.register(compress, {
    threshold: THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    customTypes: /^application\/json/,
    brotliOptions: { params: BROTLI_PARAMS },
    zlibOptions: { level: GZIP_LEVEL },
  });
});

const encodings = new Negotiator<"br" | "gzip">({ supportedValues: ["br", "gzip"] });

/**
 * Sends a page served from memory (lib/page-cache.ts) as the plugin above would compress it, but
 * compressing each page once per encoding rather than once per request: the copy is kept with
 * the page. The plugin leaves an answer that already has a Content-Encoding alone.
 */
export function sendStoredPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: StoredPage,
): FastifyReply {
  const encoding = encodingFor(request, page.json.length);
  if (!encoding) return reply.send(page.json);
  let bytes = page.encoded.get(encoding);
  if (!bytes) {
    bytes = encode(page.json, encoding);
    page.encoded.set(encoding, bytes);
  }
  return sendEncoded(reply, bytes, encoding);
}

/** Sends a text the plugin above does not compress (an HTML page made for one reader) as it would. */
export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  text: string,
): FastifyReply {
  const encoding = encodingFor(request, text.length);
  return encoding ? sendEncoded(reply, encode(text, encoding), encoding) : reply.send(text);
}

function encodingFor(request: FastifyRequest, length: number): "br" | "gzip" | null {
  const accepted = request.headers["accept-encoding"];
  if (!accepted || length < THRESHOLD_BYTES) return null;
  // As @fastify/compress reads the header: "*" and "x-gzip" stand for gzip.
  return encodings.negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, "gzip")) ?? null;
}

function encode(text: string | Buffer, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? brotliCompressSync(text, { params: BROTLI_PARAMS })
    : gzipSync(text, { level: GZIP_LEVEL });
}

function sendEncoded(reply: FastifyReply, bytes: Buffer, encoding: "br" | "gzip"): FastifyReply {
  const vary = reply.getHeader("vary");
  return reply
    .header("content-encoding", encoding)
    .header("vary", vary ? `${String(vary)}, accept-encoding` : "accept-encoding")
    .send(bytes);
}
