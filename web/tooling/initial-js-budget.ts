import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

type Chunk = { type: 'chunk'; fileName: string; code: string; isEntry: boolean; imports: string[] };
type Output = Record<string, { type: 'chunk' | 'asset' }>;

/**
 * Prints the gzip size of the JavaScript a first visit loads (the entry chunk and every chunk it imports
 * statically; lazy routes excluded) and fails the build when it exceeds the budget.
 */
export function initialJsBudget({ limitKb }: { limitKb: number }): Plugin {
  return {
    name: 'billpoint:initial-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const output = bundle as unknown as Output;
      const chunks = new Map<string, Chunk>();
      for (const [name, item] of Object.entries(output)) if (item.type === 'chunk') chunks.set(name, item as Chunk);
      const initial = new Set<string>();
      const visit = (name: string) => {
        const chunk = chunks.get(name);
        if (!chunk || initial.has(name)) return;
        initial.add(name);
        chunk.imports.forEach(visit);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      let raw = 0;
      let gzip = 0;
      for (const name of initial) {
        const code = chunks.get(name)!.code;
        raw += Buffer.byteLength(code);
        gzip += gzipSync(code, { level: 9 }).length;
      }
      const kb = (n: number) => (n / 1000).toFixed(2);
      const line = `initial JS: ${kb(gzip)} kB gzip (${kb(raw)} kB raw, ${initial.size} chunk${initial.size === 1 ? '' : 's'}; budget ${limitKb} kB gzip)`;
      console.log(`\n${line}`);
      if (gzip > limitKb * 1000) this.error(`${line}: over budget`);
    },
  };
}
