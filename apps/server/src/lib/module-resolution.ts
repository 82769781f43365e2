import { registerHooks } from "node:module";

/**
 * Shortcuts for resolving the modules of drizzle-orm, registered by the entry before the app
 * loads. Node reads a package's package.json again for every module it resolves in that package,
 * and parses its whole "exports" map each time; drizzle-orm's is 175 KB and the app loads more
 * than a hundred of its modules, which import one another: a start spent about as much CPU on
 * those parses as on everything else it loads (1.1 s of 2.2 s on a 2-core machine).
 *
 * - A relative `.js` import inside drizzle-orm (an ES module package: "type": "module") is the
 *   file next to its importer, an ES module: resolved by joining the two, as node would.
 * - `drizzle-orm` and its subpaths imported from the app's own code resolve once each.
 * Everything else resolves as usual.
 */
export function registerResolutionShortcuts(): void {
  // Absent on a node without synchronous module hooks: the start is then only slower.
  if (typeof registerHooks !== "function") return;
  const resolved = new Map<string, { url: string; format?: string | null }>();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (!parent?.startsWith("file:")) return nextResolve(specifier, context);
      if (
        parent.includes("/node_modules/drizzle-orm/") &&
        specifier.startsWith(".") &&
        specifier.endsWith(".js")
      ) {
        return { url: new URL(specifier, parent).href, format: "module", shortCircuit: true };
      }
      const ours = !parent.includes("/node_modules/");
      if (ours && (specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/"))) {
        const key = `${specifier}\0${(context.conditions ?? []).join(",")}`;
        const known = resolved.get(key);
        if (known) return { ...known, shortCircuit: true };
        const result = nextResolve(specifier, context);
        resolved.set(key, { url: result.url, format: result.format });
        return result;
      }
      return nextResolve(specifier, context);
    },
  });
}
