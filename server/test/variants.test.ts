// Variants (one plant in several pot sizes): the owner's grid, what the product row shows, buying a variant
// (GraphQL names the choice to make; the REST shim buys the default variant), order lines as bought, no
// oversell per variant under 200 parallel checkouts, and the migration that gave every product its variant.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPGlite } from "../src/db/client.js";
import { checkVariantsMigration } from "../bench/variants-migration.js";
import { newReference } from "../src/domain/orders/order-numbers.js";
import { orderPayload } from "../src/rest/payloads.js";
import { JPEG, PNG, upload } from "./fixtures/images.js";
import { createTestShop, failure, oldClientInput, storedFile, type TestShop } from "./support.js";

let t: TestShop;
let admin: string;
let shopper: { id: number; token: string };
let categoryId: number;
let regionId: number;

beforeAll(async () => {
  t = await createTestShop();
  admin = (await t.signUp({ role: "admin" })).token;
  shopper = await t.signUp();
  categoryId = (await t.shop.prisma.category.create({ data: { name: "Indoor Plants" } })).id;
  regionId = (await t.shop.prisma.region.create({ data: { name: "Capital", feeCents: 500 } })).id;
});

afterAll(async () => {
  await t?.close();
});

let counter = 0;
async function makeProduct(name: string, fields: { priceCents?: number; discountPriceCents?: number | null; quantity?: number } = {}) {
  counter += 1;
  return t.shop.prisma.product.create({
    data: {
      slug: `variant-plant-${counter}`,
      name,
      description: "A plant.",
      categoryId,
      priceCents: fields.priceCents ?? 2_000,
      discountPriceCents: fields.discountPriceCents ?? null,
      quantity: fields.quantity ?? 10,
      imageOne: `/uploads/variant-${counter}.jpg`,
    },
  });
}

const SAVE = `mutation($productId: Int!, $input: ProductVariantsInput!) {
  saveProductVariants(productId: $productId, input: $input) {
    id price discountPrice quantity totalQuantity variantCount priceRange { min max }
    options { name values { value } }
    variants { id sku price discountPrice unitPrice quantity enabled isDefault options { name value } }
  }
}`;

interface SavedProduct {
  id: number;
  price: number;
  discountPrice: number | null;
  quantity: number;
  totalQuantity: number;
  variantCount: number;
  priceRange: { min: number; max: number };
  options: { name: string; values: { value: string }[] }[];
  variants: { id: number; sku: string; price: number; discountPrice: number | null; unitPrice: number; quantity: number; enabled: boolean; isDefault: boolean; options: { name: string; value: string }[] }[];
}

type Row = { sku: string; size: string; colour?: string; price: number; discountPrice?: number | null; quantity: number; enabled?: boolean; id?: number };

function grid(rows: Row[], colours = false) {
  return {
    options: [{ name: "Pot size", values: ["12 cm", "17 cm", "24 cm"] }, ...(colours ? [{ name: "Colour", values: ["White", "Terracotta"] }] : [])],
    variants: rows.map(({ sku, size, colour, price, discountPrice = null, quantity, enabled = true, id }) => ({
      ...(id ? { id } : {}),
      sku,
      options: [{ name: "Pot size", value: size }, ...(colour ? [{ name: "Colour", value: colour }] : [])],
      price,
      discountPrice,
      quantity,
      enabled,
    })),
  };
}

async function save(productId: number, input: unknown, token = admin) {
  return t.gql<{ saveProductVariants: SavedProduct }>(SAVE, { productId, input }, token);
}

async function monstera(stock = [5, 3, 2]) {
  const product = await makeProduct("Monstera");
  const saved = await save(
    product.id,
    grid([
      { sku: `MON-12-${product.id}`, size: "12 cm", price: 15, quantity: stock[0] },
      { sku: `MON-17-${product.id}`, size: "17 cm", price: 25, discountPrice: 22.5, quantity: stock[1] },
      { sku: `MON-24-${product.id}`, size: "24 cm", price: 45, quantity: stock[2] },
    ]),
  );
  expect(saved.errors).toBeUndefined();
  return { product, variants: saved.data!.saveProductVariants.variants };
}

const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) { order { id orderNumber subtotal lines { productId variantId sku options { name value } name price discountPrice unitPrice quantity lineTotal } } }
}`;

type Line = { productId?: number; variantId?: number; quantity: number };
const place = (lines: Line[], token = shopper.token) => t.gql<{ placeOrder: { order: { id: number; orderNumber: string; subtotal: number; lines: Record<string, unknown>[] } } }>(PLACE, { input: { lines, regionId, reference: newReference() } }, token);

describe("every product has a variant", () => {
  it("a product made without options has one variant carrying its price and stock, its slug in capitals as SKU", async () => {
    const product = await makeProduct("Snake Plant", { priceCents: 1_999, discountPriceCents: 1_499, quantity: 7 });
    const variants = await t.shop.prisma.productVariant.findMany({ where: { productId: product.id } });
    expect(variants).toMatchObject([{ sku: product.slug.toUpperCase(), priceCents: 1_999, discountPriceCents: 1_499, quantity: 7, enabled: true }]);
    const row = await t.shop.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(row).toMatchObject({ variantCount: 1, stockTotal: 7, unitPriceMinCents: 1_499, unitPriceMaxCents: 1_499 });
  });

  it("the spec's product form writes its price and stock to the product's one variant, and a sale writes them back", async () => {
    const product = await makeProduct("Peace Lily", { quantity: 4 });
    await t.shop.prisma.product.update({ where: { id: product.id }, data: { priceCents: 2_500, quantity: 9 } });
    expect(await t.shop.prisma.productVariant.findFirstOrThrow({ where: { productId: product.id } })).toMatchObject({ priceCents: 2_500, quantity: 9 });
    expect((await place([{ productId: product.id, quantity: 2 }])).errors).toBeUndefined();
    expect(await t.shop.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ quantity: 7, stockTotal: 7 });
  });
});

describe("the variant grid (saveProductVariants)", () => {
  it("sets options and variants; the product shows its default variant's price and stock, the range and the total", async () => {
    const { product, variants } = await monstera();
    expect(variants.map((variant) => [variant.sku, variant.unitPrice, variant.quantity, variant.isDefault, variant.options[0].value])).toEqual([
      [`MON-12-${product.id}`, 15, 5, true, "12 cm"],
      [`MON-17-${product.id}`, 22.5, 3, false, "17 cm"],
      [`MON-24-${product.id}`, 45, 2, false, "24 cm"],
    ]);
    const shown = await t.gql<{ product: SavedProduct }>(
      `query($slug: String!) { product(slug: $slug) { price quantity totalQuantity variantCount priceRange { min max } options { name values { value } } } }`,
      { slug: product.slug },
    );
    expect(shown.data!.product).toEqual({
      price: 15,
      quantity: 5,
      totalQuantity: 10,
      variantCount: 3,
      priceRange: { min: 15, max: 45 },
      options: [{ name: "Pot size", values: [{ value: "12 cm" }, { value: "17 cm" }, { value: "24 cm" }] }],
    });
  });

  it("the card's best discount: the variant on sale with the largest share off; a product sold in one variant shows its own", async () => {
    const { product } = await monstera();
    const plain = await makeProduct("Discounted Fern", { priceCents: 2_000, discountPriceCents: 1_500 });
    const query = `query($slug: String!) { product(slug: $slug) { bestDiscount { price discountPrice } } }`;
    expect((await t.gql<{ product: unknown }>(query, { slug: product.slug })).data!.product).toEqual({ bestDiscount: { price: 25, discountPrice: 22.5 } });
    expect((await t.gql<{ product: unknown }>(query, { slug: plain.slug })).data!.product).toEqual({ bestDiscount: { price: 20, discountPrice: 15 } });
    const none = await makeProduct("Full Price Fern");
    expect((await t.gql<{ product: unknown }>(query, { slug: none.slug })).data!.product).toEqual({ bestDiscount: null });
  });

  it("shoppers see only the variants on sale; admins see every one", async () => {
    const product = await makeProduct("Pilea");
    const saved = await save(product.id, grid([
      { sku: `PIL-12-${product.id}`, size: "12 cm", price: 10, quantity: 1, enabled: false },
      { sku: `PIL-17-${product.id}`, size: "17 cm", price: 12, quantity: 1 },
    ]));
    // The first variant on sale is the default one: the product's price is its.
    expect(saved.data!.saveProductVariants).toMatchObject({ price: 12, variantCount: 1, totalQuantity: 1 });
    const query = `query($slug: String!) { product(slug: $slug) { variants { sku } } }`;
    const every = `query($slug: String!) { product(slug: $slug) { variants(everyVariant: true) { sku enabled } } }`;
    expect((await t.gql<{ product: SavedProduct }>(query, { slug: product.slug })).data!.product.variants.map((variant) => variant.sku)).toEqual([`PIL-17-${product.id}`]);
    // An admin browsing the shop sees what shoppers see; the grid asks for every variant.
    expect((await t.gql<{ product: SavedProduct }>(query, { slug: product.slug }, admin)).data!.product.variants).toHaveLength(1);
    expect((await t.gql<{ product: SavedProduct }>(every, { slug: product.slug }, admin)).data!.product.variants).toEqual([
      { sku: `PIL-12-${product.id}`, enabled: false },
      { sku: `PIL-17-${product.id}`, enabled: true },
    ]);
    expect(failure(await t.gql(every, { slug: product.slug }, shopper.token))).toMatchObject({ code: "FORBIDDEN" });
    expect(failure(await t.gql(every, { slug: product.slug }))).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("saving again keeps each variant (same id, by id or SKU), so past orders keep pointing at it", async () => {
    const { product, variants } = await monstera();
    const again = await save(product.id, grid([
      { id: variants[1].id, sku: `MON-17-${product.id}`, size: "17 cm", price: 30, quantity: 3 },
      { sku: `MON-24-${product.id}`, size: "24 cm", price: 45, quantity: 8 },
    ]));
    expect(again.errors).toBeUndefined();
    expect(again.data!.saveProductVariants.variants.map((variant) => variant.id)).toEqual([variants[1].id, variants[2].id]);
    expect(again.data!.saveProductVariants).toMatchObject({ price: 30, totalQuantity: 11, priceRange: { min: 30, max: 45 } });
  });

  it("a variant's own picture: set by its stored path, kept when left out, removed with null", async () => {
    const { product, variants } = await monstera();
    await t.shop.prisma.image.create({ data: { ref: "/uploads/monstera-24.jpg", state: "ready", width: 10, height: 10 } });
    const rows = (image: string | null | undefined) => ({
      ...grid([{ id: variants[0].id, sku: variants[0].sku, size: "12 cm", price: 15, quantity: 5 }]),
      variants: [{ id: variants[0].id, sku: variants[0].sku, options: [{ name: "Pot size", value: "12 cm" }], price: 15, quantity: 5, ...(image === undefined ? {} : { image }) }],
    });
    const pictureOf = async () => (await t.shop.prisma.productVariant.findUniqueOrThrow({ where: { id: variants[0].id } })).image;
    expect((await save(product.id, rows("/uploads/monstera-24.jpg"))).errors).toBeUndefined();
    expect(await pictureOf()).toBe("/uploads/monstera-24.jpg");
    const shown = await t.gql<{ product: { variants: { imageRef: string | null; image: { url: string } | null }[] } }>(
      `query($slug: String!) { product(slug: $slug) { variants { imageRef image { url } } } }`,
      { slug: product.slug },
    );
    expect(shown.data!.product.variants[0]).toMatchObject({ imageRef: "/uploads/monstera-24.jpg", image: { url: expect.any(String) } });
    expect((await save(product.id, rows(undefined))).errors).toBeUndefined();
    expect(await pictureOf()).toBe("/uploads/monstera-24.jpg");
    expect((await save(product.id, rows(null))).errors).toBeUndefined();
    expect(await pictureOf()).toBeNull();
    expect(failure(await save(product.id, rows("/uploads/never-uploaded.jpg")))).toMatchObject({ fields: { "variants.0.image": ["This picture is not stored in the shop: upload it first."] } });
  });

  it("a variant's own picture uploaded with the grid is stored as its own; a fake or broken upload is refused at its row and leaves nothing", async () => {
    const { product, variants } = await monstera();
    const row = (extra: Record<string, unknown>) => ({
      options: [{ name: "Pot size", values: ["12 cm"] }],
      variants: [{ id: variants[0].id, sku: variants[0].sku, options: [{ name: "Pot size", value: "12 cm" }], price: 15, quantity: 5, ...extra }],
    });
    const saved = await save(product.id, row({ imageUpload: upload(PNG) }));
    expect(saved.errors).toBeUndefined();
    const stored = (await t.shop.prisma.productVariant.findUniqueOrThrow({ where: { id: variants[0].id } })).image;
    expect(stored).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(storedFile(t, stored!)!)).toBe(true);
    expect(await t.shop.prisma.image.count({ where: { ref: stored! } })).toBe(1);

    const imagesBefore = await t.shop.prisma.image.count();
    const before = await t.shop.prisma.productVariant.findMany({ where: { productId: product.id }, orderBy: { id: "asc" } });
    expect(failure(await save(product.id, row({ imageUpload: upload(Buffer.from("not a picture at all"), "plant.png") })))).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { "variants.0.image": ["The image must be a JPEG, PNG, WebP or GIF file."] },
    });
    // A real picture with a grid the shop refuses: the picture stored for it is removed again.
    const other = await makeProduct("Fern");
    const taken = (await t.shop.prisma.productVariant.findFirstOrThrow({ where: { productId: other.id } })).sku;
    const refused = await save(product.id, { ...row({ imageUpload: upload(JPEG, "new.jpg", "image/jpeg") }), variants: [{ ...row({}).variants[0], sku: taken, imageUpload: upload(JPEG, "new.jpg", "image/jpeg") }] });
    expect(failure(refused)).toMatchObject({ fields: { "variants.0.sku": [`The SKU ${taken} is already used by another product's variant.`] } });
    expect(await t.shop.prisma.image.count()).toBe(imagesBefore);
    expect(await t.shop.prisma.productVariant.findMany({ where: { productId: product.id }, orderBy: { id: "asc" } })).toEqual(before);
  });

  it("answers each bad grid with what to fix, field by field, and changes nothing", async () => {
    const { product } = await monstera();
    const other = await makeProduct("Fern");
    const cases: [unknown, Record<string, string[]>][] = [
      [grid([{ sku: "A-1", size: "12 cm", price: 10, quantity: -1 }]), { "variants.0.quantity": ["The quantity must be a whole number between 0 and 1000000."] }],
      [grid([{ sku: "A-1", size: "12 cm", price: 10, discountPrice: 10, quantity: 1 }]), { "variants.0.discount_price": ["The discount price must be less than the price."] }],
      [grid([{ sku: "A-1", size: "12 cm", price: 10, quantity: 1 }, { sku: "a-1", size: "17 cm", price: 10, quantity: 1 }]), { "variants.1.sku": ["The SKU a-1 is given to two variants."] }],
      [grid([{ sku: "A 1", size: "12 cm", price: 10, quantity: 1 }]), { "variants.0.sku": ["The SKU must be 1 to 64 letters, digits, dashes, dots, slashes or underscores."] }],
      [grid([{ sku: "A-1", size: "30 cm", price: 10, quantity: 1 }]), { "variants.0.options": ["Choose one Pot size from 12 cm, 17 cm, 24 cm."] }],
      [grid([{ sku: "A-1", size: "12 cm", price: 10, quantity: 1 }, { sku: "A-2", size: "12 cm", price: 11, quantity: 1 }]), { "variants.1.options": ["Two variants have the same options."] }],
      [grid([{ sku: "A-1", size: "12 cm", price: 10, quantity: 1, enabled: false }]), { variants: ["At least one variant must be on sale."] }],
      [{ options: [], variants: [] }, { variants: ["A product needs at least one variant."] }],
      [grid([{ sku: "A-1", size: "12 cm", price: 10, quantity: 1, id: (await t.shop.prisma.productVariant.findFirstOrThrow({ where: { productId: other.id } })).id }]), { "variants.0.id": ["This variant is not one of the product's."] }],
      // Another product's SKU, in another case: SKUs are unique in the whole shop.
      [grid([{ sku: other.slug.toLowerCase(), size: "12 cm", price: 10, quantity: 1 }]), { "variants.0.sku": [`The SKU ${other.slug.toLowerCase()} is already used by another product's variant.`] }],
    ];
    const before = await t.shop.prisma.productVariant.findMany({ where: { productId: product.id }, orderBy: { id: "asc" } });
    for (const [input, fields] of cases) {
      expect(failure(await save(product.id, input))).toMatchObject({ code: "BAD_USER_INPUT", fields });
    }
    expect(await t.shop.prisma.productVariant.findMany({ where: { productId: product.id }, orderBy: { id: "asc" } })).toEqual(before);
  });

  it("only admins set variants: a guest is UNAUTHENTICATED, a shopper FORBIDDEN, an unknown product NOT_FOUND", async () => {
    const product = await makeProduct("Calathea");
    const input = grid([{ sku: `CAL-${product.id}`, size: "12 cm", price: 10, quantity: 1 }]);
    expect(failure(await save(product.id, input, ""))).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(failure(await save(product.id, input, shopper.token))).toMatchObject({ code: "FORBIDDEN" });
    expect(failure(await save(999_999, input))).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("lists show a product by its variants on sale", () => {
  it("listed at the lowest unit price on sale and in stock when any variant is, whatever its default variant's", async () => {
    const category = (await t.shop.prisma.category.create({ data: { name: "Listed Pots" } })).id;
    const product = await t.shop.prisma.product.create({
      data: { slug: "listed-pot", name: "Listed Pot", description: "A pot.", categoryId: category, priceCents: 5_000, quantity: 0, imageOne: "/uploads/listed.jpg" },
    });
    await save(product.id, grid([
      { sku: "LISTED-24", size: "24 cm", price: 50, quantity: 0 },
      { sku: "LISTED-12", size: "12 cm", price: 20, discountPrice: 18, quantity: 4 },
    ]));
    const list = `query($category: String, $inStock: Boolean, $min: Money, $max: Money) {
      products(category: $category, inStock: $inStock, minPrice: $min, maxPrice: $max, sort: PRICE_LOWEST) { nodes { slug quantity totalQuantity priceRange { min max } } }
    }`;
    const found = await t.gql<{ products: { nodes: unknown[] } }>(list, { category: "Listed Pots", inStock: true, min: 15, max: 20 });
    expect(found.errors).toBeUndefined();
    expect(found.data!.products.nodes).toEqual([{ slug: "listed-pot", quantity: 0, totalQuantity: 4, priceRange: { min: 18, max: 50 } }]);
    const soldOut = await t.gql<{ products: { nodes: unknown[] } }>(list, { category: "Listed Pots", inStock: false });
    expect(soldOut.data!.products.nodes).toEqual([]);
  });
});

describe("option filters on category and search pages", () => {
  it("each value counted under the other filters and the other options' choices, not its own; choices of one option widen, of two narrow", async () => {
    const category = (await t.shop.prisma.category.create({ data: { name: "Faceted Planters" } })).id;
    const make = async (slug: string, rows: Row[]) => {
      const product = await t.shop.prisma.product.create({ data: { slug, name: slug, description: "A planter.", categoryId: category, priceCents: 1_000, quantity: 1, imageOne: "/uploads/f.jpg" } });
      expect((await save(product.id, grid(rows, true))).errors).toBeUndefined();
    };
    await make("facet-a", [{ sku: "FA-12-W", size: "12 cm", colour: "White", price: 10, quantity: 1 }, { sku: "FA-24-T", size: "24 cm", colour: "Terracotta", price: 20, quantity: 1 }]);
    await make("facet-b", [{ sku: "FB-12-T", size: "12 cm", colour: "Terracotta", price: 10, quantity: 1 }]);
    await make("facet-c", [{ sku: "FC-17-W", size: "17 cm", colour: "White", price: 10, quantity: 1 }, { sku: "FC-24-W", size: "24 cm", colour: "White", price: 10, quantity: 1, enabled: false }]);
    const query = `query($options: [OptionChoiceInput!]) {
      productFilters(category: "Faceted Planters", options: $options) { total options { name values { value count } } }
      products(category: "Faceted Planters", options: $options, sort: NEWEST) { nodes { slug } }
    }`;
    type Answer = { productFilters: { total: number; options: unknown[] }; products: { nodes: { slug: string }[] } };
    const ask = async (options: { name: string; value: string }[] | null) => (await t.gql<Answer>(query, { options })).data!;

    const all = await ask(null);
    expect(all.productFilters).toEqual({
      total: 3,
      options: [
        // 24 cm counts facet-a only: facet-c's 24 cm is not on sale. Values in natural order.
        { name: "Colour", values: [{ value: "Terracotta", count: 2 }, { value: "White", count: 2 }] },
        { name: "Pot size", values: [{ value: "12 cm", count: 2 }, { value: "17 cm", count: 1 }, { value: "24 cm", count: 1 }] },
      ],
    });
    const white = await ask([{ name: "Colour", value: "White" }]);
    expect(white.products.nodes.map((node) => node.slug).sort()).toEqual(["facet-a", "facet-c"]);
    // Colour's own values keep their counts; Pot size's are counted among the white ones.
    expect(white.productFilters.options).toEqual([
      { name: "Colour", values: [{ value: "Terracotta", count: 2 }, { value: "White", count: 2 }] },
      { name: "Pot size", values: [{ value: "12 cm", count: 1 }, { value: "17 cm", count: 1 }, { value: "24 cm", count: 1 }] },
    ]);
    const wider = await ask([{ name: "Pot size", value: "17 cm" }, { name: "Pot size", value: "24 cm" }]);
    expect(wider.products.nodes.map((node) => node.slug).sort()).toEqual(["facet-a", "facet-c"]);
    const narrower = await ask([{ name: "Pot size", value: "12 cm" }, { name: "Colour", value: "Terracotta" }]);
    expect(narrower.products.nodes.map((node) => node.slug).sort()).toEqual(["facet-a", "facet-b"]);
    expect(narrower.productFilters.total).toBe(2);
  });

  it("a choice that is not a name and a value is answered with what to send", async () => {
    const answer = await t.gql(`query($options: [OptionChoiceInput!]) { products(options: $options) { nodes { slug } } }`, { options: [{ name: " ", value: "12 cm" }] });
    expect(failure(answer)).toMatchObject({ code: "BAD_USER_INPUT", fields: { options: ["The options must be a list of an option's name and one of its values."] } });
  });
});

describe("option values are words of their product", () => {
  it("'monstera 24 cm' finds the product sold in 24 cm; a value only of variants not on sale is no word of it", async () => {
    const product = await makeProduct("Searchable Monstera");
    await save(product.id, {
      options: [{ name: "Pot size", values: ["12 cm", "24 cm", "31 cm"] }],
      variants: [
        { sku: "SEARCH-12", options: [{ name: "Pot size", value: "12 cm" }], price: 10, quantity: 1 },
        { sku: "SEARCH-24", options: [{ name: "Pot size", value: "24 cm" }], price: 20, quantity: 1 },
        { sku: "SEARCH-31", options: [{ name: "Pot size", value: "31 cm" }], price: 30, quantity: 1, enabled: false },
      ],
    });
    const search = async (text: string) =>
      (await t.gql<{ products: { nodes: { slug: string }[] } }>(`query($s: String) { products(search: $s) { nodes { slug } } }`, { s: text })).data!.products.nodes.map((node) => node.slug);
    expect(await search("searchable monstera 24 cm")).toEqual([product.slug]);
    expect(await search("searchable monstera 31")).toEqual([]);
    expect((await t.shop.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).optionWords).toBe("12 cm 24 cm");
  });
});

describe("buying a variant", () => {
  it("a line names the variant; the order line keeps its SKU, option values and price as they were", async () => {
    const { product, variants } = await monstera();
    const placed = await place([{ variantId: variants[1].id, quantity: 2 }]);
    expect(placed.errors).toBeUndefined();
    const order = placed.data!.placeOrder.order;
    expect(order.lines).toEqual([
      {
        productId: product.id,
        variantId: variants[1].id,
        sku: variants[1].sku,
        options: [{ name: "Pot size", value: "17 cm" }],
        name: "Monstera",
        price: 25,
        discountPrice: 22.5,
        unitPrice: 22.5,
        quantity: 2,
        lineTotal: 45,
      },
    ]);
    expect(order.subtotal).toBe(45);
    // Only that variant's stock was taken.
    const stock = await t.shop.prisma.productVariant.findMany({ where: { productId: product.id }, orderBy: { position: "asc" }, select: { quantity: true } });
    expect(stock.map((row) => row.quantity)).toEqual([5, 1, 2]);
    // Later changes to the variant do not rewrite the order.
    await save(product.id, grid([{ id: variants[1].id, sku: "RENAMED", size: "17 cm", price: 99, quantity: 1 }]));
    const again = await t.gql<{ order: { lines: { sku: string; unitPrice: number }[] } }>(`query($number: String!) { order(orderNumber: $number) { lines { sku unitPrice } } }`, { number: order.orderNumber }, shopper.token);
    expect(again.data?.order.lines ?? again.errors).toEqual([{ sku: variants[1].sku, unitPrice: 22.5 }]);
  });

  it("a product sold in several variants needs the choice: its id alone is answered with the option to choose", async () => {
    const { product } = await monstera();
    expect(failure(await place([{ productId: product.id, quantity: 1 }]))).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { cart: ["Please choose a Pot size for Monstera."] },
    });
  });

  it("a product sold in one variant is still bought by its id alone", async () => {
    const product = await makeProduct("Aloe Vera", { quantity: 3 });
    expect((await place([{ productId: product.id, quantity: 3 }])).errors).toBeUndefined();
    expect(failure(await place([{ productId: product.id, quantity: 1 }]))).toMatchObject({ fields: { cart: ["Aloe Vera is out of stock."] } });
  });

  it("each bad line is answered in the shopper's words: another product's variant, one not on sale, an unknown one, too few left", async () => {
    const { product, variants } = await monstera([5, 3, 2]);
    const fern = await makeProduct("Fern");
    await save(product.id, grid(variants.map((variant, index) => ({ id: variant.id, sku: variant.sku, size: variant.options[0].value, price: 10, quantity: [5, 3, 2][index], enabled: index !== 2 }))));
    const answer = await place([
      { productId: fern.id, variantId: variants[0].id, quantity: 1 },
      { variantId: variants[2].id, quantity: 1 },
      { variantId: 2_000_000_000, quantity: 1 },
      { variantId: variants[1].id, quantity: 4 },
    ]);
    expect(failure(answer)).toMatchObject({
      fields: {
        cart: [
          "The chosen option is not one of Monstera's.",
          "Monstera (24 cm) is no longer available.",
          "A product in your cart is no longer available.",
          "Only 3 of Monstera (17 cm) left in stock.",
        ],
      },
    });
    expect(await t.shop.prisma.order.count({ where: { lines: { some: { productId: product.id } } } })).toBe(0);
  });

  it("the cart quote prices each variant; a line that must name one is left out with the choice to make", async () => {
    const { product, variants } = await monstera();
    const quote = await t.gql<{ cartQuote: { lines: { variantId: number; sku: string; unitPrice: number; lineTotal: number }[]; itemsTotal: number } }>(
      `query($lines: [CartLineInput!]!) { cartQuote(lines: $lines) { lines { variantId sku unitPrice lineTotal } itemsTotal } }`,
      { lines: [{ variantId: variants[0].id, quantity: 2 }, { variantId: variants[2].id, quantity: 1 }] },
    );
    expect(quote.data!.cartQuote).toEqual({
      lines: [
        { variantId: variants[0].id, sku: variants[0].sku, unitPrice: 15, lineTotal: 30 },
        { variantId: variants[2].id, sku: variants[2].sku, unitPrice: 45, lineTotal: 45 },
      ],
      itemsTotal: 75,
    });
    const ambiguous = await t.gql<{ cartQuote: unknown }>(`query($lines: [CartLineInput!]!) { cartQuote(lines: $lines) { itemsTotal lines { variantId } choicesToMake { productId message } } }`, {
      lines: [{ productId: product.id, quantity: 1 }, { variantId: variants[0].id, quantity: 1 }],
    });
    expect(ambiguous.data!.cartQuote).toEqual({
      itemsTotal: 15,
      lines: [{ variantId: variants[0].id }],
      choicesToMake: [{ productId: product.id, message: "Please choose a Pot size for Monstera." }],
    });
  });

  it("the REST shim, whose clients know no variants, buys a product's default variant by the product's id", async () => {
    const { product, variants } = await monstera([5, 3, 2]);
    const viewer = (await t.shop.tokens.viewerFromAuthorization(`Bearer ${shopper.token}`))!;
    const order = await t.shop.orders.placeOrder(viewer, oldClientInput(orderPayload, { cart: [{ id: product.id, cartQuantity: 2 }], region: regionId, reference: newReference() }));
    expect(order.lines.map((line) => [line.variantId, line.sku, line.unitPriceCents, line.quantity])).toEqual([[variants[0].id, variants[0].sku, 1_500, 2]]);
    expect(await t.shop.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ quantity: 3, stockTotal: 8 });
  });
});

describe("the dashboard's top products", () => {
  it("count per product, with the quantity of each variant bought (by its SKU when bought)", async () => {
    const { product, variants } = await monstera([50, 50, 50]);
    await place([{ variantId: variants[0].id, quantity: 3 }, { variantId: variants[2].id, quantity: 1 }]);
    await place([{ variantId: variants[0].id, quantity: 2 }]);
    const top = await t.gql<{ topProducts: { id: number; purchasedQuantity: number; variants: unknown[] }[] }>(
      `{ topProducts(limit: 100) { id purchasedQuantity variants { sku options { name value } purchasedQuantity } } }`,
      {},
      admin,
    );
    expect(top.data!.topProducts.find((entry) => entry.id === product.id)).toEqual({
      id: product.id,
      purchasedQuantity: 6,
      variants: [
        { sku: variants[0].sku, options: [{ name: "Pot size", value: "12 cm" }], purchasedQuantity: 5 },
        { sku: variants[2].sku, options: [{ name: "Pot size", value: "24 cm" }], purchasedQuantity: 1 },
      ],
    });
  });
});

describe("no oversell per variant", () => {
  it("200 parallel checkouts for a variant with 10 in stock sell 10; the product's other variants are untouched", async () => {
    const { product, variants } = await monstera([50, 10, 7]);
    const buyers = await Promise.all(Array.from({ length: 200 }, () => t.signUp()));
    const results = await Promise.all(buyers.map((buyer) => place([{ variantId: variants[1].id, quantity: 1 }], buyer.token)));
    const placed = results.filter((result) => !result.errors);
    expect(placed).toHaveLength(10);
    for (const refused of results.filter((result) => result.errors)) {
      expect(failure(refused)).toMatchObject({ code: "BAD_USER_INPUT", fields: { cart: ["Monstera (17 cm) is out of stock."] } });
    }
    const stock = await t.shop.prisma.productVariant.findMany({ where: { productId: product.id }, orderBy: { position: "asc" }, select: { quantity: true } });
    expect(stock.map((row) => row.quantity)).toEqual([50, 0, 7]);
    expect(await t.shop.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ quantity: 50, stockTotal: 57 });
    expect(await t.shop.prisma.orderLine.aggregate({ where: { variantId: variants[1].id }, _sum: { quantity: true } })).toEqual({ _sum: { quantity: 10 } });
  }, 120_000);
});

describe("the owner's grid and checkouts at the same moment", () => {
  it("saves and sales of one product's variants all go through, none waiting for another: no deadlock", async () => {
    const { product, variants } = await monstera([500, 500, 500]);
    const buyers = await Promise.all(Array.from({ length: 16 }, () => t.signUp()));
    const rows = (price: number) =>
      grid(variants.map((variant, index) => ({ id: variant.id, sku: variant.sku, size: variant.options[0].value, price: price + index, quantity: 400 })));
    const work = [
      ...buyers.map((buyer, index) => place([{ variantId: variants[index % 3].id, quantity: 1 }, { variantId: variants[(index + 1) % 3].id, quantity: 1 }], buyer.token)),
      ...[30, 31, 32, 33].map((price) => save(product.id, rows(price))),
    ];
    const results = await Promise.all(work);
    expect(results.map((result) => result.errors?.[0]?.message ?? "ok")).toEqual(work.map(() => "ok"));
  }, 60_000);
});

describe("the migration to variants", () => {
  // The same scenario runs at 100,000 products and orders on PostgreSQL: npm run bench:migrate-variants.
  it("gives every product one variant with its price, discount and stock, and loses nothing: prices, stock, orders and totals are as before", async () => {
    const db = newPGlite();
    const run = {
      exec: async (sql: string) => void (await db.exec(sql)),
      query: async (sql: string, params?: unknown[]) => (await db.query<Record<string, unknown>>(sql, params)).rows,
      transaction: async <T,>(work: (tx: { exec(sql: string): Promise<void>; query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]> }) => Promise<T>) =>
        db.transaction((tx) => work({ exec: async (sql) => void (await tx.exec(sql)), query: async (sql, params) => (await tx.query<Record<string, unknown>>(sql, params)).rows })),
    };
    try {
      const check = await checkVariantsMigration(run, { products: 2_000, orders: 500 });
      expect(check).toMatchObject({
        products: 1_999,
        orders: 500,
        variants: 1_999,
        productsUnchanged: true,
        ordersUnchanged: true,
        productsWithoutTheirVariant: 0,
        unmatchedLines: 0,
      });
      // Lines of the product deleted since keep their snapshot, without a variant.
      expect(check.orphanedLines).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  }, 120_000);
});
