import type { FastifyInstance } from "fastify";

/**
 * Every route the server really serves, as "METHOD /path/:param", read from Fastify's own
 * radix tree so that a route added anywhere shows up here without anyone listing it.
 */
export function collectRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes = new Set<string>();
  for (const line of tree.split("\n")) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/u.exec(line);
    if (!match) continue;
    const depth = Math.round((match[1] ?? "").length / 4);
    const segment = match[2] ?? "";
    stack.length = depth;
    const path = (stack[depth - 1] ?? "") + segment;
    stack[depth] = path;
    for (const method of (match[3] ?? "").split(",").map((m) => m.trim())) {
      if (!method || method === "HEAD") continue;
      routes.add(`${method} ${path.replace(/\/$/, "")}`);
    }
  }
  return [...routes]
    .filter((route) => / \/(api|ws)\//.test(route) || route.endsWith(" /metrics"))
    .filter((route) => !/ \/api\/(docs|health)\b/.test(route))
    .sort();
}
