// The catalogue: listing, search, sorting, home-page filters, product detail by slug, and the admin's
// product forms.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unitPriceCents } from "../src/domain/catalog/prices.js";
import { firstFreeSlug, slugify } from "../src/domain/catalog/slugs.js";
import type { Viewer } from "../src/domain/shared/viewer.js";
import { GIF, PNG, upload } from "./fixtures/images.js";
import { newProductPayload } from "../src/rest/payloads.js";
import { countQueries, createTestShop, failure, oldClientInput, refusal, storedFile, type TestShop } from "./support.js";

/** The older client's product form (dollars, snake_case), optionally with the category by id as GraphQL gives it. */
type ProductForm = Record<string, unknown>;

/** The form as the REST route maps it for the domain; a categoryId stands in for the category's name. */
function productForm(form: ProductForm) {
  const { categoryId, ...fields } = form;
  const input = oldClientInput(newProductPayload, fields);
  return "categoryId" in form && categoryId !== undefined ? { ...input, category: categoryId as number } : input;
}

let t: TestShop;
let admin: { id: number; token: string };
let shopper: { id: number; token: string };
let adminViewer: Viewer;

beforeAll(async () => {
  t = await createTestShop();
  admin = await t.signUp({ role: "admin" });
  shopper = await t.signUp();
  adminViewer = (await t.shop.tokens.verify(admin.token))!;
});

afterAll(async () => {
  await t?.close();
});

// ---- fixtures ----------------------------------------------------------------------------------------

let sequence = 0;
const clockStart = Date.parse("2024-01-01T00:00:00Z");

async function addCategory(name: string) {
  return t.shop.prisma.category.create({ data: { name } });
}

/** A product written straight to the database; `age` orders them: a larger age is added later. */
async function addProduct(categoryId: number, fields: Partial<{
  name: string; priceCents: number; discountPriceCents: number | null; quantity: number;
  ratingSum: number; peopleRated: number; age: number; imageOne: string;
}> = {}) {
  sequence += 1;
  const { age = sequence, ...rest } = fields;
  return t.shop.prisma.product.create({
    data: {
      slug: `fixture-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
      name: `Fixture plant ${sequence}`,
      description: "Grows well.",
      categoryId,
      priceCents: 1000,
      quantity: 5,
      imageOne: "/uploads/fixture.png",
      createdAt: new Date(clockStart + age * 60_000),
      ...rest,
    },
  });
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

const PRODUCTS = `query($search: String, $sort: ProductSort, $category: String, $inStock: Boolean, $discounted: Boolean, $first: Int = 100) {
  products(search: $search, sort: $sort, category: $category, inStock: $inStock, discounted: $discounted, first: $first) {
    nodes { id slug name price discountPrice unitPrice quantity rating peopleRated averageRating category { id name } } } }`;
type ProductsPage<T = { id: number }> = { products: { nodes: T[] } };
const PRODUCT = `query($slug: String!) { product(slug: $slug) { id slug name description price discountPrice unitPrice quantity imageOne imageTwo category { name } } }`;

async function listed(variables: Record<string, unknown>) {
  const result = await t.gql<ProductsPage>(PRODUCTS, variables);
  expect(result.errors).toBeUndefined();
  return ids(result.data!.products.nodes);
}

// ---- listing -----------------------------------------------------------------------------------------

describe("products: lists are shown newest first", () => {
  it("orders by the date added, newest first, and by id among products added at the same moment", async () => {
    const category = await addCategory("Newest First Ferns");
    const oldest = await addProduct(category.id, { age: 1 });
    const middle = await addProduct(category.id, { age: 2 });
    const sameMomentA = await addProduct(category.id, { age: 3 });
    const sameMomentB = await addProduct(category.id, { age: 3 });
    expect(await listed({ category: "Newest First Ferns" })).toEqual([sameMomentB.id, sameMomentA.id, middle.id, oldest.id]);
  });
});

describe("search: the text is trimmed and matched case-insensitively as a substring against product name and category name", () => {
  let monstera: number, fern: number, cactus: number, percent: number;

  beforeAll(async () => {
    const foliage = await addCategory("Search Foliage");
    const succulents = await addCategory("Search Succulents & Cacti");
    monstera = (await addProduct(foliage.id, { name: "Monstera Deliciosa" })).id;
    fern = (await addProduct(foliage.id, { name: "Boston Fern" })).id;
    cactus = (await addProduct(succulents.id, { name: "Golden Barrel" })).id;
    percent = (await addProduct(foliage.id, { name: "100% Peat Pot_Large" })).id;
  });

  it("matches a trimmed, case-insensitive part of the product name", async () => {
    expect(await listed({ search: "  moNSTERa DEL  " })).toEqual([monstera]);
  });

  it("matches the category name too", async () => {
    expect(await listed({ search: "succulents & CACTI" })).toEqual([cactus]);
    expect((await listed({ search: "search foliage" })).sort()).toEqual([monstera, fern, percent].sort());
  });

  it("treats % and _ as plain characters, not wildcards", async () => {
    expect(await listed({ search: "100%" })).toEqual([percent]);
    expect(await listed({ search: "t_l" })).toEqual([percent]);
    expect(await listed({ search: "%%" })).toEqual([]);
  });

  it("finds nothing when nothing matches", async () => {
    expect(await listed({ search: "no such plant anywhere" })).toEqual([]);
  });

  it("returns every product when the search is blank (the search page itself shows nothing for empty text)", async () => {
    const all = await listed({});
    expect(await listed({ search: "   " })).toEqual(all);
    expect(all).toEqual(expect.arrayContaining([monstera, fern, cactus, percent]));
  });
});

describe("category page: the products whose category equals the name", () => {
  it("matches the category name whatever its case, and only the whole name", async () => {
    const indoor = await addCategory("Indoor Palms");
    const outdoor = await addCategory("Indoor Palms Outdoor");
    const palm = await addProduct(indoor.id);
    await addProduct(outdoor.id);
    expect(await listed({ category: "indoor palms" })).toEqual([palm.id]);
    expect(await listed({ category: "  INDOOR PALMS " })).toEqual([palm.id]);
    expect(await listed({ category: "Indoor" })).toEqual([]);
    expect(await listed({ category: "No Such Category" })).toEqual([]);
  });

  it("includes each product's category", async () => {
    const result = await t.gql<ProductsPage<{ category: { name: string } }>>(PRODUCTS, { category: "Indoor Palms" });
    expect(result.data!.products.nodes.map((product) => product.category.name)).toEqual(["Indoor Palms"]);
  });
});

describe("search sort options: default, price-highest, price-lowest, highest-rated", () => {
  const category = "Sort Orchids";
  let tenOlder: number, discounted: number, eight: number, tenNewer: number;

  beforeAll(async () => {
    const orchids = await addCategory(category);
    tenOlder = (await addProduct(orchids.id, { priceCents: 1000, age: 1 })).id;
    // Price 20.00, but the unit price is the discount price: 5.00.
    discounted = (await addProduct(orchids.id, { priceCents: 2000, discountPriceCents: 500, age: 2 })).id;
    eight = (await addProduct(orchids.id, { priceCents: 800, age: 3 })).id;
    tenNewer = (await addProduct(orchids.id, { priceCents: 1200, discountPriceCents: 1000, age: 4 })).id;
  });

  it("price-highest sorts by unit price (the discount price when not null), equal prices newest first", async () => {
    expect(await listed({ category, sort: "PRICE_HIGHEST" })).toEqual([tenNewer, tenOlder, eight, discounted]);
  });

  it("price-lowest sorts by unit price ascending, equal prices newest first", async () => {
    expect(await listed({ category, sort: "PRICE_LOWEST" })).toEqual([discounted, eight, tenNewer, tenOlder]);
  });

  it("price sorting agrees with the unit price rule of pricing.ts", async () => {
    const rows = await t.shop.catalog.list({ category, sort: "price-lowest" });
    const unitPrices = rows.map(unitPriceCents);
    expect(unitPrices).toEqual([...unitPrices].sort((a, b) => a - b));
  });

  it("default is newest first, and so is NEWEST", async () => {
    expect(await listed({ category, sort: "DEFAULT" })).toEqual([tenNewer, eight, discounted, tenOlder]);
    expect(await listed({ category, sort: null })).toEqual([tenNewer, eight, discounted, tenOlder]);
    expect(await listed({ category, sort: "NEWEST" })).toEqual([tenNewer, eight, discounted, tenOlder]);
  });

  it("highest-rated sorts by average rating, ties broken by the larger number of raters, then newest first", async () => {
    const rated = await addCategory("Sort Rated Roses");
    const average45 = await addProduct(rated.id, { ratingSum: 9, peopleRated: 2, age: 1 });
    const average4TwoRaters = await addProduct(rated.id, { ratingSum: 8, peopleRated: 2, age: 0 });
    const average4OneRaterOlder = await addProduct(rated.id, { ratingSum: 4, peopleRated: 1, age: 2 });
    const average4OneRaterNewer = await addProduct(rated.id, { ratingSum: 4, peopleRated: 1, age: 4 });
    // The largest sum but an average of 3: the average counts, not the sum.
    const average3 = await addProduct(rated.id, { ratingSum: 12, peopleRated: 4, age: 6 });
    const average1 = await addProduct(rated.id, { ratingSum: 1, peopleRated: 1, age: 0 });
    const unrated = await addProduct(rated.id, { age: 9 });
    expect(await listed({ category: "Sort Rated Roses", sort: "HIGHEST_RATED" })).toEqual([
      average45.id,
      average4TwoRaters.id,
      average4OneRaterNewer.id,
      average4OneRaterOlder.id,
      average3.id,
      average1.id,
      unrated.id,
    ]);
  });

  it("reports the rating sum, the number of raters and the average (0 when nobody rated)", async () => {
    const result = await t.gql<ProductsPage<{ rating: number; peopleRated: number; averageRating: number }>>(PRODUCTS, {
      category: "Sort Rated Roses",
      sort: "HIGHEST_RATED",
    });
    const products = result.data!.products.nodes;
    expect(products[0]).toMatchObject({ rating: 9, peopleRated: 2, averageRating: 4.5 });
    expect(products.at(-1)).toMatchObject({ rating: 0, peopleRated: 0, averageRating: 0 });
  });
});

describe("home page: up to 6 in-stock products and up to 12 in-stock discounted products, newest first", () => {
  let newestInStock: number[];
  let newestDiscountedInStock: number[];

  beforeAll(async () => {
    await t.shop.prisma.product.deleteMany();
    const home = await addCategory("Home Page Herbs");
    const inStock: number[] = [];
    const discountedInStock: number[] = [];
    for (let age = 100; age < 140; age += 1) {
      const discount = age % 2 === 0;
      // Every fifth product is sold out, and the very newest ones too.
      const soldOut = age % 5 === 0 || age >= 137;
      const product = await addProduct(home.id, {
        age,
        priceCents: 2000,
        discountPriceCents: discount ? 1500 : null,
        quantity: soldOut ? 0 : 3,
      });
      if (!soldOut) inStock.unshift(product.id);
      if (!soldOut && discount) discountedInStock.unshift(product.id);
    }
    newestInStock = inStock.slice(0, 6);
    newestDiscountedInStock = discountedInStock.slice(0, 12);
    expect(discountedInStock.length).toBeGreaterThan(12);
  });

  it("new arrivals: the 6 newest products with quantity > 0", async () => {
    expect(await listed({ inStock: true, first: 6 })).toEqual(newestInStock);
  });

  it("discounted section: the 12 newest in-stock products with a discount price", async () => {
    expect(await listed({ inStock: true, discounted: true, first: 12 })).toEqual(newestDiscountedInStock);
  });

  it("inStock: false lists only sold-out products, discounted: false only undiscounted ones", async () => {
    const soldOut = await t.shop.catalog.list({ inStock: false });
    expect(soldOut.length).toBeGreaterThan(0);
    expect(soldOut.every((product) => product.quantity === 0)).toBe(true);
    const full = await t.shop.catalog.list({ discounted: false });
    expect(full.length).toBeGreaterThan(0);
    expect(full.every((product) => product.discountPriceCents === null)).toBe(true);
  });

  it("a page size (first) is a whole number from 1 to 100; the REST shim's limit one from 1 to 1000", async () => {
    expect(await listed({ first: 1 })).toHaveLength(1);
    for (const first of [0, -1, 101]) {
      expect(failure(await t.gql(PRODUCTS, { first }))).toMatchObject({
        code: "BAD_USER_INPUT",
        fields: { first: ["The page size (first) must be a whole number from 1 to 100."] },
      });
    }
    expect(await t.shop.catalog.list({ limit: 1 })).toHaveLength(1);
    for (const limit of [0, -1, 1001]) {
      expect((await refusal(t.shop.catalog.list({ limit }))).fields).toEqual({ limit: ["The limit must be between 1 and 1000."] });
    }
    for (const limit of [2.5, "six", true]) {
      const error = await refusal(t.shop.catalog.list({ limit } as never));
      expect(error.fields).toEqual({ limit: ["The limit must be a whole number."] });
    }
  });
});

describe("list options arrive untrusted", () => {
  it("refuses options of the wrong type, naming each field", async () => {
    const error = await refusal(
      t.shop.catalog.list({ search: 42, sort: "cheapest", category: ["Ferns"], inStock: "yes", discounted: 1 } as never),
    );
    expect(error.code).toBe("BAD_USER_INPUT");
    expect(Object.keys(error.fields!).sort()).toEqual(["category", "discounted", "in_stock", "search", "sort"]);
    expect(error.fields!.search).toEqual(["The search must be text."]);
    expect(error.fields!.in_stock).toEqual(["The in stock field must be true or false."]);
  });

  it("refuses a search longer than 255 characters", async () => {
    expect(failure(await t.gql(PRODUCTS, { search: "x".repeat(256) })).fields).toEqual({
      search: ["The search may not be greater than 255 characters."],
    });
  });

  it("refuses an unknown sort through GraphQL's enum", async () => {
    expect(failure(await t.gql(PRODUCTS, { sort: "CHEAPEST" })).message).toMatch(/ProductSort/);
  });
});

// ---- a constant number of queries ----------------------------------------------------------------------


describe("performance: a products list costs a constant number of SQL queries", () => {
  it("lists 5 and 50 products (with their categories) in the same, small number of queries", async () => {
    const categories = await Promise.all(Array.from({ length: 10 }, (_, i) => addCategory(`Count Category ${i}`)));
    const five = await addCategory("Count Five");
    for (let i = 0; i < 5; i += 1) await addProduct(five.id, { name: `Zinnia tally ${i}` });
    // 50 products over 10 categories: a query per row or per category would show.
    for (let i = 0; i < 50; i += 1) await addProduct(categories[i % 10].id, { name: `Counted plant ${i}` });

    let smallList: unknown[] = [];
    let largeList: unknown[] = [];
    const forFive = await countQueries(async () => {
      smallList = (await t.gql<ProductsPage>(PRODUCTS, { search: "zinnia tally", sort: "PRICE_LOWEST" })).data!.products.nodes;
    });
    const forFifty = await countQueries(async () => {
      largeList = (await t.gql<ProductsPage>(PRODUCTS, { search: "Counted plant", sort: "HIGHEST_RATED" })).data!.products.nodes;
    });
    expect(smallList).toHaveLength(5);
    expect(largeList).toHaveLength(50);
    expect(forFive, "the counter saw no query: it is not counting").toBeGreaterThan(0);
    expect(forFifty).toBe(forFive);
    // Search's plan (the categories and the words' corrections), then the ranked page with its total.
    expect(forFifty).toBe(2);
    // The category's id, then the page.
    const forCategory = await countQueries(() => t.gql(PRODUCTS, { category: "Count Five", sort: "PRICE_LOWEST" }));
    expect(forCategory).toBe(2);
  });
});

// ---- product detail -------------------------------------------------------------------------------------

describe("product detail: /products/{slug}", () => {
  it("finds a product by its slug", async () => {
    const category = await addCategory("Detail Bonsai");
    const product = await addProduct(category.id, { name: "Juniper Bonsai", priceCents: 4550, discountPriceCents: 3999 });
    const result = await t.gql<{ product: Record<string, unknown> }>(PRODUCT, { slug: product.slug });
    expect(result.data!.product).toMatchObject({
      id: product.id,
      slug: product.slug,
      name: "Juniper Bonsai",
      price: 45.5,
      discountPrice: 39.99,
      unitPrice: 39.99,
      category: { name: "Detail Bonsai" },
    });
  });

  it("answers NOT_FOUND 'Product not found.' for an unknown slug", async () => {
    expect(failure(await t.gql(PRODUCT, { slug: "no-such-plant" }))).toMatchObject({ code: "NOT_FOUND", message: "Product not found." });
    expect((await refusal(t.shop.catalog.bySlug(42))).code).toBe("NOT_FOUND");
    expect((await refusal(t.shop.catalog.byId("abc"))).code).toBe("NOT_FOUND");
    expect((await refusal(t.shop.catalog.byId(999_999))).message).toBe("Product not found.");
  });
});

// ---- slugs ------------------------------------------------------------------------------------------------

describe("slugs: URL-safe, derived from the name, unique", () => {
  it("lower-cases, folds accents, and collapses everything else into single dashes", () => {
    expect(slugify("Monstera Deliciosa")).toBe("monstera-deliciosa");
    expect(slugify("  Crème Brûlée -- Fern!! ")).toBe("creme-brulee-fern");
    expect(slugify("Größe Ærø Łódź")).toBe("grosse-aero-lodz");
    expect(slugify("Pots & Planters")).toBe("pots-and-planters");
    expect(slugify("Ficus_lyrata (50cm)")).toBe("ficus-lyrata-50cm");
  });

  it("is never empty and never longer than 200 characters", () => {
    expect(slugify("🌵🌵")).toBe("product");
    expect(slugify("!!!")).toBe("product");
    const long = slugify(`${"a".repeat(150)} ${"b".repeat(150)}`);
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("appends -2, -3 ... when the slug is taken", () => {
    expect(firstFreeSlug("rose", [])).toBe("rose");
    expect(firstFreeSlug("rose", ["rose"])).toBe("rose-2");
    expect(firstFreeSlug("rose", ["rose", "rose-2", "rose-4"])).toBe("rose-3");
    expect(firstFreeSlug("rose", ["rose-2"])).toBe("rose");
  });
});

// ---- product forms -------------------------------------------------------------------------------------

const CREATE = `mutation($input: ProductInput!) { createProduct(input: $input) {
  message product { id slug name description price discountPrice unitPrice quantity imageOne imageTwo category { id name } } } }`;
const UPDATE = `mutation($id: Int!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) {
  message product { id slug name description price discountPrice quantity imageOne imageTwo category { id name } } } }`;
const DELETE = `mutation($id: Int!) { deleteProduct(id: $id) { message } }`;

type ProductView = { id: number; slug: string; name: string; imageOne: string; imageTwo: string | null; category: { id: number; name: string } };

describe("product forms: create and update (admin)", () => {
  let categoryId: number;
  const input = (overrides: Record<string, unknown> = {}) => ({
    name: "Snake Plant",
    description: "Hardy and upright.",
    price: 24.5,
    discountPrice: 19.99,
    quantity: 12,
    categoryId,
    imageOne: upload(PNG),
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const result = await t.gql<{ createProduct: { message: string; product: ProductView } }>(CREATE, { input: input(overrides) }, admin.token);
    expect(result.errors).toBeUndefined();
    return result.data!.createProduct;
  };
  const update = (id: number, overrides: Record<string, unknown> = {}) => {
    const { imageOne: _imageOne, ...rest } = input(overrides);
    return t.gql<{ updateProduct: { message: string; product: ProductView } }>(UPDATE, { id, input: { ...rest, ...overrides } }, admin.token);
  };

  beforeAll(async () => {
    categoryId = (await addCategory("Form Succulents")).id;
  });

  it("creates a product: 'Product created successfully.', its image stored and served under /uploads", async () => {
    const created = await create({ name: "Aloe Vera" });
    expect(created.message).toBe("Product created successfully.");
    expect(created.product).toMatchObject({
      slug: "aloe-vera",
      name: "Aloe Vera",
      price: 24.5,
      discountPrice: 19.99,
      unitPrice: 19.99,
      quantity: 12,
      imageTwo: null,
      category: { id: categoryId, name: "Form Succulents" },
    });
    // imageOne is a JPEG rendition of the stored picture, named by its content.
    expect(created.product.imageOne).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
    expect(fs.existsSync(path.join(t.uploadsDir, path.basename(created.product.imageOne)))).toBe(true);
  });

  it("gives each product a unique slug: the second 'Snake Plant' is snake-plant-2, the third snake-plant-3", async () => {
    const slugs = [];
    for (let i = 0; i < 3; i += 1) slugs.push((await create({ name: "Snake Plant" })).product.slug);
    expect(slugs).toEqual(["snake-plant", "snake-plant-2", "snake-plant-3"]);
  });

  it("accepts the category by name, whatever its case, as the REST client sends it", async () => {
    const product = await t.shop.catalog.create(adminViewer, productForm({
      name: "Echeveria",
      description: "Rosettes.",
      price: "12.50",
      discount_price: "",
      quantity: "7",
      category: "form SUCCULENTS",
      image_one: PNG,
    }));
    expect(product).toMatchObject({ slug: "echeveria", priceCents: 1250, discountPriceCents: null, quantity: 7, categoryId });
  });

  it("updates a product: 'Product updated successfully.', keeping its slug while the name stays", async () => {
    const { product } = await create({ name: "Jade Plant", imageTwo: upload(PNG) });
    const result = await update(product.id, { name: "Jade Plant", price: 30, discountPrice: null, quantity: 0, description: "Lucky." });
    expect(result.errors).toBeUndefined();
    expect(result.data!.updateProduct.message).toBe("Product updated successfully.");
    expect(result.data!.updateProduct.product).toMatchObject({
      slug: "jade-plant",
      price: 30,
      discountPrice: null,
      quantity: 0,
      description: "Lucky.",
      // No image sent: the product keeps its current images.
      imageOne: product.imageOne,
      imageTwo: product.imageTwo,
    });
  });

  it("re-derives the slug only when the name changes, and never collides with itself", async () => {
    const { product } = await create({ name: "Haworthia" });
    const renamed = await update(product.id, { name: "Zebra Haworthia" });
    expect(renamed.data!.updateProduct.product.slug).toBe("zebra-haworthia");
    // A new spelling of the same slug keeps it, rather than becoming zebra-haworthia-2.
    const respelled = await update(product.id, { name: "ZEBRA Haworthia!" });
    expect(respelled.data!.updateProduct.product.slug).toBe("zebra-haworthia");
  });

  it("replaces an image when one is sent", async () => {
    const { product } = await create({ name: "Panda Plant" });
    const result = await update(product.id, { imageOne: upload(GIF, "new.gif", "image/gif"), imageTwo: upload(PNG) });
    const updated = result.data!.updateProduct.product;
    expect(updated.imageOne).not.toBe(product.imageOne);
    expect(updated.imageTwo).toMatch(/^\/uploads\//);
    // Past orders may still show the old image: it stays on disk.
    expect(fs.existsSync(path.join(t.uploadsDir, path.basename(product.imageOne)))).toBe(true);
  });

  it("answers NOT_FOUND 'Product not found.' when updating or deleting an unknown product", async () => {
    expect(failure(await update(999_999))).toMatchObject({ code: "NOT_FOUND", message: "Product not found." });
    expect(failure(await t.gql(DELETE, { id: 999_999 }, admin.token))).toMatchObject({ code: "NOT_FOUND", message: "Product not found." });
  });
});

describe("product validation: every field, every problem at once", () => {
  let categoryId: number;
  const valid = (overrides: ProductForm = {}): ProductForm => ({
    name: "Calathea",
    description: "Prayer plant.",
    price: 18,
    discount_price: null,
    quantity: 4,
    categoryId,
    image_one: PNG,
    ...overrides,
  });
  const fieldsOf = async (form: ProductForm) => (await refusal(t.shop.catalog.create(adminViewer, productForm(form)))).fields!;

  beforeAll(async () => {
    categoryId = (await addCategory("Validation Marantas")).id;
  });

  it("lists every missing field in one answer, under the payload's names", async () => {
    const fields = await fieldsOf({});
    expect(fields).toEqual({
      name: ["The name field is required."],
      description: ["The description field is required."],
      price: ["The price field is required."],
      quantity: ["The quantity field is required."],
      category: ["The category field is required."],
      image_one: ["The image one field is required."],
    });
  });

  it("name: required text of at most 255 characters", async () => {
    expect((await fieldsOf(valid({ name: "   " }))).name).toEqual(["The name field is required."]);
    expect((await fieldsOf(valid({ name: 42 }))).name).toEqual(["The name must be text."]);
    expect((await fieldsOf(valid({ name: "x".repeat(256) }))).name).toEqual(["The name may not be greater than 255 characters."]);
  });

  it("description: required text of at most 5000 characters", async () => {
    expect((await fieldsOf(valid({ description: "" }))).description).toEqual(["The description field is required."]);
    expect((await fieldsOf(valid({ description: { text: "x" } }))).description).toEqual(["The description must be text."]);
    expect((await fieldsOf(valid({ description: "x".repeat(5001) }))).description).toEqual([
      "The description may not be greater than 5000 characters.",
    ]);
  });

  it("price: more than 0, in dollars with at most two decimals", async () => {
    expect((await fieldsOf(valid({ price: 0 }))).price).toEqual(["The price must be greater than 0."]);
    for (const price of [-1, 1.234, "abc", "1e3", true]) {
      expect((await fieldsOf(valid({ price }))).price).toEqual(["The price must be a number of dollars with at most two decimals."]);
    }
  });

  it("discount price: optional, at least 0, strictly below the price", async () => {
    expect((await fieldsOf(valid({ discount_price: 18 }))).discount_price).toEqual(["The discount price must be less than the price."]);
    expect((await fieldsOf(valid({ discount_price: "25" }))).discount_price).toEqual(["The discount price must be less than the price."]);
    for (const discount of [-1, 0.001, "cheap"]) {
      expect((await fieldsOf(valid({ discount_price: discount }))).discount_price).toEqual([
        "The discount price must be a number of dollars with at most two decimals.",
      ]);
    }
    const free = await t.shop.catalog.create(adminViewer, productForm(valid({ name: "Free Seedling", discount_price: 0 })));
    expect(free.discountPriceCents).toBe(0);
  });

  it("quantity: a whole number from 0 to 1,000,000", async () => {
    for (const quantity of [-1, 1_000_001]) {
      expect((await fieldsOf(valid({ quantity }))).quantity).toEqual(["The quantity must be between 0 and 1000000."]);
    }
    for (const quantity of [2.5, "ten", [3]]) {
      expect((await fieldsOf(valid({ quantity }))).quantity).toEqual(["The quantity must be a whole number."]);
    }
    const soldOut = await t.shop.catalog.create(adminViewer, productForm(valid({ name: "Sold Out Calathea", quantity: 0 })));
    expect(soldOut.quantity).toBe(0);
  });

  it("category: must exist ('The selected category is invalid.')", async () => {
    for (const choice of [{ categoryId: 999_999 }, { categoryId: "abc" }, { categoryId: undefined, category: "No Such Category" }, { categoryId: undefined, category: 7 }]) {
      expect((await fieldsOf(valid(choice))).category).toEqual(["The selected category is invalid."]);
    }
    const result = await t.gql(CREATE, {
      input: { name: "Lost", description: "x", price: 1, quantity: 1, categoryId: 999_999, imageOne: upload(PNG) },
    }, admin.token);
    expect(failure(result)).toMatchObject({ code: "BAD_USER_INPUT", fields: { category: ["The selected category is invalid."] } });
  });

  it("image one: required on create, and must be a file", async () => {
    expect((await fieldsOf(valid({ image_one: undefined }))).image_one).toEqual(["The image one field is required."]);
    expect((await fieldsOf(valid({ image_one: "picture.png" }))).image_one).toEqual(["The image one must be a file."]);
    expect((await fieldsOf(valid({ image_two: 12 }))).image_two).toEqual(["The image two must be a file."]);
  });

  it("refuses a bad update the same way, and leaves the product untouched", async () => {
    const product = await t.shop.catalog.create(adminViewer, productForm(valid({ name: "Stromanthe" })));
    const error = await refusal(t.shop.catalog.update(adminViewer, product.id, productForm({ name: "", price: 5, quantity: 1, categoryId })));
    expect(Object.keys(error.fields!).sort()).toEqual(["description", "name"]);
    expect(await t.shop.catalog.byId(product.id)).toMatchObject({ name: "Stromanthe", priceCents: 1800 });
  });

  it("Money arguments refuse more than two decimals before the domain is reached", async () => {
    const result = await t.gql(CREATE, {
      input: { name: "x", description: "x", price: 1.234, quantity: 1, categoryId, imageOne: upload(PNG) },
    }, admin.token);
    expect(failure(result).message).toMatch(/at most two decimals/);
  });
});

describe("deleting a product", () => {
  it("'Product deleted successfully.': ratings and favourites go, order lines keep their snapshot, images stay", async () => {
    const category = await addCategory("Delete Peonies");
    const created = await t.shop.catalog.create(adminViewer, productForm({
      name: "Coral Charm Peony",
      description: "Blooms in May.",
      price: 15,
      quantity: 3,
      categoryId: category.id,
      image_one: PNG,
    }));
    const prisma = t.shop.prisma;
    await prisma.rating.create({ data: { userId: shopper.id, productId: created.id, value: 5 } });
    await prisma.favourite.create({ data: { userId: shopper.id, productId: created.id } });
    const order = await prisma.order.create({
      data: {
        orderNumber: `ORD-DELETE-${created.id}`,
        reference: "DELETEPEONY00001",
        userId: shopper.id,
        regionName: "North",
        subtotalCents: 1500,
        deliveryFeeCents: 0,
        totalCents: 1500,
        userEmail: "shopper@example.com",
        userPhone: "+1 555 0100",
        userAddress: "1 Garden Lane",
        lines: {
          create: {
            productId: created.id,
            slug: created.slug,
            name: created.name,
            description: created.description,
            categoryName: category.name,
            priceCents: 1500,
            unitPriceCents: 1500,
            quantity: 1,
            imageOne: created.imageOne,
          },
        },
      },
      include: { lines: true },
    });

    const result = await t.gql<{ deleteProduct: { message: string } }>(DELETE, { id: created.id }, admin.token);
    expect(result.data!.deleteProduct.message).toBe("Product deleted successfully.");
    expect(await prisma.product.findUnique({ where: { id: created.id } })).toBeNull();
    expect(await prisma.rating.count({ where: { productId: created.id } })).toBe(0);
    expect(await prisma.favourite.count({ where: { productId: created.id } })).toBe(0);
    const line = await prisma.orderLine.findUniqueOrThrow({ where: { id: order.lines[0].id } });
    expect(line).toMatchObject({ productId: null, name: "Coral Charm Peony", imageOne: created.imageOne });
    expect(storedFile(t, created.imageOne)).not.toBeNull();
    expect(fs.existsSync(storedFile(t, created.imageOne)!)).toBe(true);
  });
});

// ---- permissions -------------------------------------------------------------------------------------------

describe("permissions: only admins manage products (guest UNAUTHENTICATED, user FORBIDDEN, admin allowed)", () => {
  let categoryId: number;
  beforeAll(async () => {
    categoryId = (await addCategory("Permission Tulips")).id;
  });
  const productInput = () => ({ name: "Tulip Bulbs", description: "Plant in autumn.", price: 9, quantity: 50, categoryId, imageOne: upload(PNG) });

  it("createProduct", async () => {
    expect(failure(await t.gql(CREATE, { input: productInput() })).code).toBe("UNAUTHENTICATED");
    expect(failure(await t.gql(CREATE, { input: productInput() }, shopper.token))).toMatchObject({
      code: "FORBIDDEN",
      message: "Only admins can do this.",
    });
    expect((await t.gql(CREATE, { input: productInput() }, admin.token)).errors).toBeUndefined();
  });

  it("updateProduct", async () => {
    const product = await addProduct(categoryId);
    const { imageOne: _imageOne, ...input } = productInput();
    expect(failure(await t.gql(UPDATE, { id: product.id, input })).code).toBe("UNAUTHENTICATED");
    expect(failure(await t.gql(UPDATE, { id: product.id, input }, shopper.token)).code).toBe("FORBIDDEN");
    expect(await t.shop.catalog.byId(product.id)).toMatchObject({ name: product.name });
    expect((await t.gql(UPDATE, { id: product.id, input }, admin.token)).errors).toBeUndefined();
  });

  it("deleteProduct", async () => {
    const product = await addProduct(categoryId);
    expect(failure(await t.gql(DELETE, { id: product.id })).code).toBe("UNAUTHENTICATED");
    expect(failure(await t.gql(DELETE, { id: product.id }, shopper.token)).code).toBe("FORBIDDEN");
    expect(await t.shop.prisma.product.count({ where: { id: product.id } })).toBe(1);
    expect((await t.gql(DELETE, { id: product.id }, admin.token)).errors).toBeUndefined();
    expect(await t.shop.prisma.product.count({ where: { id: product.id } })).toBe(0);
  });

  it("anyone, guests included, may browse products and product details", async () => {
    const product = await addProduct(categoryId);
    expect((await t.gql(PRODUCTS, { category: "Permission Tulips" })).errors).toBeUndefined();
    expect((await t.gql(PRODUCT, { slug: product.slug })).errors).toBeUndefined();
    expect((await t.gql(PRODUCTS, {}, shopper.token)).errors).toBeUndefined();
  });
});
