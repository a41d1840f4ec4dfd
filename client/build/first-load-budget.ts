// Prints the gzipped JavaScript a shopper downloads on the first visit (the entry chunk and every chunk
// it imports statically; lazy chunks such as the admin screens are not counted) and fails the build
// when it is over the storefront's budget of 205 kB (1 kB = 1000 bytes, as Vite prints sizes). It was 200 kB
// until promotions and taxes: the generated documents are one module, so the first load carries every
// document some screen uses, the back office's too (docs/decisions.md, "The first-load budget").
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

export const FIRST_LOAD_BUDGET_BYTES = 205_000;

interface ChunkLike {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  imports: string[];
  code: string;
}

/** The entry chunks plus everything they import statically, each file once. */
export function firstLoadFiles(bundle: Record<string, { type: string }>): ChunkLike[] {
  const chunks = Object.values(bundle).filter((item): item is ChunkLike => item.type === "chunk");
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (chunk: ChunkLike) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  chunks.filter((chunk) => chunk.isEntry).forEach(visit);
  return chunks.filter((chunk) => seen.has(chunk.fileName));
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

export function firstLoadBudget(budget = FIRST_LOAD_BUDGET_BYTES): Plugin {
  return {
    name: "verdant:first-load-budget",
    apply: "build",
    enforce: "post",
    // writeBundle sees the chunks exactly as written to dist/ (after every other plugin's changes).
    writeBundle(_options, bundle) {
      const files = firstLoadFiles(bundle as Record<string, { type: string }>);
      const sizes = files.map((chunk) => ({ file: chunk.fileName, gzip: gzipSync(chunk.code).length }));
      const total = sizes.reduce((sum, entry) => sum + entry.gzip, 0);
      const lines = sizes.map((entry) => `  ${entry.file.padEnd(48)} ${kB(entry.gzip).padStart(10)} gzip`);
      const verdict = total <= budget ? "within" : "OVER";
      console.log(
        `\nFirst load JavaScript (storefront, gzip):\n${lines.join("\n")}\n  total ${kB(total)} of ${kB(budget)}: ${verdict} budget\n`,
      );
      if (total > budget) this.error(`First load JavaScript is ${kB(total)} gzipped; the budget is ${kB(budget)}.`);
    },
  };
}
