import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { printShopSchema } from "../src/graphql/schema.js";

describe("schema.graphql is the API contract", () => {
  it("the committed schema.graphql equals what the resolvers emit (run `npm run schema:emit` after changing them)", async () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, "../../schema.graphql"), "utf8");
    expect(committed).toBe(await printShopSchema());
  });
});
