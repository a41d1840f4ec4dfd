// The audit trail of the catalogue's back office (products, variants, regions, promotions, taxes): each
// change writes its entry in its own transaction, with who, what and only the fields that changed; a change
// that fails, or that changes nothing, writes none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG, upload } from "./fixtures/images.js";
import { createTestShop, failure, type TestShop } from "./support.js";

let t: TestShop;
let owner: { id: number; token: string; email: string };
let categoryId: number;
let regionId: number;

beforeAll(async () => {
  t = await createTestShop();
  owner = await t.signUp({ role: "admin", email: "catalogue-auditor@example.com" });
  categoryId = (await t.shop.prisma.category.create({ data: { name: "Audited Ferns" } })).id;
  regionId = (await t.shop.prisma.region.create({ data: { name: "Audited Coast", feeCents: 500 } })).id;
});
afterAll(async () => {
  await t?.close();
});

const entries = () => t.shop.prisma.activityEntry.findMany({ orderBy: { id: "asc" } });
/** The entries written by `work`, checking it answered without errors (or with `code`). */
async function entriesOf(work: () => Promise<{ errors?: readonly unknown[] }>, code?: string) {
  const before = (await entries()).length;
  const result = await work();
  if (code) expect(failure(result as never).code).toBe(code);
  else expect(result.errors).toBeUndefined();
  return (await entries()).slice(before);
}

let made = 0;
async function product(name = `Audited Fern ${(made += 1)}`) {
  const result = await t.gql<{ createProduct: { product: { id: number } } }>(
    `mutation($input: ProductInput!) { createProduct(input: $input) { product { id } } }`,
    { input: { name, description: "Fronds.", price: 12.5, quantity: 4, categoryId, imageOne: upload(PNG) } },
    owner.token,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createProduct.product.id;
}
const UPDATE_PRODUCT = `mutation($id: Int!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { message } }`;

describe("products", () => {
  it("a creation records the product's fields after, by the admin", async () => {
    const added = await entriesOf(async () => ({ errors: undefined, id: await product("Audited Maidenhair") }));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      actorKind: "staff",
      actorId: owner.id,
      actorName: owner.email,
      kind: "product.created",
      subjectType: "product",
      subjectLabel: "Audited Maidenhair",
      changes: { name: { before: null, after: "Audited Maidenhair" }, priceCents: { before: null, after: 1250 }, quantity: { before: null, after: 4 }, categoryId: { before: null, after: categoryId } },
    });
  });

  it("an update records the admin and only the field that changed, before and after (money in cents as stored)", async () => {
    const id = await product();
    const row = await t.shop.prisma.product.findUniqueOrThrow({ where: { id } });
    const input = { name: row.name, description: "Fronds.", price: 14, quantity: 4, categoryId };
    const added = await entriesOf(() => t.gql(UPDATE_PRODUCT, { id, input }, owner.token));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ actorId: owner.id, actorName: owner.email, kind: "product.updated", subjectType: "product", subjectId: String(id), subjectLabel: row.name });
    expect(added[0].changes).toEqual({ priceCents: { before: 1250, after: 1400 } });
  });

  it("an update that fails leaves no entry: an invalid discount, a forged token, an unknown product", async () => {
    const id = await product();
    const row = await t.shop.prisma.product.findUniqueOrThrow({ where: { id } });
    const input = { name: row.name, description: "Fronds.", price: 12.5, quantity: 4, categoryId };
    expect(await entriesOf(() => t.gql(UPDATE_PRODUCT, { id, input: { ...input, discountPrice: 20 } }, owner.token), "BAD_USER_INPUT")).toEqual([]);
    expect(await entriesOf(() => t.gql(UPDATE_PRODUCT, { id, input }, owner.token.slice(0, -2)), "UNAUTHENTICATED")).toEqual([]);
    expect(await entriesOf(() => t.gql(UPDATE_PRODUCT, { id: 999_999, input }, owner.token), "NOT_FOUND")).toEqual([]);
    expect(await t.shop.prisma.product.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: row.name, priceCents: 1250 });
  });

  it("an entry that cannot be written undoes its change: they are one transaction", async () => {
    const id = await product();
    const row = await t.shop.prisma.product.findUniqueOrThrow({ where: { id } });
    await t.shop.prisma.$executeRawUnsafe(`
      CREATE FUNCTION audit_test_refuse_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.subject_label = 'Audited Unloggable' THEN RAISE EXCEPTION 'no entry'; END IF; RETURN NEW; END $$`);
    await t.shop.prisma.$executeRawUnsafe(`CREATE TRIGGER audit_test_refuse_entry BEFORE INSERT ON activity_log FOR EACH ROW EXECUTE FUNCTION audit_test_refuse_entry()`);
    try {
      const input = { name: "Audited Unloggable", description: "Fronds.", price: 30, quantity: 4, categoryId };
      expect((await t.gql(UPDATE_PRODUCT, { id, input }, owner.token)).errors).toBeDefined();
      expect((await t.gql(`mutation { createRegion(name: "Audited Unloggable", fee: 1) { message } }`, {}, owner.token)).errors).toBeDefined();
    } finally {
      await t.shop.prisma.$executeRawUnsafe(`DROP TRIGGER audit_test_refuse_entry ON activity_log`);
      await t.shop.prisma.$executeRawUnsafe(`DROP FUNCTION audit_test_refuse_entry()`);
    }
    expect(await t.shop.prisma.product.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: row.name, priceCents: 1250 });
    expect(await t.shop.prisma.region.findUnique({ where: { name: "Audited Unloggable" } })).toBeNull();
  });

  it("a deletion records what was there; deleting it again (NOT_FOUND) records nothing", async () => {
    const id = await product("Audited Staghorn");
    const added = await entriesOf(() => t.gql(`mutation($id: Int!) { deleteProduct(id: $id) { message } }`, { id }, owner.token));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ kind: "product.deleted", subjectId: String(id), subjectLabel: "Audited Staghorn", changes: { name: { before: "Audited Staghorn", after: null }, priceCents: { before: 1250, after: null } } });
    expect(await entriesOf(() => t.gql(`mutation($id: Int!) { deleteProduct(id: $id) { message } }`, { id }, owner.token), "NOT_FOUND")).toEqual([]);
  });

  it("a variant grid save records the grid before and after, compactly; a refused grid records nothing", async () => {
    const id = await product("Audited Bird's Nest");
    const SAVE = `mutation($productId: Int!, $input: ProductVariantsInput!) { saveProductVariants(productId: $productId, input: $input) { id } }`;
    const input = {
      options: [{ name: "Pot size", values: ["12 cm", "24 cm"] }],
      variants: [
        { sku: `BN-12-${id}`, options: [{ name: "Pot size", value: "12 cm" }], price: 10, discountPrice: null, quantity: 3, enabled: true },
        { sku: `BN-24-${id}`, options: [{ name: "Pot size", value: "24 cm" }], price: 20, discountPrice: 18, quantity: 1, enabled: false },
      ],
    };
    const added = await entriesOf(() => t.gql(SAVE, { productId: id, input }, owner.token));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ kind: "product.variants-saved", subjectType: "product", subjectId: String(id), subjectLabel: "Audited Bird's Nest" });
    const before = (added[0].changes as { variants: { before: unknown[] } }).variants.before;
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ priceCents: 1250, quantity: 4, options: [] });
    expect(added[0].changes).toMatchObject({
      options: { before: [], after: [{ name: "Pot size", values: ["12 cm", "24 cm"] }] },
      variants: {
        after: [
          { sku: `BN-12-${id}`, priceCents: 1000, quantity: 3, options: ["12 cm"] },
          { sku: `BN-24-${id}`, priceCents: 2000, discountPriceCents: 1800, quantity: 1, options: ["24 cm"], enabled: false },
        ],
      },
    });

    const restocked = { ...input, variants: [{ ...input.variants[0], quantity: 9 }, input.variants[1]] };
    const [again] = await entriesOf(() => t.gql(SAVE, { productId: id, input: restocked }, owner.token));
    expect(Object.keys(again.changes as object)).toEqual(["variants"]);

    const twoSkus = { ...input, variants: [input.variants[0], { ...input.variants[1], sku: input.variants[0].sku }] };
    expect(await entriesOf(() => t.gql(SAVE, { productId: id, input: twoSkus }, owner.token), "BAD_USER_INPUT")).toEqual([]);
  });
});

describe("regions", () => {
  it("a creation, an update and a deletion are each entered; deleting a region that is not there is not", async () => {
    const [created] = await entriesOf(() => t.gql(`mutation { createRegion(name: "Audited Hills", fee: 4.5) { message } }`, {}, owner.token));
    expect(created).toMatchObject({ kind: "region.created", subjectLabel: "Audited Hills", changes: { name: { before: null, after: "Audited Hills" }, feeCents: { before: null, after: 450 } } });
    const id = Number(created.subjectId);
    const [updated] = await entriesOf(() => t.gql(`mutation($id: Int!) { updateRegion(id: $id, name: "Audited Hills", fee: 6) { message } }`, { id }, owner.token));
    expect(updated).toMatchObject({ kind: "region.updated", changes: { feeCents: { before: 450, after: 600 } } });
    expect(updated.changes).not.toHaveProperty("name");

    const deleted = await entriesOf(() => t.gql(`mutation($id: Int!) { deleteRegion(id: $id) { message } }`, { id }, owner.token));
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ actorName: owner.email, kind: "region.deleted", subjectType: "region", subjectId: String(id), subjectLabel: "Audited Hills" });
    expect(deleted[0].changes).toEqual({ name: { before: "Audited Hills", after: null }, feeCents: { before: 600, after: null } });
    expect(await entriesOf(() => t.gql(`mutation($id: Int!) { deleteRegion(id: $id) { message } }`, { id }, owner.token), "NOT_FOUND")).toEqual([]);
  });

  it("a taken name leaves no entry", async () => {
    expect(await entriesOf(() => t.gql(`mutation { createRegion(name: "AUDITED COAST", fee: 1) { message } }`, {}, owner.token), "BAD_USER_INPUT")).toEqual([]);
  });
});

describe("promotions", () => {
  const CREATE = `mutation($input: PromotionInput!) { createPromotion(input: $input) { id } }`;

  it("a creation records its fields (the shared code, money in cents); pause, resume, codes and deletion their own kinds", async () => {
    const [created] = await entriesOf(() => t.gql(CREATE, { input: { name: "Audited Spring", kind: "AMOUNT_OFF", amount: 5, code: "audit-spring" } }, owner.token));
    expect(created).toMatchObject({ actorName: owner.email, kind: "promotion.created", subjectType: "promotion", subjectLabel: "Audited Spring" });
    expect(created.changes).toMatchObject({ name: { before: null, after: "Audited Spring" }, kind: { before: null, after: "amount-off" }, amountCents: { before: null, after: 500 }, code: { before: null, after: "AUDIT-SPRING" } });
    expect(created.changes).not.toHaveProperty("percentBp");
    const id = Number(created.subjectId);

    const [updated] = await entriesOf(() => t.gql(`mutation($id: Int!, $input: PromotionInput!) { updatePromotion(id: $id, input: $input) { id } }`, { id, input: { name: "Audited Spring", kind: "AMOUNT_OFF", amount: 7 } }, owner.token));
    expect(updated).toMatchObject({ kind: "promotion.updated", changes: { amountCents: { before: 500, after: 700 } } });
    expect(Object.keys(updated.changes as object)).toEqual(["amountCents"]);
    // The shared code's own changes: replaced, removed, given again (each entry only the code, before and after).
    const UPDATE = `mutation($id: Int!, $input: PromotionInput!) { updatePromotion(id: $id, input: $input) { id } }`;
    const codeChange = async (code: string | null) => (await entriesOf(() => t.gql(UPDATE, { id, input: { name: "Audited Spring", kind: "AMOUNT_OFF", amount: 7, code } }, owner.token)))[0]?.changes;
    expect(await codeChange("audit-autumn")).toEqual({ code: { before: "AUDIT-SPRING", after: "AUDIT-AUTUMN" } });
    expect(await codeChange(null)).toEqual({ code: { before: "AUDIT-AUTUMN", after: null } });
    expect(await codeChange("audit-spring")).toEqual({ code: { before: null, after: "AUDIT-SPRING" } });

    const pause = (paused: boolean) => t.gql(`mutation($id: Int!, $paused: Boolean!) { setPromotionPaused(id: $id, paused: $paused) { id } }`, { id, paused }, owner.token);
    expect((await entriesOf(() => pause(true))).map((entry) => [entry.kind, entry.subjectType, entry.subjectId, entry.subjectLabel, entry.changes])).toEqual([
      ["promotion.paused", "promotion", String(id), "Audited Spring", { paused: { before: false, after: true } }],
    ]);
    expect(await entriesOf(() => pause(true))).toEqual([]);
    expect((await entriesOf(() => pause(false))).map((entry) => entry.kind)).toEqual(["promotion.resumed"]);

    const [codes] = await entriesOf(() => t.gql(`mutation($id: Int!) { generatePromotionCodes(id: $id, count: 25, prefix: "AUD") }`, { id }, owner.token));
    expect(codes).toMatchObject({ kind: "promotion.codes-generated", subjectLabel: "Audited Spring", changes: { count: { before: null, after: 25 } } });

    const [deleted] = await entriesOf(() => t.gql(`mutation($id: Int!) { deletePromotion(id: $id) { message } }`, { id }, owner.token));
    expect(deleted).toMatchObject({ kind: "promotion.deleted", changes: { name: { before: "Audited Spring", after: null }, amountCents: { before: 700, after: null }, code: { before: "AUDIT-SPRING", after: null } } });
    expect(await entriesOf(() => t.gql(`mutation($id: Int!) { deletePromotion(id: $id) { message } }`, { id }, owner.token), "NOT_FOUND")).toEqual([]);
  });

  it("a shared code another promotion holds leaves no entry", async () => {
    await t.gql(CREATE, { input: { name: "Audited Holder", kind: "PERCENT_OFF", percent: 5, code: "AUDIT-HELD" } }, owner.token);
    expect(await entriesOf(() => t.gql(CREATE, { input: { name: "Audited Copy", kind: "PERCENT_OFF", percent: 5, code: "audit-held" } }, owner.token), "BAD_USER_INPUT")).toEqual([]);
  });
});

describe("taxes", () => {
  const SET_RATE = `mutation($regionId: Int!, $taxClassId: Int!, $rate: Float, $name: String) { setTaxRate(regionId: $regionId, taxClassId: $taxClassId, rate: $rate, name: $name) { id } }`;
  let classId: number;

  beforeAll(async () => {
    classId = (await t.shop.prisma.taxClass.create({ data: { name: "Audited Standard" } })).id;
  });

  it("a rate set records the rate as stored (ppm) and its name; the same rate again, or removing none, records nothing", async () => {
    const set = await entriesOf(() => t.gql(SET_RATE, { regionId, taxClassId: classId, rate: 20, name: "VAT 20%" }, owner.token));
    expect(set).toHaveLength(1);
    expect(set[0]).toMatchObject({
      actorId: owner.id,
      actorName: owner.email,
      kind: "tax.rate-set",
      subjectType: "tax-rate",
      subjectId: `${regionId}:${classId}`,
      subjectLabel: "Audited Standard in Audited Coast",
    });
    expect(set[0].changes).toEqual({ ratePpm: { before: null, after: 200_000 }, name: { before: null, after: "VAT 20%" } });
    expect(await entriesOf(() => t.gql(SET_RATE, { regionId, taxClassId: classId, rate: 20, name: "VAT 20%" }, owner.token))).toEqual([]);

    const [changed] = await entriesOf(() => t.gql(SET_RATE, { regionId, taxClassId: classId, rate: 8.875, name: "VAT 20%" }, owner.token));
    expect(changed.changes).toEqual({ ratePpm: { before: 200_000, after: 88_750 } });
    const [removed] = await entriesOf(() => t.gql(SET_RATE, { regionId, taxClassId: classId, rate: null }, owner.token));
    expect(removed.changes).toEqual({ ratePpm: { before: 88_750, after: null }, name: { before: "VAT 20%", after: null } });
    expect(await entriesOf(() => t.gql(SET_RATE, { regionId, taxClassId: classId, rate: null }, owner.token))).toEqual([]);
    expect(await entriesOf(() => t.gql(SET_RATE, { regionId, taxClassId: classId, rate: 101, name: "Too much" }, owner.token), "BAD_USER_INPUT")).toEqual([]);
  });

  it("each tax entry names its subject: the settings, a class, a region's delivery rate", async () => {
    const subjects = async (query: string) =>
      (await entriesOf(() => t.gql(query, {}, owner.token))).map((entry) => [entry.subjectType, entry.subjectId, entry.subjectLabel]);
    expect(await subjects(`mutation { setPricesIncludeTax(included: true) { id } }`)).toEqual([["tax-settings", null, "Tax settings"]]);
    await subjects(`mutation { setPricesIncludeTax(included: false) { id } }`);
    expect(await subjects(`mutation { saveTaxClass(name: "Audited Subject") { id } }`)).toEqual([["tax-class", expect.any(String), "Audited Subject"]]);
    const named = await t.shop.prisma.taxClass.findUniqueOrThrow({ where: { name: "Audited Subject" } });
    expect(await subjects(`mutation { saveTaxClass(id: ${named.id}, name: "Audited Subject 2") { id } }`)).toEqual([["tax-class", String(named.id), "Audited Subject 2"]]);
    expect(await subjects(`mutation { deleteTaxClass(id: ${named.id}) { id } }`)).toEqual([["tax-class", String(named.id), "Audited Subject 2"]]);
    expect(await subjects(`mutation { setDeliveryTaxRate(regionId: ${regionId}, rate: 1, name: "Subject VAT") { id } }`)).toEqual([["delivery-tax-rate", String(regionId), "Audited Coast"]]);
    await subjects(`mutation { setDeliveryTaxRate(regionId: ${regionId}, rate: null) { id } }`);
  });

  it("the other tax settings each write their kind", async () => {
    const kinds = async (query: string, variables: Record<string, unknown> = {}) => (await entriesOf(() => t.gql(query, variables, owner.token))).map((entry) => [entry.kind, entry.changes]);
    expect(await kinds(`mutation { setPricesIncludeTax(included: true) { id } }`)).toEqual([["tax.settings-changed", { pricesIncludeTax: { before: false, after: true } }]]);
    expect(await kinds(`mutation { setDeliveryTaxRate(regionId: ${regionId}, rate: 5, name: "Delivery VAT") { id } }`)).toEqual([
      ["tax.delivery-rate-set", { ratePpm: { before: null, after: 50_000 }, name: { before: null, after: "Delivery VAT" } }],
    ]);
    expect(await kinds(`mutation { saveTaxClass(name: "Audited Reduced") { id } }`)).toEqual([["tax.class-saved", { name: { before: null, after: "Audited Reduced" } }]]);
    const reduced = await t.shop.prisma.taxClass.findUniqueOrThrow({ where: { name: "Audited Reduced" } });
    expect(await kinds(`mutation { setCategoryTaxClass(categoryId: ${categoryId}, taxClassId: ${reduced.id}) { id } }`)).toEqual([
      ["tax.category-class-set", { taxClassId: { before: null, after: reduced.id }, taxClass: { before: null, after: "Audited Reduced" } }],
    ]);
    const id = await product();
    expect(await kinds(`mutation { setProductTaxClass(productId: ${id}, taxClassId: ${classId}) { id } }`)).toEqual([
      ["tax.product-class-set", { taxClassId: { before: null, after: classId }, taxClass: { before: null, after: "Audited Standard" } }],
    ]);
    expect(await kinds(`mutation { deleteTaxClass(id: ${reduced.id}) { id } }`)).toEqual([["tax.class-deleted", { name: { before: "Audited Reduced", after: null } }]]);
    // A change reads what it replaces: the entry says what was before.
    expect(await kinds(`mutation { setDeliveryTaxRate(regionId: ${regionId}, rate: 7, name: "Delivery VAT") { id } }`)).toEqual([
      ["tax.delivery-rate-set", { ratePpm: { before: 50_000, after: 70_000 } }],
    ]);
    expect(await kinds(`mutation { setPricesIncludeTax(included: true) { id } }`)).toEqual([]);
    expect(await kinds(`mutation { setPricesIncludeTax(included: false) { id } }`)).toEqual([["tax.settings-changed", { pricesIncludeTax: { before: true, after: false } }]]);
    expect(await entriesOf(() => t.gql(`mutation { saveTaxClass(name: "Audited Standard") { id } }`, {}, owner.token), "BAD_USER_INPUT")).toEqual([]);
  });
});
