// REST shim: products (with multipart uploads), categories and regions, every answer
// checked against the published OpenAPI document by rest-support.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "../src/domain/images/rules.js";
import { makeCategory, makeProduct, openRestApi, productForm, TINY_GIF, TINY_PNG, type RestApi } from "./rest-support.js";
import { pngHeaderOnly } from "./fixtures/images.js";
import { createTestShop, storedFile, type TestShop } from "./support.js";

let t: TestShop;
let api: RestApi;
let admin: Awaited<ReturnType<TestShop["signUp"]>>;
let user: Awaited<ReturnType<TestShop["signUp"]>>;

beforeAll(async () => {
  t = await createTestShop();
  api = await openRestApi(t);
  admin = await t.signUp({ role: "admin" });
  user = await t.signUp();
  await makeCategory(t, "Indoor Plants");
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

const storedFiles = () => fs.readdirSync(t.uploadsDir);
const validFields = (name: string) => ({
  name,
  description: "A lush plant for a bright room.",
  price: "24.99",
  discount_price: "19.50",
  quantity: "12",
  category: "Indoor Plants",
});

describe("GET /products and GET /products/{slug}", () => {
  it("lists products newest first with the snake_case fields of section 3 and money as dollar numbers", async () => {
    const category = await makeCategory(t, "Cacti");
    const older = await makeProduct(t, { name: "Old Cactus", categoryId: category.id, priceCents: 1250, createdAt: new Date("2025-01-01") });
    const newer = await makeProduct(t, { name: "New Cactus", categoryId: category.id, priceCents: 2000, discountPriceCents: 1599 });
    const answer = await api.get("/products?category=cacti");
    expect(answer.status).toBe(200);
    expect(answer.body.map((product: { id: number }) => product.id)).toEqual([newer.id, older.id]);
    expect(answer.body[0]).toEqual({
      id: newer.id,
      slug: newer.slug,
      name: "New Cactus",
      description: "About New Cactus.",
      category: "Cacti",
      price: 20,
      discount_price: 15.99,
      quantity: 10,
      image_one: "/uploads/example.png",
      image_two: null,
      rating: 0,
      people_rated: 0,
    });
  });

  it("takes the catalogue's filters as query parameters (search, sort, in_stock, discounted, limit)", async () => {
    const category = await makeCategory(t, "Succulents");
    const cheap = await makeProduct(t, { name: "Cheap Aloe", categoryId: category.id, priceCents: 500 });
    const dear = await makeProduct(t, { name: "Dear Aloe", categoryId: category.id, priceCents: 9000, discountPriceCents: 8000 });
    await makeProduct(t, { name: "Gone Aloe", categoryId: category.id, priceCents: 700, quantity: 0 });
    const sorted = await api.get("/products?search=%20ALOE%20&sort=price-highest&in_stock=true");
    expect(sorted.body.map((product: { id: number }) => product.id)).toEqual([dear.id, cheap.id]);
    const discounted = await api.get("/products?search=aloe&discounted=1&limit=5");
    expect(discounted.body.map((product: { id: number }) => product.id)).toEqual([dear.id]);
    const limited = await api.get("/products?limit=1");
    expect(limited.body).toHaveLength(1);
  });

  it("a bad query parameter is 422 on that parameter", async () => {
    for (const [query, field] of [
      ["limit=abc", "limit"],
      ["limit=0", "limit"],
      ["in_stock=maybe", "in_stock"],
      ["sort=cheapest", "sort"],
      ["limit=1&limit=2", "limit"],
    ]) {
      const answer = await api.get(`/products?${query}`);
      expect(answer.status, query).toBe(422);
      expect(Object.keys(answer.body), query).toEqual([field]);
    }
  });

  it("a product by slug is an array whose first element is the product; an unknown slug is 404 with error", async () => {
    const category = await makeCategory(t, "Herbs");
    const basil = await makeProduct(t, { name: "Sweet Basil", categoryId: category.id });
    const answer = await api.get(`/products/${basil.slug}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0]).toMatchObject({ id: basil.id, slug: basil.slug, category: "Herbs" });
    const missing = await api.get("/products/no-such-plant");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Product not found.");
  });
});

describe("POST /product-store (multipart)", () => {
  it("an admin creates a product from the old client's form; image_two only when chosen", async () => {
    const answer = await api.post("/product-store", {
      token: admin.token,
      form: productForm(validFields("Monstera Deliciosa"), { image_one: { bytes: TINY_PNG, name: "monstera.png" } }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe("Product created successfully.");
    expect(answer.body.product).toMatchObject({
      slug: "monstera-deliciosa",
      name: "Monstera Deliciosa",
      category: "Indoor Plants",
      price: 24.99,
      discount_price: 19.5,
      quantity: 12,
      image_two: null,
    });
    // The stored picture's path, as the older client always had it: named by content, without metadata.
    expect(answer.body.product.image_one).toMatch(/^\/uploads\/[a-f0-9]{32}\.(jpg|png)$/);
    expect(fs.existsSync(storedFile(t, answer.body.product.image_one)!)).toBe(true);
  });

  it("an empty file input (no file chosen) counts as no image", async () => {
    const form = productForm(validFields("Empty Input Fern"), { image_one: { bytes: TINY_GIF, name: "fern.gif" } });
    form.append("image_two", new Blob([]), "");
    const answer = await api.post("/product-store", { token: admin.token, form });
    expect(answer.status).toBe(201);
    expect(answer.body.product.image_two).toBeNull();
  });

  it("every field problem is 422 on its field, and nothing is written", async () => {
    const products = await t.shop.prisma.product.count();
    // Background renditions of earlier uploads finish first, so the count only sees this request.
    await t.shop.images.renditions.idle();
    const files = storedFiles().length;
    const answer = await api.post("/product-store", {
      token: admin.token,
      form: productForm(
        { name: "", description: "", price: "-3", discount_price: "abc", quantity: "1.5", category: "Nope" },
        { image_one: { bytes: Buffer.from("<?php echo 'hi'; ?>"), name: "shell.png" } },
      ),
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body).sort()).toEqual(["category", "description", "discount_price", "image_one", "name", "price", "quantity"]);
    expect(answer.body.image_one).toEqual(["The image must be a JPEG, PNG, WebP or GIF file."]);
    expect(answer.body.category).toEqual(["The selected category is invalid."]);
    expect(await t.shop.prisma.product.count()).toBe(products);
    expect(storedFiles()).toHaveLength(files);
  });

  it("an image over 5 MB is 422 on its field, and nothing is written", async () => {
    const products = await t.shop.prisma.product.count();
    // Background renditions of earlier uploads finish first, so the count only sees this request.
    await t.shop.images.renditions.idle();
    const files = storedFiles().length;
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 10, 0);
    TINY_PNG.copy(big);
    const answer = await api.post("/product-store", {
      token: admin.token,
      form: productForm(validFields("Huge Fern"), { image_one: { bytes: TINY_PNG, name: "a.png" }, image_two: { bytes: big, name: "big.png" } }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ image_two: ["The image may not be greater than 5 MB."] });
    expect(await t.shop.prisma.product.count()).toBe(products);
    expect(storedFiles()).toHaveLength(files);
  });

  it("an image of more than 50 megapixels (a decompression bomb: a few bytes that decode to gigabytes) is 422 on its field", async () => {
    // A PNG header declaring 20000 x 20000: 400 MP in a few hundred bytes.
    const bomb = pngHeaderOnly(20_000, 20_000);
    const answer = await api.post("/product-store", {
      token: admin.token,
      form: productForm(validFields("Bomb Fern"), { image_one: { bytes: bomb, name: "bomb.png" } }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      image_one: ["The image may not be larger than 50 megapixels (for example 8000 x 6000 pixels). Please make it smaller and upload it again."],
    });
  });

  it("an image of exactly 5 MB is accepted", async () => {
    const exact = Buffer.alloc(MAX_IMAGE_BYTES, 0);
    TINY_PNG.copy(exact);
    const answer = await api.post("/product-store", {
      token: admin.token,
      form: productForm(validFields("Exactly Five"), { image_one: { bytes: exact, name: "five.png" } }),
    });
    expect(answer.status).toBe(201);
  });

  it("too many files, a file twice, or a file in a text field are 422 naming the field, and nothing is written", async () => {
    const products = await t.shop.prisma.product.count();
    // Background renditions of earlier uploads finish first, so the count only sees this request.
    await t.shop.images.renditions.idle();
    const files = storedFiles().length;
    const twice = productForm(validFields("Twice Fern"), { image_one: { bytes: TINY_PNG, name: "a.png" } });
    twice.append("image_one", new Blob([TINY_PNG]), "b.png");
    const twiceAnswer = await api.post("/product-store", { token: admin.token, form: twice });
    expect(twiceAnswer.status).toBe(422);
    expect(Object.keys(twiceAnswer.body)).toEqual(["image_one"]);

    const stray = productForm(validFields("Stray Fern"), { image_one: { bytes: TINY_PNG, name: "a.png" }, name: { bytes: TINY_PNG, name: "n.png" } });
    const strayAnswer = await api.post("/product-store", { token: admin.token, form: stray });
    expect(strayAnswer.status).toBe(422);
    expect(Object.keys(strayAnswer.body)).toContain("name");

    const many = productForm(validFields("Many Fern"), {
      image_one: { bytes: TINY_PNG, name: "a.png" },
      image_two: { bytes: TINY_PNG, name: "b.png" },
    });
    many.append("image_three", new Blob([TINY_PNG]), "c.png");
    many.append("image_four", new Blob([TINY_PNG]), "d.png");
    const manyAnswer = await api.post("/product-store", { token: admin.token, form: many });
    expect(manyAnswer.status).toBe(422);
    expect(Object.keys(manyAnswer.body)).toEqual(expect.arrayContaining(["image_three"]));

    expect(await t.shop.prisma.product.count()).toBe(products);
    expect(storedFiles()).toHaveLength(files);
  });

  it("a text field over the form's size cap is 422 on that field, not cut short", async () => {
    const answer = await api.post("/product-store", {
      token: admin.token,
      form: productForm({ ...validFields("Long Fern"), description: "x".repeat(40_000) }, { image_one: { bytes: TINY_PNG, name: "a.png" } }),
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body)).toEqual(["description"]);
  });

  it("a form far over the size of two images is refused with 413, and nothing is written", async () => {
    const products = await t.shop.prisma.product.count();
    // Background renditions of earlier uploads finish first, so the count only sees this request.
    await t.shop.images.renditions.idle();
    const files = storedFiles().length;
    const huge = Buffer.alloc(12 * 1024 * 1024, 1);
    TINY_PNG.copy(huge);
    const answer = await api.post("/product-store", {
      token: admin.token,
      form: productForm(validFields("Flood Fern"), { image_one: { bytes: huge, name: "huge.png" } }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe("The request is too large.");
    expect(await t.shop.prisma.product.count()).toBe(products);
    expect(storedFiles()).toHaveLength(files);
  });

  it("a guest is 401 and a user 403, before any upload is read or stored", async () => {
    // Background renditions of earlier uploads finish first, so the count only sees this request.
    await t.shop.images.renditions.idle();
    const files = storedFiles().length;
    const form = () => productForm(validFields("Sneaky Fern"), { image_one: { bytes: TINY_PNG, name: "a.png" } });
    expect((await api.post("/product-store", { form: form() })).status).toBe(401);
    expect((await api.post("/product-store", { token: user.token, form: form() })).status).toBe(403);
    expect(storedFiles()).toHaveLength(files);
  });
});

describe("POST /product-update/{id} and DELETE /product-destroy/{id}", () => {
  it("an update without images keeps the current ones; with image_one it replaces only that one", async () => {
    const created = await api.post("/product-store", {
      token: admin.token,
      form: productForm(validFields("Calathea"), { image_one: { bytes: TINY_PNG, name: "a.png" }, image_two: { bytes: TINY_GIF, name: "b.gif" } }),
    });
    const { id, image_one, image_two } = created.body.product;
    const kept = await api.post(`/product-update/${id}`, {
      token: admin.token,
      form: productForm({ ...validFields("Calathea Orbifolia"), discount_price: "", price: "30" }),
    });
    expect(kept.status).toBe(200);
    expect(kept.body.message).toBe("Product updated successfully.");
    expect(kept.body.product).toMatchObject({ name: "Calathea Orbifolia", slug: "calathea-orbifolia", price: 30, discount_price: null, image_one, image_two });

    const replaced = await api.post(`/product-update/${id}`, {
      token: admin.token,
      form: productForm(validFields("Calathea Orbifolia"), { image_one: { bytes: TINY_GIF, name: "new.gif" } }),
    });
    expect(replaced.body.product.image_one).not.toBe(image_one);
    // A GIF is kept as a PNG (its first frame), named by its content.
    expect(replaced.body.product.image_one).toMatch(/^\/uploads\/[a-f0-9]{32}\.(png|jpg)$/);
    expect(replaced.body.product.image_two).toBe(image_two);
  });

  it("update: unknown id 404, bad fields 422, user 403, guest 401", async () => {
    const category = await t.shop.prisma.category.findFirstOrThrow({ where: { name: "Indoor Plants" } });
    const product = await makeProduct(t, { name: "Update Target", categoryId: category.id });
    expect((await api.post(`/product-update/999999`, { token: admin.token, form: productForm(validFields("X")) })).status).toBe(404);
    const bad = await api.post(`/product-update/${product.id}`, { token: admin.token, form: productForm({ ...validFields("X"), quantity: "-1" }) });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body)).toEqual(["quantity"]);
    expect((await api.post(`/product-update/${product.id}`, { token: user.token, form: productForm(validFields("X")) })).status).toBe(403);
    expect((await api.post(`/product-update/${product.id}`, { form: productForm(validFields("X")) })).status).toBe(401);
  });

  it("destroy: admin deletes (message), then 404; user 403; guest 401", async () => {
    const category = await t.shop.prisma.category.findFirstOrThrow({ where: { name: "Indoor Plants" } });
    const product = await makeProduct(t, { name: "Doomed Fern", categoryId: category.id });
    expect((await api.delete(`/product-destroy/${product.id}`)).status).toBe(401);
    expect((await api.delete(`/product-destroy/${product.id}`, { token: user.token })).status).toBe(403);
    const answer = await api.delete(`/product-destroy/${product.id}`, { token: admin.token });
    expect(answer).toMatchObject({ status: 200, body: { message: "Product deleted successfully." } });
    const again = await api.delete(`/product-destroy/${product.id}`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Product not found.");
  });
});

describe("categories", () => {
  it("list, one by id, 404 for an unknown id", async () => {
    const category = await makeCategory(t, "Bulbs");
    const list = await api.get("/categories");
    expect(list.body[0]).toEqual({ id: category.id, name: "Bulbs" });
    expect((await api.get(`/categories/${category.id}`)).body).toEqual({ id: category.id, name: "Bulbs" });
    const missing = await api.get("/categories/999999");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Category not found.");
  });

  it("store answers 'Category created'; a taken name is 422 on name; user 403; guest 401", async () => {
    const answer = await api.post("/category-store", { token: admin.token, json: { name: "Orchids" } });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ message: "Category created", category: { name: "Orchids" } });
    const taken = await api.post("/category-store", { token: admin.token, json: { name: "ORCHIDS" } });
    expect(taken).toMatchObject({ status: 422, body: { name: ["The name has already been taken."] } });
    expect((await api.post("/category-store", { token: user.token, json: { name: "Mine" } })).status).toBe(403);
    expect((await api.post("/category-store", { json: { name: "Mine" } })).status).toBe(401);
  });

  it("update renames; 404 unknown; 422 blank", async () => {
    const category = await makeCategory(t, "Palms");
    const answer = await api.post(`/category-update/${category.id}`, { token: admin.token, json: { name: "Palm Trees" } });
    expect(answer.body).toMatchObject({ message: "Category updated successfully.", category: { id: category.id, name: "Palm Trees" } });
    expect((await api.post(`/category-update/999999`, { token: admin.token, json: { name: "X" } })).status).toBe(404);
    expect((await api.post(`/category-update/${category.id}`, { token: admin.token, json: { name: " " } })).body).toEqual({
      name: ["The name field is required."],
    });
    expect((await api.post(`/category-update/${category.id}`, { token: user.token, json: { name: "X" } })).status).toBe(403);
  });

  it("destroy refuses a category that still has products (409 with a message), deletes an empty one", async () => {
    const full = await makeCategory(t, "Full Category");
    await makeProduct(t, { name: "Keeper", categoryId: full.id });
    const refused = await api.delete(`/category-destroy/${full.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This category still has 1 product. Move or delete them first.");
    const empty = await makeCategory(t, "Empty Category");
    expect((await api.delete(`/category-destroy/${empty.id}`, { token: user.token })).status).toBe(403);
    expect((await api.delete(`/category-destroy/${empty.id}`, { token: admin.token })).body).toEqual({ message: "Category deleted successfully." });
    expect((await api.delete(`/category-destroy/${empty.id}`, { token: admin.token })).status).toBe(404);
  });
});

describe("regions", () => {
  it("store takes the fee as a number or a numeric string; list and one by id answer fee in dollars", async () => {
    const asString = await api.post("/region-store", { token: admin.token, json: { name: "North", fee: "12.50" } });
    expect(asString.status).toBe(201);
    expect(asString.body).toMatchObject({ message: "Region created successfully.", region: { name: "North", fee: 12.5 } });
    const asNumber = await api.post("/region-store", { token: admin.token, json: { name: "South", fee: 7 } });
    expect(asNumber.body.region.fee).toBe(7);
    const list = await api.get("/regions");
    expect(list.body.slice(0, 2)).toEqual([
      { id: asNumber.body.region.id, name: "South", fee: 7 },
      { id: asString.body.region.id, name: "North", fee: 12.5 },
    ]);
    expect((await api.get(`/region/${asString.body.region.id}`)).body).toEqual({ id: asString.body.region.id, name: "North", fee: 12.5 });
    const missing = await api.get("/region/999999");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Region not found.");
  });

  it("a bad fee or name is 422 on the field; user 403; guest 401", async () => {
    const bad = await api.post("/region-store", { token: admin.token, json: { name: "", fee: "twelve" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body).sort()).toEqual(["fee", "name"]);
    expect((await api.post("/region-store", { token: user.token, json: { name: "East", fee: 1 } })).status).toBe(403);
    expect((await api.post("/region-store", { json: { name: "East", fee: 1 } })).status).toBe(401);
  });

  it("update and destroy, with 404 for an unknown id", async () => {
    const region = await t.shop.prisma.region.create({ data: { name: "West", feeCents: 300 } });
    const answer = await api.post(`/region-update/${region.id}`, { token: admin.token, json: { name: "Far West", fee: "4.05" } });
    expect(answer.body).toMatchObject({ message: "Region updated successfully.", region: { name: "Far West", fee: 4.05 } });
    expect((await api.post(`/region-update/999999`, { token: admin.token, json: { name: "X", fee: 1 } })).status).toBe(404);
    expect((await api.post(`/region-update/${region.id}`, { token: user.token, json: { name: "X", fee: 1 } })).status).toBe(403);
    expect((await api.delete(`/region-destroy/${region.id}`, { token: user.token })).status).toBe(403);
    expect((await api.delete(`/region-destroy/${region.id}`, { token: admin.token })).body).toEqual({ message: "Region deleted successfully." });
    expect((await api.delete(`/region-destroy/${region.id}`, { token: admin.token })).status).toBe(404);
  });
});
