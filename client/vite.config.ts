import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { documentsApart } from "./build/documents-apart.ts";
import { firstLoadBudget } from "./build/first-load-budget.ts";
import { mantineLazyDefaults } from "./build/mantine-lazy-defaults.ts";
import { mantineStableIds } from "./build/mantine-stable-ids.ts";
import { precompress } from "./build/precompress.ts";
import { scriptsAfterContent } from "./build/scripts-after-content.ts";

// The API runs on port 4000 (npm run dev -w server); the dev server forwards its paths there.
const api = "http://localhost:4000";

export default defineConfig(({ isSsrBuild }) => ({
  // The server's build of the storefront (vite build --ssr, to dist-server/) is loaded by the server itself:
  // no budget or compressed copies for it.
  plugins: isSsrBuild
    ? [mantineStableIds(), react()]
    : [documentsApart(fileURLToPath(new URL("src/graphql/generated/graphql.ts", import.meta.url))), mantineStableIds(), mantineLazyDefaults(), react(), scriptsAfterContent(), firstLoadBudget(), precompress()],
  server: {
    proxy: {
      "/graphql": { target: api, changeOrigin: true },
      "/public": { target: api, changeOrigin: true },
      "/uploads": { target: api, changeOrigin: true },
    },
  },
  build: isSsrBuild
    ? { outDir: "dist-server", emptyOutDir: true, copyPublicDir: false, reportCompressedSize: false }
    : // The manifest tells the server which chunks a server-rendered page's screen needs (modulepreload).
      {
        reportCompressedSize: true,
        chunkSizeWarningLimit: 600,
        manifest: true,
        // React (with react-dom and its scheduler) in a chunk of its own: it changes only with an upgrade,
        // so a shopper keeps it cached across the shop's releases, and the entry chunk stays under the
        // size limit above. The first load is the same code (first-load-budget.ts counts both chunks).
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] } } },
      },
  test: {
    environment: "jsdom",
    globalSetup: ["./build/vitest-global-setup.ts"],
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    env: { TZ: "UTC" },
    restoreMocks: true,
    testTimeout: 20_000,
  },
}));
