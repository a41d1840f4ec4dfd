// npm run search:rebuild — rebuilds search's dictionary of the catalogue's words and every product's
// words (products.search_vector) from the catalogue as it is. Triggers keep both in step with every
// write (see the search migration), so this is for repairs: rows written with the triggers disabled, a
// restored dump, or a change of how words are kept. One statement, safe beside running replicas on
// PostgreSQL. Reads the same configuration as `npm start` (DATABASE_URL, DATA_DIR).
import "reflect-metadata";
import { ConfigError, loadConfig } from "./config.js";
import { DatabaseOpenError, openDatabase } from "./db/client.js";
import { SearchService } from "./domain/search/index.js";

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const db = await openDatabase(config.databaseUrl ? { kind: "postgres", url: config.databaseUrl, poolSize: 2 } : { kind: "pglite", dataDir: config.dataDir });
  try {
    await db.migrate();
    const started = Date.now();
    await new SearchService(db.searchRows).rebuild(db.prisma);
    const [words, products] = await Promise.all([db.prisma.searchWord.count(), db.prisma.product.count()]);
    console.log(`Rebuilt search: ${words} dictionary word(s), ${products} product(s), in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError) console.error(`Cannot rebuild search: ${error.message}`);
  else console.error("Cannot rebuild search:", error);
  process.exit(1);
});
