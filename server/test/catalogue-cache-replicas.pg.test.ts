// Two shop processes on one PostgreSQL database: a catalogue write through one empties the cached
// catalogue answers of the other (the database's catalogueChanged notification reaches every replica).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eventually, getPersisted } from "./catalogue-cache-support.js";
import { cleanUpLater, startShopProcess, stopAll } from "./processes.js";

afterAll(stopAll);

const PRODUCT = "query Product($slug: String!) { product(slug: $slug) { id name price } }";

describe("cached catalogue answers across replicas", () => {
  it("a product update through one process changes the cached answer of the other", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const schema = `cache_${crypto.randomBytes(4).toString("hex")}`;
    url.searchParams.set("schema", schema);
    cleanUpLater({ schema });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-cache-"));
    cleanUpLater({ folder: dataDir });
    const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString(), JWT_SECRET: "replica-secret-replica-secret-replica-secret" };
    const first = await startShopProcess(env);
    const second = await startShopProcess(env);

    const list = await (
      await fetch(`${first.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ products(first: 1) { nodes { id slug name description quantity category { id } } } }" }) })
    ).json();
    const product = list.data.products.nodes[0];
    const variables = { slug: product.slug };
    await getPersisted(second.url, PRODUCT, { variables, withQuery: true });
    // Kept by the second process under the hash alone, as Apollo Client asks for it from then on.
    const cached = await getPersisted(second.url, PRODUCT, { variables });
    expect(cached.headers.get("cache-control")).toMatch(/^public/);
    const price: number = (await cached.json()).data.product.price;
    const newPrice = price === 42 ? 43 : 42;

    const login = await (
      await fetch(`${first.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: 'mutation { login(email: "admin@verdant.shop", password: "admin-password-2026") { accessToken } }' }) })
    ).json();
    const update = await (
      await fetch(`${first.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${login.data.login.accessToken}` },
        body: JSON.stringify({
          query: "mutation($id: Int!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { product { price } } }",
          variables: { id: product.id, input: { name: product.name, description: product.description, price: newPrice, quantity: product.quantity, categoryId: product.category.id } },
        }),
      })
    ).json();
    expect(update.data?.updateProduct.product.price, JSON.stringify(update.errors)).toBe(newPrice);

    await eventually(async () => (await (await getPersisted(second.url, PRODUCT, { variables })).json()).data.product.price === newPrice);
  }, 240_000);
});
