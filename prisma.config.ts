// Prisma CLI configuration (Prisma 6.19, offline). The CLI runs on the WASM schema engine through a
// driver adapter, so no native engine is ever downloaded (see shared/STACK.md). It is used to generate
// the client and to author migrations (`npm run db:migration -- <name>`); the server applies the
// committed migrations itself at start (server/src/db/migrate.ts).
import { defineConfig } from "prisma/config";

// The datasource needs a parseable url for the CLI even though the adapter does the connecting.
process.env.DATABASE_URL ??= "postgresql://unused@localhost/unused";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (url && !url.includes("unused@localhost")) {
      const { PrismaPg } = await import("@prisma/adapter-pg");
      return new PrismaPg({ connectionString: url });
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    // The same extensions as the server's embedded database (server/src/db/client.ts): the migrations create pg_trgm.
    return new PrismaPGlite(new PGlite({ extensions: { pg_trgm } }));
  },
});
