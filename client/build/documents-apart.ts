// Each GraphQL document in a module of its own, so it travels with the screens that use it.
//
// The codegen client preset writes every typed document into one module (src/graphql/generated/graphql.ts),
// and a bundler never splits a module between chunks: every document some screen imports ended up in the
// entry chunk, which every shopper's first page loads and evaluates (82 of the shop's 109 documents, 155 kB
// of the entry's 421 kB; building those objects was a third of the entry's evaluation, in a task that
// Lighthouse counts as blocking on a slow phone). The screens keep importing their documents from the
// generated module as usual (its types are unchanged); at build time this plugin points each imported
// `...Document` at a module that holds only that document, made from the same generated text. A document
// then lands in the chunk of the screen that uses it, or in a chunk shared by the screens that do.
import fs from "node:fs";
import type { Plugin } from "vite";

/** The import path every document module gets (resolved to a virtual module). */
const PREFIX = "virtual:verdant-document/";

/** `export const NameDocument = {...json...} as unknown as DocumentNode<...>;`, one per line, as the preset writes them. */
const DOCUMENT_LINE = /^export const (\w+Document) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm;

/** The documents of the generated module's text: name -> the document's JSON. */
export function documentsOf(generated: string): Map<string, string> {
  return new Map(Array.from(generated.matchAll(DOCUMENT_LINE), (match) => [match[1], match[2]]));
}

const GENERATED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(["'])([^"']*\/graphql\/generated\/graphql)\2;?/g;

/**
 * `code` with its imports of documents from the generated module pointed at the documents' own modules; the
 * other names of such an import (types) stay where they were. Null when nothing changes.
 */
export function importDocumentsApart(code: string, documents: ReadonlyMap<string, string>): string | null {
  let changed = false;
  const rewritten = code.replace(GENERATED_IMPORT, (whole, names: string, quote: string, source: string) => {
    const kept: string[] = [];
    const apart: string[] = [];
    for (const specifier of names.split(",").map((name) => name.trim()).filter(Boolean)) {
      const imported = /^(\w+)(?:\s+as\s+(\w+))?$/.exec(specifier);
      if (imported && documents.has(imported[1])) {
        apart.push(`import { ${specifier} } from ${quote}${PREFIX}${imported[1]}${quote};`);
      } else {
        kept.push(specifier);
      }
    }
    if (apart.length === 0) return whole;
    changed = true;
    // Names left that are all types: a type-only import, which leaves nothing of the generated module behind.
    const typesOnly = kept.every((name) => name.startsWith("type "));
    const rest =
      kept.length === 0
        ? ""
        : typesOnly
          ? `import type { ${kept.map((name) => name.slice("type ".length).trim()).join(", ")} } from ${quote}${source}${quote};`
          : `import { ${kept.join(", ")} } from ${quote}${source}${quote};`;
    // As many lines as the import had, so the lines after it keep their numbers.
    return [rest, ...apart].filter(Boolean).join(" ") + "\n".repeat(whole.split("\n").length - 1);
  });
  return changed ? rewritten : null;
}

/** The plugin (browser build only: the server's build has no first load to keep small). */
export function documentsApart(generatedFile: string): Plugin {
  let documents: Map<string, string> | undefined;
  const read = () => (documents ??= documentsOf(fs.readFileSync(generatedFile, "utf8")));
  return {
    name: "verdant:documents-apart",
    apply: "build",
    enforce: "pre",
    buildStart() {
      // Read afresh for each build (codegen runs before it).
      documents = undefined;
      if (read().size === 0) this.error(`no documents found in ${generatedFile}: has the codegen preset changed how it writes them?`);
    },
    resolveId(source) {
      return source.startsWith(PREFIX) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      const json = read().get(name);
      if (json === undefined) this.error(`no document ${name} in ${generatedFile}`);
      return `export const ${name} = ${json};\n`;
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes("/graphql/generated/") || !code.includes("/graphql/generated/graphql")) return null;
      const rewritten = importDocumentsApart(code, read());
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
