import base from "./vite.config";
import { gzipSync } from "node:zlib";
import { writeFileSync } from "node:fs";
export default {
  ...base,
  plugins: [
    ...(base.plugins ?? []),
    {
      name: "dump",
      generateBundle(this: any, _o: unknown, bundle: Record<string, any>) {
        const out: any[] = [];
        for (const c of Object.values(bundle)) {
          if (c.type !== "chunk") continue;
          const mods = Object.entries(c.modules).map(([id, m]: [string, any]) => {
            const info = this.getModuleInfo(id);
            return { id, len: m.renderedLength, gz: m.code ? gzipSync(m.code).length : 0, importers: info?.importers ?? [] };
          });
          out.push({ file: c.fileName, gz: gzipSync(c.code).length, imports: c.imports, mods });
        }
        writeFileSync("/tmp/chunks.json", JSON.stringify(out, null, 1));
        const graph: Record<string, string[]> = {};
        for (const id of this.getModuleIds()) graph[id] = [...(this.getModuleInfo(id)?.importers ?? [])];
        writeFileSync("/tmp/graph.json", JSON.stringify(graph));
      },
    },
  ],
};
