// Promotions and tax: the shop is started with the demo's codes and VAT (SEED_PROMOTIONS=true,
// SEED_TAXES=true: SPRING10 takes 10% off, WINTER5 has expired, prices hold 20% VAT). A shopper fills the cart,
// applies SPRING10 and sees the discount and the new total, removes it and sees the old figures, is told
// WINTER5 has expired at the field, places an order with SPRING10 and prints the invoice, which lists the
// promotion and the VAT per rate. The cart with a code and the invoice pass axe (every screen does). A
// shared link with ?code= keeps the code with the cart.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../axe.js";
import { journey } from "../browser.js";
import { demo, expectText, graphql, signIn, toast, useShop } from "./support.js";

const { shop, browser } = useShop({ env: { SEED_PROMOTIONS: "true", SEED_TAXES: "true" } });

interface CatalogProduct {
  id: number;
  slug: string;
  name: string;
  unitPrice: number;
  discountPrice: number | null;
  quantity: number;
  category: { name: string };
}

interface Quote {
  itemsTotal: number;
  discountTotal: number;
  total: number;
  promotions: Array<{ name: string; code: string | null; amount: number }>;
}

/** Dollars as the shop prints them. */
const usd = (amount: number) => `$${amount.toFixed(2)}`;
/** What SPRING10 took off, as the quote names it. */
const springAmount = (quote: Quote) => quote.promotions.find((promotion) => promotion.code === "SPRING10")?.amount ?? 0;

/**
 * Two products SPRING10 takes 10% off (no discount price of their own: the code leaves those alone), outside
 * the herbs (their automatic 3 for 2) and together under $50 (so free delivery, which the code does not
 * combine with, stays out of the way at checkout).
 */
async function twoProducts(): Promise<[CatalogProduct, CatalogProduct]> {
  const { products } = await graphql<{ products: { nodes: CatalogProduct[] } }>(
    shop().url,
    "{ products(inStock: true, first: 100) { nodes { id slug name unitPrice discountPrice quantity category { name } } } }",
  );
  const plain = products.nodes
    .filter((product) => product.discountPrice === null && product.quantity >= 2 && !["Herbs & Edibles", "Seeds & Bulbs"].includes(product.category.name))
    .sort((a, b) => a.unitPrice - b.unitPrice);
  const [first, second] = plain;
  if (!first || !second || first.unitPrice + second.unitPrice >= 50) throw new Error("The demo catalogue has no two plain products under $50 together.");
  return [first, second];
}

/** The server's quote for one of each product, with these codes: what the cart must show. */
async function quoteOf(products: CatalogProduct[], codes: string[] = []): Promise<Quote> {
  const { cartQuote } = await graphql<{ cartQuote: Quote }>(
    shop().url,
    "query($lines: [CartLineInput!]!, $codes: [String!]) { cartQuote(lines: $lines, codes: $codes) { itemsTotal discountTotal total promotions { name code amount } } }",
    { lines: products.map((product) => ({ productId: product.id, quantity: 1 })), codes },
  );
  return cartQuote;
}

async function addToCart(page: Page, product: CatalogProduct, inCart: number): Promise<void> {
  await page.goto(`${shop().url}/products/${product.slug}`);
  await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: `Cart, ${inCart} items` }).waitFor();
}

describe("promotion codes and VAT", () => {
  it("applies SPRING10 in the cart and removes it, hears WINTER5 has expired, orders with SPRING10 and prints an invoice with the VAT per rate", async () => {
    const products = await twoProducts();
    const plain = await quoteOf(products);
    const spring = await quoteOf(products, ["SPRING10"]);
    expect(spring.discountTotal).toBeGreaterThan(0);

    await journey(browser(), "promotion codes", async ({ context, page }) => {
      // Headless Chromium's print() returns at once: the invoice window only counts it (see shopper.test.ts).
      await context.addInitScript(() => {
        window.print = () => undefined;
      });
      await signIn(page, shop().url, demo.shopper);
      await addToCart(page, products[0], 1);
      await addToCart(page, products[1], 2);

      await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Cart, 2 items" }).click();
      await page.getByRole("heading", { name: "Cart", exact: true }).waitFor();
      const summary = page.getByRole("region", { name: "cart Summary" });
      await expectText(summary.getByTestId("subtotal"), usd(plain.itemsTotal));
      // Nothing taken off yet: no discount or total rows.
      expect(await summary.getByTestId("discount-total").count()).toBe(0);

      // SPRING10, with Enter: listed with its Remove button, the discount, the promotion and the new total.
      const codeField = summary.getByRole("textbox", { name: "Promotion code" });
      await codeField.fill("spring10");
      await codeField.press("Enter");
      const applied = summary.getByRole("list", { name: "Applied codes" });
      await applied.getByRole("button", { name: "Remove code SPRING10" }).waitFor();
      await expectText(summary.getByRole("status"), "Code SPRING10 applied.");
      await expectText(summary.getByTestId("discount-total"), `Discount−${usd(spring.discountTotal)}`);
      await expectText(summary.getByTestId("cart-total"), `Total${usd(spring.total)}`);
      await expectText(summary.getByRole("list", { name: "Promotions in the discount" }).getByRole("listitem"), `Spring sale: 10% off−${usd(springAmount(spring))}`);
      await expectText(summary.getByTestId("subtotal"), usd(plain.itemsTotal));
      await expectAccessible(page, "the cart with SPRING10 applied");

      // Removed: the figures without it.
      await applied.getByRole("button", { name: "Remove code SPRING10" }).click();
      await expectText(summary.getByRole("status"), "Code SPRING10 removed.");
      await summary.getByTestId("cart-total").waitFor({ state: "detached" });
      expect(await summary.getByTestId("discount-total").count()).toBe(0);
      await expectText(summary.getByTestId("subtotal"), usd(plain.itemsTotal));

      // WINTER5 has expired: said at the field, which is marked invalid and described by it.
      await codeField.fill("WINTER5");
      await summary.getByRole("button", { name: "Apply" }).click();
      await expect.poll(() => codeField.getAttribute("aria-invalid")).toBe("true");
      const described = await codeField.evaluate((input) =>
        (input.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" ")
          .trim(),
      );
      expect(described).toBe("This code has expired.");
      expect(await summary.getByRole("list", { name: "Applied codes" }).count()).toBe(0);

      // SPRING10 again, and on to checkout: the region's VAT is held in the prices.
      await codeField.fill("SPRING10");
      await codeField.press("Enter");
      await expectText(summary.getByTestId("cart-total"), `Total${usd(spring.total)}`);
      await summary.getByRole("button", { name: "Proceed to checkout" }).click();
      await page.getByRole("heading", { name: "Checkout", exact: true }).waitFor();
      const orderSummary = page.getByRole("region", { name: "Order summary" });
      await page.getByLabel("Delivery region").selectOption({ index: 1 });
      await expectText(orderSummary.getByTestId("discount-total"), `Discount−${usd(spring.discountTotal)}`);
      await expectText(orderSummary.getByTestId("included-tax").first(), /^Includes VAT 20%\$\d+\.\d\d$/);
      expect(await orderSummary.getByTestId("added-tax").count()).toBe(0);
      const total = ((await orderSummary.getByTestId("order-total").textContent()) ?? "").trim();

      await page.getByRole("button", { name: "Enter card" }).click();
      const cardDialog = page.getByRole("dialog", { name: "Card details" });
      await cardDialog.getByLabel("Card number").fill("4242424242424242");
      await cardDialog.getByLabel("Expiry (MMYY)").fill("1230");
      await cardDialog.getByLabel("CVC").fill("123");
      await cardDialog.getByLabel("Name on card").fill("Sam Gardener");
      await cardDialog.getByRole("button", { name: "Save Card" }).click();
      await cardDialog.waitFor({ state: "hidden" });
      await orderSummary.getByRole("button", { name: "Proceed to checkout" }).click();
      await toast(page, "Payment successful and order has been created");
      await page.waitForURL(`${shop().url}/`);
      // The code went with the cart.
      expect(await page.evaluate(() => sessionStorage.getItem("promotionCodes"))).toBeNull();

      // The order: its promotion, its total, the VAT per rate.
      await page.goto(`${shop().url}/user/order`);
      const order = page.getByRole("article", { name: /^Order / }).first();
      const orderNumber = ((await order.getByRole("link").first().textContent()) ?? "").trim();
      await order.getByRole("link", { name: orderNumber }).click();
      await page.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor();
      await expectText(page.getByRole("list", { name: "Promotions in the discount" }).getByRole("listitem"), `Spring sale: 10% off (SPRING10)−${usd(springAmount(spring))}`);
      await expectText(page.getByTestId("discount-total"), `Discount−${usd(spring.discountTotal)}`);
      await page.getByText("Prices include VAT").waitFor();

      const [invoice] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Print Invoice" }).click()]);
      await invoice.getByRole("heading", { name: "Verdant Plant & Garden Shop" }).waitFor();
      await invoice.getByText(`Order ${orderNumber}`).waitFor();
      await invoice.getByRole("heading", { name: "Tax" }).waitFor();
      const taxLines = await invoice.locator(".pricing li").allTextContents();
      expect(taxLines).toContainEqual(expect.stringMatching(/^VAT 20%: net \$\d+\.\d\d, tax \$\d+\.\d\d$/));
      await invoice.getByText("Prices include VAT").waitFor();
      const totals = (await invoice.locator(".totals > div").allTextContents()).map((row) => row.replace(/\s+/g, ""));
      // The promotion is listed once, straight under the Discount row it makes.
      const discountAt = totals.indexOf(`Discount−${usd(spring.discountTotal)}`);
      expect(discountAt).toBeGreaterThan(0);
      expect(totals[discountAt + 1]).toBe(`Springsale:10%off(SPRING10)−${usd(springAmount(spring))}`);
      expect(taxLines.some((line) => line.startsWith("Spring sale"))).toBe(false);
      expect(totals.filter((row) => row.startsWith("Total"))).toEqual([`Total${total}`]);
      await expectAccessible(invoice, "the invoice with its promotion and VAT");
      await invoice.close();
    });
  });

  it("a shared link with ?code=SPRING10 keeps the code with the cart: the cart shows it applied", async () => {
    const [product] = await twoProducts();
    const spring = await quoteOf([product], ["SPRING10"]);
    await journey(browser(), "promotion code link", async ({ page }) => {
      await page.goto(`${shop().url}/?code=spring10`);
      await page.getByRole("heading", { name: "New arrivals" }).waitFor();
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem("promotionCodes")), { timeout: 10_000 }).toBe('["SPRING10"]');
      await addToCart(page, product, 1);
      await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Cart, 1 items" }).click();
      const summary = page.getByRole("region", { name: "cart Summary" });
      await summary.getByRole("list", { name: "Applied codes" }).getByRole("button", { name: "Remove code SPRING10" }).waitFor();
      await expectText(summary.getByTestId("discount-total"), `Discount−${usd(spring.discountTotal)}`);
      await expectText(summary.getByTestId("cart-total"), `Total${usd(spring.total)}`);
    });
  });
});
