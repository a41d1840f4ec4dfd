// @vitest-environment node
// The typed documents in src/graphql/generated/ must match schema.graphql and the operations in
// src/: this test regenerates them in memory and fails when the files on disk are stale.
import { generate } from "@graphql-codegen/cli";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import config from "../../codegen.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("GraphQL codegen: the generated typed documents are up to date (run `npm run codegen -w client` when this fails)", () => {
  it("matches a fresh generation from schema.graphql and the client's operations", async () => {
    const outputs = await generate({ ...config, cwd: repoRoot, silent: true }, false);
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) {
      const file = path.resolve(repoRoot, output.filename);
      expect(existsSync(file), `${output.filename} is missing`).toBe(true);
      expect(readFileSync(file, "utf8") === output.content, `${output.filename} is stale`).toBe(true);
    }
  }, 60_000);
});
