// Categories and delivery regions: the lists everyone reads and the admin's forms.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../src/domain/shared/viewer.js";
import { regionPayload } from "../src/rest/payloads.js";
import { createTestShop, oldClientInput, failure, refusal, type TestShop } from "./support.js";

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

async function addProducts(categoryId: number, count: number) {
  for (let i = 0; i < count; i += 1) {
    await t.shop.prisma.product.create({
      data: {
        slug: `c${categoryId}-p${i}`,
        name: `Plant ${i}`,
        description: "Green.",
        categoryId,
        priceCents: 500,
        quantity: 1,
        imageOne: "/uploads/plant.png",
      },
    });
  }
}

// ---- categories --------------------------------------------------------------------------------------

const CATEGORIES = `{ categories { nodes { id name createdAt } } }`;
const CATEGORY = `query($id: Int!) { category(id: $id) { id name } }`;
const CREATE_CATEGORY = `mutation($name: String!) { createCategory(name: $name) { message category { id name } } }`;
const UPDATE_CATEGORY = `mutation($id: Int!, $name: String!) { updateCategory(id: $id, name: $name) { message category { id name } } }`;
const DELETE_CATEGORY = `mutation($id: Int!) { deleteCategory(id: $id) { message } }`;

const createCategory = async (name: string) => {
  const result = await t.gql<{ createCategory: { message: string; category: { id: number; name: string } } }>(
    CREATE_CATEGORY,
    { name },
    admin.token,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createCategory;
};

describe("categories", () => {
  it("creates a category with the notice 'Category created', its name trimmed", async () => {
    const created = await createCategory("  Indoor Plants ");
    expect(created.message).toBe("Category created");
    expect(created.category.name).toBe("Indoor Plants");
  });

  it("lists categories newest first, to guests too", async () => {
    const first = await createCategory("Newest Order A");
    const second = await createCategory("Newest Order B");
    const third = await createCategory("Newest Order C");
    const result = await t.gql<{ categories: { nodes: { id: number }[] } }>(CATEGORIES);
    expect(result.errors).toBeUndefined();
    const order = result.data!.categories.nodes.map((category) => category.id);
    expect(order.filter((id) => [first, second, third].some((c) => c.category.id === id))).toEqual([
      third.category.id,
      second.category.id,
      first.category.id,
    ]);
  });

  it("loads one category by id, and answers NOT_FOUND 'Category not found.' for an unknown id", async () => {
    const { category } = await createCategory("Herb Seeds");
    expect((await t.gql(CATEGORY, { id: category.id })).data).toEqual({ category: { id: category.id, name: "Herb Seeds" } });
    expect(failure(await t.gql(CATEGORY, { id: 999_999 }))).toMatchObject({ code: "NOT_FOUND", message: "Category not found." });
    expect((await refusal(t.shop.categories.byId("seven"))).code).toBe("NOT_FOUND");
  });

  it("name: required, at most 100 characters, text", async () => {
    expect(failure(await t.gql(CREATE_CATEGORY, { name: "   " }, admin.token))).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { name: ["The name field is required."] },
    });
    expect(failure(await t.gql(CREATE_CATEGORY, { name: "x".repeat(101) }, admin.token)).fields).toEqual({
      name: ["The name may not be greater than 100 characters."],
    });
    expect((await refusal(t.shop.categories.create(adminViewer, { name: 12 } as never))).fields).toEqual({ name: ["The name must be text."] });
    expect((await refusal(t.shop.categories.create(adminViewer, {} as never))).fields).toEqual({ name: ["The name field is required."] });
    expect((await refusal(t.shop.categories.create(adminViewer, null as never))).fields).toEqual({ name: ["The name field is required."] });
  });

  it("name: unique whatever its case ('The name has already been taken.')", async () => {
    await createCategory("Garden Tools");
    for (const name of ["Garden Tools", "  garden TOOLS "]) {
      expect(failure(await t.gql(CREATE_CATEGORY, { name }, admin.token)).fields).toEqual({ name: ["The name has already been taken."] });
    }
  });

  it("updates a category: 'Category updated successfully.'", async () => {
    const { category } = await createCategory("Pots");
    const result = await t.gql<{ updateCategory: { message: string; category: { name: string } } }>(
      UPDATE_CATEGORY,
      { id: category.id, name: "Pots & Planters" },
      admin.token,
    );
    expect(result.data!.updateCategory).toEqual({ message: "Category updated successfully.", category: { id: category.id, name: "Pots & Planters" } });
  });

  it("an update may change the case of the category's own name, but not take another's", async () => {
    const { category } = await createCategory("Bulbs");
    await createCategory("Seeds");
    expect((await t.gql(UPDATE_CATEGORY, { id: category.id, name: "BULBS" }, admin.token)).errors).toBeUndefined();
    expect(failure(await t.gql(UPDATE_CATEGORY, { id: category.id, name: "seeds" }, admin.token)).fields).toEqual({
      name: ["The name has already been taken."],
    });
    expect(failure(await t.gql(UPDATE_CATEGORY, { id: category.id, name: "" }, admin.token)).fields).toEqual({
      name: ["The name field is required."],
    });
  });

  it("answers NOT_FOUND when updating or deleting an unknown category", async () => {
    expect(failure(await t.gql(UPDATE_CATEGORY, { id: 999_999, name: "Ghost" }, admin.token)).code).toBe("NOT_FOUND");
    expect(failure(await t.gql(DELETE_CATEGORY, { id: 999_999 }, admin.token))).toMatchObject({
      code: "NOT_FOUND",
      message: "Category not found.",
    });
  });

  it("deletes an empty category: 'Category deleted successfully.'", async () => {
    const { category } = await createCategory("Empty Shelf");
    const result = await t.gql<{ deleteCategory: { message: string } }>(DELETE_CATEGORY, { id: category.id }, admin.token);
    expect(result.data!.deleteCategory.message).toBe("Category deleted successfully.");
    expect(await t.shop.prisma.category.count({ where: { id: category.id } })).toBe(0);
  });

  it("refuses to delete a category that still has products, saying how many (CONFLICT), and never orphans them", async () => {
    const { category } = await createCategory("Full Shelf");
    await addProducts(category.id, 3);
    expect(failure(await t.gql(DELETE_CATEGORY, { id: category.id }, admin.token))).toMatchObject({
      code: "CONFLICT",
      message: "This category still has 3 products. Move or delete them first.",
    });
    expect(await t.shop.prisma.product.count({ where: { categoryId: category.id } })).toBe(3);

    await t.shop.prisma.product.deleteMany({ where: { categoryId: category.id, slug: { not: `c${category.id}-p0` } } });
    expect(failure(await t.gql(DELETE_CATEGORY, { id: category.id }, admin.token)).message).toBe(
      "This category still has 1 product. Move or delete them first.",
    );

    await t.shop.prisma.product.deleteMany({ where: { categoryId: category.id } });
    expect((await t.gql(DELETE_CATEGORY, { id: category.id }, admin.token)).errors).toBeUndefined();
  });
});

// ---- regions -----------------------------------------------------------------------------------------------

const REGIONS = `{ regions { nodes { id name fee createdAt } } }`;
const REGION = `query($id: Int!) { region(id: $id) { id name fee } }`;
const CREATE_REGION = `mutation($name: String!, $fee: Money!) { createRegion(name: $name, fee: $fee) { message region { id name fee } } }`;
const UPDATE_REGION = `mutation($id: Int!, $name: String!, $fee: Money!) { updateRegion(id: $id, name: $name, fee: $fee) { message region { id name fee } } }`;
const DELETE_REGION = `mutation($id: Int!) { deleteRegion(id: $id) { message } }`;

const createRegion = async (name: string, fee: unknown = 5) => {
  const result = await t.gql<{ createRegion: { message: string; region: { id: number; name: string; fee: number } } }>(
    CREATE_REGION,
    { name, fee },
    admin.token,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createRegion;
};

describe("regions", () => {
  it("creates a region: 'Region created successfully.', fee in dollars", async () => {
    const created = await createRegion(" Lagos ", 12.5);
    expect(created).toEqual({ message: "Region created successfully.", region: { id: created.region.id, name: "Lagos", fee: 12.5 } });
    expect(await t.shop.prisma.region.findUnique({ where: { id: created.region.id } })).toMatchObject({ feeCents: 1250 });
  });

  it("accepts the fee as a number or a numeric string ('12.50'), free delivery included", async () => {
    expect((await createRegion("Abuja", "12.50")).region.fee).toBe(12.5);
    const direct = await t.shop.regions.create(adminViewer, oldClientInput(regionPayload, { name: "Kano", fee: "7.05" }));
    expect(direct.feeCents).toBe(705);
    expect((await t.shop.regions.create(adminViewer, oldClientInput(regionPayload, { name: "Ibadan", fee: 3 }))).feeCents).toBe(300);
    expect((await createRegion("Pickup Point", 0)).region.fee).toBe(0);
  });

  it("fee: required, at least 0, dollars with at most two decimals", async () => {
    expect((await refusal(t.shop.regions.create(adminViewer, oldClientInput(regionPayload, { name: "No Fee" })))).fields).toEqual({ fee: ["The fee field is required."] });
    for (const fee of [-1, "1.005", "twelve", "1e2", true, { amount: 1 }]) {
      expect((await refusal(t.shop.regions.create(adminViewer, oldClientInput(regionPayload, { name: "Bad Fee", fee })))).fields).toEqual({
        fee: ["The fee must be a number of dollars with at most two decimals."],
      });
    }
    expect(failure(await t.gql(CREATE_REGION, { name: "Bad Fee", fee: -3 }, admin.token)).message).toMatch(/Money must be/);
  });

  it("name: required, at most 100 characters, unique whatever its case; every problem at once", async () => {
    await createRegion("Enugu");
    expect((await refusal(t.shop.regions.create(adminViewer, oldClientInput(regionPayload, { name: " ENUGU ", fee: 1 })))).fields).toEqual({
      name: ["The name has already been taken."],
    });
    expect((await refusal(t.shop.regions.create(adminViewer, oldClientInput(regionPayload, { name: "x".repeat(101), fee: 1 })))).fields).toEqual({
      name: ["The name may not be greater than 100 characters."],
    });
    expect((await refusal(t.shop.regions.create(adminViewer, oldClientInput(regionPayload, { name: 5, fee: "abc" })))).fields).toEqual({
      name: ["The name must be text."],
      fee: ["The fee must be a number of dollars with at most two decimals."],
    });
  });

  it("lists regions newest first, with their fees, to guests too", async () => {
    const first = await createRegion("Order Region A", 1);
    const second = await createRegion("Order Region B", 2.25);
    const result = await t.gql<{ regions: { nodes: { id: number; fee: number }[] } }>(REGIONS);
    expect(result.errors).toBeUndefined();
    const mine = result.data!.regions.nodes.filter((region) => [first.region.id, second.region.id].includes(region.id));
    expect(mine).toMatchObject([{ id: second.region.id, fee: 2.25 }, { id: first.region.id, fee: 1 }]);
  });

  it("loads one region by id, and answers NOT_FOUND 'Region not found.' for an unknown id", async () => {
    const { region } = await createRegion("Jos", 4);
    expect((await t.gql(REGION, { id: region.id })).data).toEqual({ region: { id: region.id, name: "Jos", fee: 4 } });
    expect(failure(await t.gql(REGION, { id: 999_999 }))).toMatchObject({ code: "NOT_FOUND", message: "Region not found." });
  });

  it("updates a region: 'Region updated successfully.'", async () => {
    const { region } = await createRegion("Kaduna", 4);
    const result = await t.gql(UPDATE_REGION, { id: region.id, name: "Kaduna North", fee: "6.75" }, admin.token);
    expect(result.data).toEqual({
      updateRegion: { message: "Region updated successfully.", region: { id: region.id, name: "Kaduna North", fee: 6.75 } },
    });
    expect((await t.gql(UPDATE_REGION, { id: region.id, name: "KADUNA NORTH", fee: 6 }, admin.token)).errors).toBeUndefined();
    expect(failure(await t.gql(UPDATE_REGION, { id: 999_999, name: "Ghost", fee: 1 }, admin.token)).code).toBe("NOT_FOUND");
  });

  it("deletes a region: 'Region deleted successfully.'; orders keep the region's name", async () => {
    const { region } = await createRegion("Calabar", 9);
    const order = await t.shop.prisma.order.create({
      data: {
        orderNumber: "ORD-REGION-DELETE",
        reference: "REGIONDELETE0001",
        userId: shopper.id,
        regionId: region.id,
        regionName: "Calabar",
        subtotalCents: 1000,
        deliveryFeeCents: 900,
        totalCents: 1900,
        userEmail: "shopper@example.com",
        userPhone: "+1 555 0100",
        userAddress: "1 Garden Lane",
      },
    });
    const result = await t.gql(DELETE_REGION, { id: region.id }, admin.token);
    expect(result.data).toEqual({ deleteRegion: { message: "Region deleted successfully." } });
    expect(await t.shop.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      regionId: null,
      regionName: "Calabar",
      deliveryFeeCents: 900,
    });
    expect(failure(await t.gql(DELETE_REGION, { id: region.id }, admin.token))).toMatchObject({
      code: "NOT_FOUND",
      message: "Region not found.",
    });
  });
});

// ---- permissions ----------------------------------------------------------------------------------------------

describe("permissions: only admins manage categories and regions (guest UNAUTHENTICATED, user FORBIDDEN, admin allowed)", () => {
  const matrix = async (query: string, variables: () => Promise<Record<string, unknown>>) => {
    expect(failure(await t.gql(query, await variables())).code).toBe("UNAUTHENTICATED");
    expect(failure(await t.gql(query, await variables(), shopper.token))).toMatchObject({ code: "FORBIDDEN", message: "Only admins can do this." });
    const allowed = await t.gql(query, await variables(), admin.token);
    expect(allowed.errors).toBeUndefined();
  };
  let n = 0;
  const categoryId = async () => (await t.shop.prisma.category.create({ data: { name: `Permission Category ${++n}` } })).id;
  const regionId = async () => (await t.shop.prisma.region.create({ data: { name: `Permission Region ${++n}`, feeCents: 100 } })).id;

  it("createCategory", () => matrix(CREATE_CATEGORY, async () => ({ name: `Allowed Category ${++n}` })));
  it("updateCategory", () => matrix(UPDATE_CATEGORY, async () => ({ id: await categoryId(), name: `Renamed Category ${++n}` })));
  it("deleteCategory", () => matrix(DELETE_CATEGORY, async () => ({ id: await categoryId() })));
  it("createRegion", () => matrix(CREATE_REGION, async () => ({ name: `Allowed Region ${++n}`, fee: 2 })));
  it("updateRegion", () => matrix(UPDATE_REGION, async () => ({ id: await regionId(), name: `Renamed Region ${++n}`, fee: 3 })));
  it("deleteRegion", () => matrix(DELETE_REGION, async () => ({ id: await regionId() })));

  it("refused callers change nothing", async () => {
    const id = await categoryId();
    await t.gql(UPDATE_CATEGORY, { id, name: "Hijacked" }, shopper.token);
    await t.gql(DELETE_CATEGORY, { id }, shopper.token);
    expect(await t.shop.prisma.category.findUnique({ where: { id } })).toMatchObject({ name: `Permission Category ${n}` });
    const region = await regionId();
    await t.gql(DELETE_REGION, { id: region });
    expect(await t.shop.prisma.region.count({ where: { id: region } })).toBe(1);
  });
});
