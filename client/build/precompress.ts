// Compresses the built storefront once, at build time: a .br (brotli, best quality) and a .gz (gzip -9)
// beside every text file of dist/ that compression makes smaller. The server sends these as they are
// (server/src/http/client-files.ts), so no request pays for compressing a file that never changes.
// Images and fonts are left alone: they are compressed already.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** File types worth compressing: text. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
/** Below this, the headers cost more than compression saves. */
export const MIN_BYTES = 1024;

export interface Precompressed {
  file: string;
  bytes: number;
  br: number;
  gzip: number;
}

/** Writes file.br and file.gz beside each compressible file of `dir` (recursively) that they make smaller. */
export function precompressFolder(dir: string): Precompressed[] {
  const done: Precompressed[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = fs.readFileSync(file);
    for (const stale of [`${file}.br`, `${file}.gz`]) fs.rmSync(stale, { force: true });
    if (bytes.length < MIN_BYTES) continue;
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    const gzip = gzipSync(bytes, { level: 9 });
    if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
    if (gzip.length < bytes.length) fs.writeFileSync(`${file}.gz`, gzip);
    done.push({ file: path.relative(dir, file), bytes: bytes.length, br: br.length, gzip: gzip.length });
  }
  return done;
}

/** The Vite step: after the bundle is written, precompress everything in the output folder. */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "verdant:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = precompressFolder(outDir);
      const total = files.reduce((sum, file) => ({ bytes: sum.bytes + file.bytes, br: sum.br + file.br }), { bytes: 0, br: 0 });
      console.log(`Precompressed ${files.length} files: ${(total.bytes / 1000).toFixed(1)} kB -> ${(total.br / 1000).toFixed(1)} kB brotli.`);
    },
  };
}
