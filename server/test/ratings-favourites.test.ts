// Ratings (once per user, 1 to 5, the product's sum and count kept exact) and favourites (the wish-list).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShopError } from "../src/domain/shared/errors.js";
import type { Viewer } from "../src/domain/shared/viewer.js";
import { ratingPayload } from "../src/rest/payloads.js";
import { createTestShop, oldClientInput, failure, refusal, type TestShop } from "./support.js";

let t: TestShop;
let categoryId: number;
let productCounter = 0;

beforeAll(async () => {
  t = await createTestShop();
  categoryId = (await t.shop.prisma.category.create({ data: { name: "Indoor Plants" } })).id;
});

afterAll(async () => {
  await t?.close();
});

async function makeProduct(name = "Fiddle Leaf Fig", createdAt?: Date) {
  productCounter += 1;
  return t.shop.prisma.product.create({
    data: {
      slug: `${name.toLowerCase().replaceAll(" ", "-")}-${productCounter}`,
      name,
      description: "A leafy friend.",
      categoryId,
      priceCents: 2500,
      quantity: 10,
      imageOne: "/uploads/fig.jpg",
      ...(createdAt ? { createdAt } : {}),
    },
  });
}

const viewerOf = async (token: string) => (await t.shop.tokens.verify(token)) as Viewer;

/** The product's stored sum and count next to what its rating rows add up to. */
async function ratingBooks(productId: number) {
  const product = await t.shop.prisma.product.findUniqueOrThrow({ where: { id: productId } });
  const rows = await t.shop.prisma.rating.aggregate({ where: { productId }, _sum: { value: true }, _count: true });
  return { stored: { sum: product.ratingSum, count: product.peopleRated }, rows: { sum: rows._sum.value ?? 0, count: rows._count } };
}

const RATE = `mutation($productId: Int!, $rating: Int!) { rateProduct(productId: $productId, rating: $rating) {
  message product { id rating peopleRated averageRating category { name } } } }`;
const MY_RATING = `query($productId: Int!) { myRating(productId: $productId) }`;
const TOGGLE = `mutation($productId: Int!) { toggleFavourite(productId: $productId) { message isFavourite } }`;
const IS_FAVOURITE = `query($productId: Int!) { isFavourite(productId: $productId) }`;
const FAVOURITES = `{ favourites { nodes { id name category { name } } } }`;

describe("ratings", () => {
  it("rating a product adds to its rating sum and people rated, and answers 'Thank you for rating this product.'", async () => {
    const product = await makeProduct();
    const first = await t.signUp();
    const second = await t.signUp();
    const rated = await t.gql<{ rateProduct: unknown }>(RATE, { productId: product.id, rating: 4 }, first.token);
    expect(rated.data!.rateProduct).toEqual({
      message: "Thank you for rating this product.",
      product: { id: product.id, rating: 4, peopleRated: 1, averageRating: 4, category: { name: "Indoor Plants" } },
    });
    const again = await t.gql<{ rateProduct: { product: unknown } }>(RATE, { productId: product.id, rating: 1 }, second.token);
    expect(again.data!.rateProduct.product).toMatchObject({ rating: 5, peopleRated: 2, averageRating: 2.5 });
  });

  it("the rating number must be a whole number between 1 and 5", async () => {
    const product = await makeProduct();
    const user = await t.signUp();
    const viewer = await viewerOf(user.token);
    for (const rating of [0, 6, -1]) {
      expect(failure(await t.gql(RATE, { productId: product.id, rating }, user.token))).toMatchObject({
        code: "BAD_USER_INPUT",
        message: "The rating number must be between 1 and 5.",
        fields: { rating_number: ["The rating number must be between 1 and 5."] },
      });
    }
    for (const rating_number of [2.5, "three", [3], true]) {
      expect((await refusal(t.shop.ratings.rate(viewer, product.id, oldClientInput(ratingPayload, { rating_number })))).fields).toEqual({
        rating_number: ["The rating number must be a whole number."],
      });
    }
    for (const input of [{}, null, "5", { rating_number: "" }]) {
      expect((await refusal(t.shop.ratings.rate(viewer, product.id, oldClientInput(ratingPayload, input)))).fields).toEqual({ rating_number: ["The rating number field is required."] });
    }
    expect(await ratingBooks(product.id)).toEqual({ stored: { sum: 0, count: 0 }, rows: { sum: 0, count: 0 } });
    // REST bodies may carry the number as text.
    await expect(t.shop.ratings.rate(viewer, String(product.id), oldClientInput(ratingPayload, { rating_number: "5" }))).resolves.toMatchObject({ ratingSum: 5, peopleRated: 1 });
  });

  it("a user rates a product once: 'You have already rated this product.'", async () => {
    const product = await makeProduct();
    const user = await t.signUp();
    await t.gql(RATE, { productId: product.id, rating: 3 }, user.token);
    expect(failure(await t.gql(RATE, { productId: product.id, rating: 5 }, user.token))).toMatchObject({
      code: "CONFLICT",
      message: "You have already rated this product.",
    });
    expect(await ratingBooks(product.id)).toEqual({ stored: { sum: 3, count: 1 }, rows: { sum: 3, count: 1 } });
  });

  it("rating an unknown product is 'Product not found.'", async () => {
    const user = await t.signUp();
    const viewer = await viewerOf(user.token);
    expect(failure(await t.gql(RATE, { productId: 987654, rating: 3 }, user.token))).toMatchObject({ code: "NOT_FOUND", message: "Product not found." });
    for (const productId of [-1, 0, "abc", null, 1.5]) {
      expect(await refusal(t.shop.ratings.rate(viewer, productId, oldClientInput(ratingPayload, { rating_number: 3 })))).toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await t.shop.prisma.rating.count({ where: { userId: user.id } })).toBe(0);
  });

  it("the product's rating sum and count always equal its rating rows, even with 10 users rating at once", async () => {
    const product = await makeProduct();
    const users = await Promise.all(Array.from({ length: 10 }, () => t.signUp()));
    const viewers = await Promise.all(users.map((user) => viewerOf(user.token)));
    await Promise.all(viewers.map((viewer, i) => t.shop.ratings.rate(viewer, product.id, oldClientInput(ratingPayload, { rating_number: (i % 5) + 1 }))));
    expect(await ratingBooks(product.id)).toEqual({ stored: { sum: 30, count: 10 }, rows: { sum: 30, count: 10 } });
  });

  it("one user rating one product several times at once is counted once; the others hear CONFLICT", async () => {
    const product = await makeProduct();
    const viewer = await viewerOf((await t.signUp()).token);
    const outcomes = await Promise.all(
      [1, 2, 3, 4, 5].map((rating_number) =>
        t.shop.ratings.rate(viewer, product.id, oldClientInput(ratingPayload, { rating_number })).then(() => "ok", (error: ShopError) => error.code),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "CONFLICT")).toHaveLength(4);
    const books = await ratingBooks(product.id);
    expect(books.stored).toEqual(books.rows);
    expect(books.stored.count).toBe(1);
  });

  it("my rating is the user's own value, 0 when they have not rated", async () => {
    const product = await makeProduct();
    const rater = await t.signUp();
    const other = await t.signUp();
    await t.gql(RATE, { productId: product.id, rating: 2 }, rater.token);
    expect((await t.gql(MY_RATING, { productId: product.id }, rater.token)).data).toEqual({ myRating: 2 });
    expect((await t.gql(MY_RATING, { productId: product.id }, other.token)).data).toEqual({ myRating: 0 });
    expect(failure(await t.gql(MY_RATING, { productId: 987654 }, rater.token))).toMatchObject({ code: "NOT_FOUND", message: "Product not found." });
    expect(await refusal(t.shop.ratings.myRating(await viewerOf(rater.token), "x"))).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("favourites", () => {
  it("toggling adds the product to the wish-list, toggling again removes it", async () => {
    const product = await makeProduct();
    const user = await t.signUp();
    expect((await t.gql(IS_FAVOURITE, { productId: product.id }, user.token)).data).toEqual({ isFavourite: false });
    expect((await t.gql(TOGGLE, { productId: product.id }, user.token)).data).toEqual({
      toggleFavourite: { message: "Added to your wishlist.", isFavourite: true },
    });
    expect((await t.gql(IS_FAVOURITE, { productId: product.id }, user.token)).data).toEqual({ isFavourite: true });
    expect((await t.gql(TOGGLE, { productId: product.id }, user.token)).data).toEqual({
      toggleFavourite: { message: "Removed from your wishlist.", isFavourite: false },
    });
    expect((await t.gql(IS_FAVOURITE, { productId: product.id }, user.token)).data).toEqual({ isFavourite: false });
  });

  it("one user's favourites are not another's", async () => {
    const product = await makeProduct();
    const fan = await t.signUp();
    const other = await t.signUp();
    await t.gql(TOGGLE, { productId: product.id }, fan.token);
    expect((await t.gql(IS_FAVOURITE, { productId: product.id }, other.token)).data).toEqual({ isFavourite: false });
    expect((await t.gql(FAVOURITES, {}, other.token)).data).toEqual({ favourites: { nodes: [] } });
  });

  it("the wish-list shows the products most recently favoured first", async () => {
    const user = await t.signUp();
    const [fern, cactus, palm] = [await makeProduct("Fern"), await makeProduct("Cactus"), await makeProduct("Palm")];
    for (const product of [cactus, fern, palm]) await t.gql(TOGGLE, { productId: product.id }, user.token);
    type List = { favourites: { nodes: { id: number; name: string; category: { name: string } }[] } };
    const list = await t.gql<List>(FAVOURITES, {}, user.token);
    expect(list.data!.favourites.nodes.map((product) => product.name)).toEqual(["Palm", "Fern", "Cactus"]);
    expect(list.data!.favourites.nodes[0].category.name).toBe("Indoor Plants");
    await t.gql(TOGGLE, { productId: fern.id }, user.token);
    await t.gql(TOGGLE, { productId: fern.id }, user.token);
    expect((await t.gql<List>(FAVOURITES, {}, user.token)).data!.favourites.nodes.map((product) => product.name)).toEqual(["Fern", "Palm", "Cactus"]);
  });

  it("an empty wish-list is an empty list", async () => {
    const user = await t.signUp();
    expect((await t.gql(FAVOURITES, {}, user.token)).data).toEqual({ favourites: { nodes: [] } });
  });

  it("an unknown product is 'Product not found.'", async () => {
    const user = await t.signUp();
    const viewer = await viewerOf(user.token);
    expect(failure(await t.gql(TOGGLE, { productId: 987654 }, user.token))).toMatchObject({ code: "NOT_FOUND", message: "Product not found." });
    expect(failure(await t.gql(IS_FAVOURITE, { productId: 987654 }, user.token))).toMatchObject({ code: "NOT_FOUND", message: "Product not found." });
    for (const productId of [0, -3, "abc", undefined, {}]) {
      expect(await refusal(t.shop.favourites.toggle(viewer, productId))).toMatchObject({ code: "NOT_FOUND" });
      expect(await refusal(t.shop.favourites.check(viewer, productId))).toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await t.shop.prisma.favourite.count({ where: { userId: user.id } })).toBe(0);
  });

  it("toggles racing each other (a double click) never fail and leave at most one row", async () => {
    const product = await makeProduct();
    const viewer = await viewerOf((await t.signUp()).token);
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => t.shop.favourites.toggle(viewer, product.id)));
    expect(outcomes.every((outcome) => typeof outcome.isFavourite === "boolean")).toBe(true);
    const rows = await t.shop.prisma.favourite.count({ where: { userId: viewer.userId, productId: product.id } });
    expect(rows).toBeLessThanOrEqual(1);
    expect(await t.shop.favourites.check(viewer, product.id)).toBe(rows === 1);
  });

  it("a deleted product leaves the wish-list with it", async () => {
    const product = await makeProduct();
    const user = await t.signUp();
    await t.gql(TOGGLE, { productId: product.id }, user.token);
    await t.shop.prisma.product.delete({ where: { id: product.id } });
    expect((await t.gql(FAVOURITES, {}, user.token)).data).toEqual({ favourites: { nodes: [] } });
  });
});

describe("permissions: guest, user, admin", () => {
  const operations = [
    { name: "rateProduct", query: RATE, rating: true },
    { name: "myRating", query: MY_RATING },
    { name: "toggleFavourite", query: TOGGLE },
    { name: "isFavourite", query: IS_FAVOURITE },
    { name: "favourites", query: FAVOURITES },
  ];
  for (const operation of operations) {
    it(`${operation.name}: guests are UNAUTHENTICATED, users and admins may`, async () => {
      const product = await makeProduct();
      const variables = operation.query.includes("$productId") ? { productId: product.id, ...(operation.rating ? { rating: 5 } : {}) } : {};
      expect(failure(await t.gql(operation.query, variables)).code).toBe("UNAUTHENTICATED");
      expect((await t.gql(operation.query, variables, (await t.signUp()).token)).errors).toBeUndefined();
      expect((await t.gql(operation.query, variables, (await t.signUp({ role: "admin" })).token)).errors).toBeUndefined();
    });
  }

  it("domain calls without a viewer are UNAUTHENTICATED", async () => {
    const product = await makeProduct();
    for (const call of [
      t.shop.ratings.rate(null, product.id, oldClientInput(ratingPayload, { rating_number: 3 })),
      t.shop.ratings.myRating(null, product.id),
      t.shop.favourites.toggle(null, product.id),
      t.shop.favourites.check(null, product.id),
      t.shop.favourites.list(null),
    ]) {
      expect((await refusal(call)).code).toBe("UNAUTHENTICATED");
    }
  });
});
