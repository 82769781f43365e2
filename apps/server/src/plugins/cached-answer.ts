import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pageScope } from "../lib/page-cache.js";
import { currentUser } from "./auth.js";
import { sendStoredPage } from "./compression.js";

/**
 * A read's answer as its JSON, from memory while nothing it shows changed since it was read for
 * this user and URL (lib/page-cache.ts), else what `serialize` writes (the route's serializer, so
 * the bytes are the ones it always sent). The route's authentication and validation have run
 * before; a refusal (404, 400) is never kept. Only for answers made of the reader's own data and
 * of changes that reach them as domain events naming them (see `usersConcerned`).
 */
export async function cachedAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  serialize: () => Promise<string>,
): Promise<FastifyReply> {
  const user = currentUser(request);
  const page = await app.pageCache.serve(`${user.id} ${request.url}`, pageScope(user), serialize);
  reply.code(200).type("application/json; charset=utf-8");
  return sendStoredPage(request, reply, page);
}
