// The shape of the house, as the linter holds it: the domain's rooms are entered through their index.ts,
// and the domain imports no adapter. These run ESLint itself on a few imports written as if they stood in
// the tree, so a change to the rules that stopped them firing fails here.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The import-x/no-restricted-paths messages ESLint gives `code` standing at `file` (from the repository's root). */
async function pathProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === "import-x/no-restricted-paths").map((message) => message.message);
}

describe("rooms are entered through their door", () => {
  it("an adapter importing a room's inner file is refused, naming the door", async () => {
    const problems = await pathProblems("server/src/graphql/probe.ts", `import { priceOrder } from "../domain/orders/pricing.js";\nexport const probe = priceOrder;\n`);
    expect(problems).toEqual([expect.stringContaining("domain/orders/index.ts")]);
  });

  it("the same import through the room's index.ts passes", async () => {
    expect(await pathProblems("server/src/graphql/probe.ts", `import { priceOrder } from "../domain/orders/index.js";\nexport const probe = priceOrder;\n`)).toEqual([]);
  });

  it("a room importing another room's inner file is refused", async () => {
    const problems = await pathProblems("server/src/domain/orders/probe.ts", `import { unitPriceCents } from "../catalog/prices.js";\nexport const probe = unitPriceCents;\n`);
    expect(problems).toEqual([expect.stringContaining("domain/catalog/index.ts")]);
  });

  it("files of one room import each other directly", async () => {
    expect(await pathProblems("server/src/domain/orders/probe.ts", `import { priceOrder } from "./pricing.js";\nexport const probe = priceOrder;\n`)).toEqual([]);
  });

  it("the seed and the benches go through the door too", async () => {
    const problems = await pathProblems("server/seed/probe.ts", `import { slugify } from "../src/domain/catalog/slugs.js";\nexport const probe = slugify;\n`);
    expect(problems).toEqual([expect.stringContaining("domain/catalog/index.ts")]);
  });
});

describe("imports point inward", () => {
  it("the domain imports no adapter", async () => {
    const problems = await pathProblems("server/src/domain/orders/probe.ts", `import { viewOrder } from "../../graphql/types.js";\nexport const probe = viewOrder;\n`);
    expect(problems).toEqual([expect.stringContaining("domain/ holds the shop's rules")]);
  });
});

describe("GraphQL object types resolve plain fields by graphql's default", () => {
  const problems = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, "server/src/graphql/probe.ts") });
    return result.messages.filter((message) => message.ruleId === "no-restricted-syntax").map((message) => message.message);
  };

  it("an @ObjectType without simpleResolvers is refused", async () => {
    expect(await problems(`import { ObjectType } from "type-graphql";\n@ObjectType({ description: "A probe." })\nexport class Probe {}\n`)).toEqual([expect.stringContaining("simpleResolvers: true")]);
    expect(await problems(`import { ObjectType } from "type-graphql";\n@ObjectType()\nexport class Probe {}\n`)).toHaveLength(1);
  });

  it("one with simpleResolvers: true passes", async () => {
    expect(await problems(`import { ObjectType } from "type-graphql";\n@ObjectType("Probe", { simpleResolvers: true })\nexport class Probe {}\n`)).toEqual([]);
  });
});
