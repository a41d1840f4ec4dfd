// Journey: a shop that takes payment with Stripe, the provider faked by a local server with its own payment
// page (server/test/fake-stripe.ts, reached by the shop through the official SDK). The shopper checks out
// without any card form, is sent to the provider's page, pays, and comes back to the order paid. A second
// time they turn back on the provider's page: the order waits for its payment holding the items, and the
// shopper cancels it; the items are back on sale.
import { afterAll, describe, expect, it } from "vitest";
import { expectAccessible } from "../axe.js";
import { journey } from "../browser.js";
import { startFakeStripe } from "../../server/test/fake-stripe.js";
import { demo, expectText, graphql, signIn, toast, useShop } from "./support.js";

const fake = await startFakeStripe();
const { shop, browser } = useShop({ env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_URL: fake.url } });
afterAll(async () => {
  await fake.close();
});

interface CatalogProduct {
  slug: string;
  name: string;
  quantity: number;
}

async function productWithStock(): Promise<CatalogProduct> {
  const { products } = await graphql<{ products: { nodes: CatalogProduct[] } }>(shop().url, "{ products(inStock: true, first: 100) { nodes { slug name quantity } } }");
  const product = products.nodes.find((entry) => entry.quantity >= 5);
  if (!product) throw new Error("The demo catalogue has no product with 5 units in stock.");
  return product;
}

const stockOf = async (slug: string) =>
  (await graphql<{ product: { quantity: number } }>(shop().url, "query($slug: String!) { product(slug: $slug) { quantity } }", { slug })).product.quantity;

describe("paying on the provider's page", () => {
  it("checks out without a card form, pays on the provider's page and comes back paid; turns back once, then cancels and the items are back", async () => {
    fake.webhookUrl = `${shop().url}/payments/stripe/webhook`;
    const product = await productWithStock();
    const stock = product.quantity;

    await journey(browser(), "paying with stripe", async ({ page }) => {
      await signIn(page, shop().url, demo.shopper);
      const checkOut = async () => {
        await page.goto(`${shop().url}/products/${product.slug}`);
        await page.getByRole("button", { name: "Add to cart" }).click();
        // A tap before the page's scripts answer is replayed once they do: wait for it to land before leaving.
        await expectText(page.getByTestId("quantity-in-cart"), "1");
        await page.goto(`${shop().url}/cart`);
        await page.getByRole("button", { name: "Proceed to checkout" }).click();
        await page.waitForURL(`${shop().url}/checkout`);
        await page.getByText(/You will pay securely on Stripe's page\. We hold your items for 30 minutes\./).waitFor();
        expect(await page.getByRole("button", { name: /Enter card/ }).count()).toBe(0);
        await page.getByLabel("Delivery region").selectOption({ index: 1 });
      };

      // Paid on the provider's page.
      await checkOut();
      await expectAccessible(page, "checkout with the provider's step");
      await page.getByRole("region", { name: "Order summary" }).getByRole("button", { name: "Continue to payment" }).click();
      await page.waitForURL(new RegExp(`^${fake.url}/pay/cs_test_`));
      expect(await stockOf(product.slug)).toBe(stock - 1);
      await page.getByRole("button", { name: /^Pay \$/ }).click();
      await page.waitForURL(/\/user\/order\/[^/?]+\?payment=return$/);
      await page.getByRole("status").filter({ hasText: "Payment received: your order is confirmed." }).waitFor();
      await expectText(page.getByTestId("order-status"), /pending/i);
      await expectAccessible(page, "the order page back from paying");
      expect(await stockOf(product.slug)).toBe(stock - 1);

      // Turned back on the provider's page: the order waits, holding the item; the shopper cancels it.
      await checkOut();
      await page.getByRole("region", { name: "Order summary" }).getByRole("button", { name: "Continue to payment" }).click();
      await page.waitForURL(new RegExp(`^${fake.url}/pay/cs_test_`));
      expect(await stockOf(product.slug)).toBe(stock - 2);
      await page.getByRole("link", { name: "Back to the shop" }).click();
      await page.waitForURL(/\/user\/order\/[^/?]+\?payment=cancelled$/);
      await page.getByText("You have not paid yet.").first().waitFor();
      await expectText(page.getByTestId("order-status"), /awaiting payment/i);
      await page.getByRole("button", { name: "Pay now" }).waitFor();
      await expectAccessible(page, "an order awaiting its payment");
      await page.getByRole("button", { name: "Cancel order" }).click();
      const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
      await dialog.getByRole("button", { name: "Cancel order" }).click();
      await toast(page, "Your order has been cancelled.");
      await expectText(page.getByTestId("order-status"), /cancelled/i);
      expect(await stockOf(product.slug)).toBe(stock - 1);
      // Its payment page was stopped at the provider: it can no longer be paid.
      expect([...fake.sessions.values()].filter((session) => session.status === "expired")).toHaveLength(1);
    });
  });
});
