// Two shop processes on one PostgreSQL database: a catalogue write through one empties the cached
// catalogue answers of the other (the database's catalogueChanged notification reaches every replica).
import { afterAll, describe, expect, it } from "vitest";
import { eventually, getPersisted } from "./catalogue-cache-support.js";
import { postQuery, privateSchemaUrl, startShopProcess, stopAll, tempDataDir } from "./processes.js";

afterAll(stopAll);

const PRODUCT = "query Product($slug: String!) { product(slug: $slug) { id name price } }";

describe("cached catalogue answers across replicas", () => {
  it("a product update through one process changes the cached answer of the other", async () => {
    const env = { DATA_DIR: tempDataDir("shop-cache"), DATABASE_URL: privateSchemaUrl("cache"), JWT_SECRET: "replica-secret-replica-secret-replica-secret" };
    const first = await startShopProcess(env);
    const second = await startShopProcess(env);

    const list = await postQuery(first.url, "{ products(first: 1) { nodes { id slug name description quantity category { id } } } }");
    const product = list.data.products.nodes[0];
    const variables = { slug: product.slug };
    await getPersisted(second.url, PRODUCT, { variables, withQuery: true });
    // Kept by the second process under the hash alone, as Apollo Client asks for it from then on.
    const cached = await getPersisted(second.url, PRODUCT, { variables });
    expect(cached.headers.get("cache-control")).toMatch(/^public/);
    const price: number = (await cached.json()).data.product.price;
    const newPrice = price === 42 ? 43 : 42;

    const login = await postQuery(first.url, 'mutation { login(email: "admin@verdant.shop", password: "admin-password-2026") { accessToken } }');
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
