// Before the tests: a fresh checkout has no generated GraphQL documents yet (they are not committed),
// so generate them once. An existing but stale generation is left for codegen-fresh.test.ts to report.
import { generate } from "@graphql-codegen/cli";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import config from "../../codegen.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export default async function generateMissingDocuments(): Promise<void> {
  if (existsSync(path.join(repoRoot, "client/src/graphql/generated/graphql.ts"))) return;
  await generate({ ...config, cwd: repoRoot, silent: true }, true);
}
