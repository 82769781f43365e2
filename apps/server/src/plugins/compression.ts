import { constants } from "node:zlib";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import compress from "@fastify/compress";

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
    threshold: 1024,
    encodings: ["br", "gzip"],
    customTypes: /^application\/json/,
    // Quality 4 and level 5: most of the size win for a fraction of the CPU of the maximums.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 5 },
  });
});
