// How an order adds up: one pure function (orders/pricing.ts) prices checkout, the cart's quote, emails,
// GraphQL's order lines, the webhooks and the demo's past orders. Its rules, over any cart fast-check can
// draw: the unit price is the discount price when there is one, else the price; a line is its unit price
// times its quantity; the items total is the sum of the lines; the total adds the chosen region's fee (0
// when none is chosen); every amount is a whole number of cents and none is negative; the same cart gives
// the same quote. Then the quote the cart screen shows is what checkout charges.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceOfPlacedOrder } from "../src/domain/orders/index.js";
import { priceOrder, type PricingLine } from "../src/domain/pricing/index.js";
import { createTestShop, failure, type TestShop } from "./support.js";

const cents = fc.integer({ min: 0, max: 100_000_00 });
/** A line as the catalogue lists it: a price, and a discount price below it or none. */
const line: fc.Arbitrary<PricingLine & { id: number }> = fc
  .record({ id: fc.nat(), priceCents: fc.integer({ min: 1, max: 100_000_00 }), discount: fc.option(fc.double({ min: 0, max: 1, noNaN: true })), quantity: fc.integer({ min: 1, max: 1000 }) })
  .map(({ id, priceCents, discount, quantity }) => ({ id, priceCents, discountPriceCents: discount === null ? null : Math.floor(priceCents * discount), quantity }));
const cart = fc.array(line, { maxLength: 100 });
const delivery = fc.option(cents.map((feeCents) => ({ feeCents })));
const at = new Date("2026-11-27T12:00:00Z");

describe("priceOrder, over any cart", () => {
  it("a line costs its unit price (the discount price when set, else the price) times its quantity, and keeps what it carried", () => {
    fc.assert(
      fc.property(cart, delivery, (lines, region) => {
        const quote = priceOrder(lines, region, { at });
        expect(quote.lines).toHaveLength(lines.length);
        quote.lines.forEach((priced, index) => {
          expect(priced.id).toBe(lines[index].id);
          expect(priced.unitCents).toBe(lines[index].discountPriceCents ?? lines[index].priceCents);
          expect(priced.lineCents).toBe(priced.unitCents * lines[index].quantity);
        });
      }),
    );
  });

  it("the items total is the sum of the lines, the total adds the region's fee (0 without a region)", () => {
    fc.assert(
      fc.property(cart, delivery, (lines, region) => {
        const quote = priceOrder(lines, region, { at });
        expect(quote.itemsCents).toBe(quote.lines.reduce((sum, priced) => sum + priced.lineCents, 0));
        expect(quote.deliveryCents).toBe(region?.feeCents ?? 0);
        expect(quote.totalCents).toBe(quote.itemsCents + quote.deliveryCents);
        expect(quote.totalQuantity).toBe(lines.reduce((sum, item) => sum + item.quantity, 0));
      }),
    );
  });

  it("every amount is a whole number of cents, none negative", () => {
    fc.assert(
      fc.property(cart, delivery, (lines, region) => {
        const quote = priceOrder(lines, region, { at });
        const amounts = [quote.itemsCents, quote.deliveryCents, quote.totalCents, ...quote.lines.flatMap((priced) => [priced.unitCents, priced.lineCents])];
        for (const amount of amounts) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it("the same cart and region give the same quote, whenever it is asked", () => {
    fc.assert(
      fc.property(cart, delivery, (lines, region) => {
        expect(priceOrder(structuredClone(lines), region, { at })).toEqual(priceOrder(lines, region, { at: new Date(at.getTime() + 86_400_000) }));
      }),
    );
  });

  it("a placed order priced again from its lines as bought gives the totals it was charged", () => {
    fc.assert(
      fc.property(cart, cents, (lines, feeCents) => {
        const charged = priceOrder(lines, { feeCents }, { at });
        // What checkout stores of each line and of the order, as it stores it.
        const placed = {
          lines: charged.lines.map((line) => ({ ...line, unitPriceCents: line.unitCents })),
          deliveryFeeCents: feeCents,
          discountCents: charged.discountCents,
          deliveryDiscountCents: charged.deliveryDiscountCents,
          deliveryTaxCents: charged.deliveryTaxCents,
          deliveryTaxRatePpm: 0,
          deliveryTaxName: "",
          taxCents: charged.taxCents,
          pricesIncludeTax: charged.pricesIncludeTax,
          totalCents: charged.totalCents,
        };
        const again = priceOfPlacedOrder(placed);
        expect({ ...again, lines: again.lines.map(({ unitPriceCents: _unit, ...line }) => line) }).toEqual(charged);
      }),
    );
  });
});

describe("cartQuote: the cart and checkout screens show what checkout charges", () => {
  let t: TestShop;
  let products: { id: number; priceCents: number; discountPriceCents: number | null }[];
  let regionId: number;
  const QUOTE = `query($lines: [CartLineInput!]!, $regionId: Int) {
    cartQuote(lines: $lines, regionId: $regionId) { lines { productId quantity unitPrice lineTotal } totalQuantity itemsTotal deliveryFee total missingProductIds }
  }`;

  beforeAll(async () => {
    t = await createTestShop();
    const category = await t.shop.prisma.category.create({ data: { name: "Herbs" } });
    const make = (slug: string, priceCents: number, discountPriceCents: number | null) =>
      t.shop.prisma.product.create({
        data: { slug, name: slug, description: "A herb.", categoryId: category.id, priceCents, discountPriceCents, quantity: 50, imageOne: `/uploads/${slug}.jpg` },
      });
    products = [await make("basil", 399, null), await make("thyme", 1250, 999), await make("sage", 1, null)];
    regionId = (await t.shop.prisma.region.create({ data: { name: "Coast", feeCents: 799 } })).id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it("a guest's cart at today's prices: lines (repeats added up), items total, the region's fee, the total; gone products named", async () => {
    const [basil, thyme, sage] = products;
    const lines = [
      { productId: thyme.id, quantity: 2 },
      { productId: basil.id, quantity: 1 },
      { productId: thyme.id, quantity: 1 },
      { productId: sage.id, quantity: 3 },
      { productId: 999_999, quantity: 1 },
    ];
    const { data, errors } = await t.gql<any>(QUOTE, { lines, regionId });
    expect(errors).toBeUndefined();
    expect(data.cartQuote).toEqual({
      lines: [
        { productId: thyme.id, quantity: 3, unitPrice: 9.99, lineTotal: 29.97 },
        { productId: basil.id, quantity: 1, unitPrice: 3.99, lineTotal: 3.99 },
        { productId: sage.id, quantity: 3, unitPrice: 0.01, lineTotal: 0.03 },
      ],
      totalQuantity: 7,
      itemsTotal: 33.99,
      deliveryFee: 7.99,
      total: 41.98,
      missingProductIds: [999_999],
    });
    const withoutRegion = await t.gql<any>(QUOTE, { lines: lines.slice(0, 4) });
    expect(withoutRegion.data.cartQuote).toMatchObject({ deliveryFee: 0, total: 33.99, missingProductIds: [] });
  });

  it("the quote is what checkout charges for the same cart and region", async () => {
    const shopper = await t.signUp({ phone: "+1 555 0100", address: "1 Garden Lane" });
    const lines = products.map((product, index) => ({ productId: product.id, quantity: index + 1 }));
    const quote = (await t.gql<any>(QUOTE, { lines, regionId })).data.cartQuote;
    const placed = await t.gql<any>(
      `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { subtotal deliveryFee total totalItems lines { productId unitPrice quantity lineTotal } } } }`,
      { input: { lines, regionId, reference: "PRICINGTEST00001" } },
      shopper.token,
    );
    expect(placed.errors).toBeUndefined();
    const order = placed.data.placeOrder.order;
    expect({ itemsTotal: order.subtotal, deliveryFee: order.deliveryFee, total: order.total, totalQuantity: order.totalItems }).toEqual({
      itemsTotal: quote.itemsTotal,
      deliveryFee: quote.deliveryFee,
      total: quote.total,
      totalQuantity: quote.totalQuantity,
    });
    expect(order.lines.map(({ productId, unitPrice, quantity, lineTotal }: any) => ({ productId, unitPrice, quantity, lineTotal }))).toEqual(quote.lines);
  });

  it("a bad region or quantity is a clear error, not a quote", async () => {
    const [basil] = products;
    expect(failure(await t.gql(QUOTE, { lines: [{ productId: basil.id, quantity: 1 }], regionId: 424_242 }))).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { region: ["The selected region is invalid."] },
    });
    expect(failure(await t.gql(QUOTE, { lines: [{ productId: basil.id, quantity: 0 }] }))).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { cart: ["Every quantity must be a whole number of at least 1."] },
    });
    expect(failure(await t.gql(QUOTE, { lines: [] }))).toMatchObject({ code: "BAD_USER_INPUT", fields: { cart: ["Your cart is empty."] } });
  });
});
