// Every import of @mantine/hooks (the shop's and Mantine's own components') goes to src/lib/mantine/hooks.ts,
// which re-exports the package with a useId that keeps React's id (see src/lib/mantine/useId.ts). The shim
// itself imports the real package.
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

export const MANTINE_HOOKS_SHIM = fileURLToPath(new URL("../src/lib/mantine/hooks.ts", import.meta.url));

export function mantineStableIds(): Plugin {
  return {
    name: "verdant:mantine-stable-ids",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "@mantine/hooks" || importer === MANTINE_HOOKS_SHIM) return null;
      return MANTINE_HOOKS_SHIM;
    },
  };
}
