// Issue 6, journey 1: a guest browses, fills the cart up to the stock limit, is sent to sign in at
// checkout, signs up, signs in, fills the contact details, pays by card, places the order, finds it
// under My orders and prints its invoice.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { journey } from "../browser.js";
import { expectText, graphql, signInOnForm, toast, useShop } from "./support.js";

const { shop, browser } = useShop();

interface CatalogProduct {
  slug: string;
  name: string;
  quantity: number;
  category: { name: string };
}

/** A product with 2 or 3 units in stock: the cart meets its limit in a couple of clicks. */
async function lowStockProduct(): Promise<CatalogProduct> {
  const { products } = await graphql<{ products: { nodes: CatalogProduct[] } }>(
    shop().url,
    "{ products(inStock: true, first: 100) { nodes { slug name quantity category { name } } } }",
  );
  const product = products.nodes.find((entry) => entry.quantity >= 2 && entry.quantity <= 3);
  if (!product) throw new Error("The demo catalogue has no product with 2 or 3 units in stock.");
  return product;
}

describe("a guest becomes a customer", () => {
  it("browses, fills the cart, signs up at checkout, pays, and prints the invoice of the order", async () => {
    const product = await lowStockProduct();
    const stock = product.quantity;
    const newcomer = {
      name: "Rowan Fern",
      email: `rowan.${crypto.randomBytes(3).toString("hex")}@example.com`,
      password: "green-thumb-42",
    };

    await journey(browser(), "guest checkout", async ({ context, page }) => {
      // window.print() returns at once in headless Chromium and never fires afterprint, so the invoice
      // window would neither show that it printed nor close. Every page of this journey gets a print()
      // that only counts its calls; the journey then plays the end of printing (the afterprint event).
      await context.addInitScript(() => {
        const counted = window as unknown as { printCalls?: number };
        window.print = () => {
          counted.printCalls = (counted.printCalls ?? 0) + 1;
        };
      });
      const navigation = page.getByRole("navigation", { name: "Shop" });

      // Home, a category, a product.
      await page.goto(shop().url);
      await page.getByRole("heading", { name: "New arrivals" }).waitFor();
      await page
        .getByRole("region", { name: "Shop by category" })
        .getByRole("link", { name: product.category.name, exact: true })
        .click();
      await page.getByRole("heading", { name: `Shop for ${product.category.name}` }).waitFor();
      await page.getByRole("article", { name: product.name, exact: true }).getByRole("link").first().click();
      await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
      await page.getByText(`${stock} item(s) left`).waitFor();

      // Into the cart, then up to the stock and one more.
      await page.getByRole("button", { name: "Add to cart" }).click();
      await expectText(page.getByTestId("quantity-in-cart"), "1");
      await navigation.getByRole("link", { name: "Cart, 1 items" }).click();
      await page.getByRole("heading", { name: "Cart", exact: true }).waitFor();
      const line = page.getByRole("article", { name: product.name, exact: true });
      const quantity = line.getByLabel(`Quantity of ${product.name}`, { exact: true });
      for (let count = 2; count <= stock; count += 1) {
        await line.getByRole("button", { name: `Increase quantity of ${product.name}` }).click();
        await expectText(quantity, String(count));
      }
      await line.getByRole("button", { name: `Increase quantity of ${product.name}` }).click();
      await toast(page, "Cannot add more than available stock");
      await expectText(quantity, String(stock));
      await line.getByRole("button", { name: `Decrease quantity of ${product.name}` }).click();
      const ordered = stock - 1;
      await expectText(quantity, String(ordered));
      await expectText(page.getByTestId("total-quantity"), String(ordered));
      await navigation.getByRole("link", { name: `Cart, ${ordered} items` }).waitFor();

      // A guest who proceeds is sent to sign in.
      await page.getByRole("button", { name: "Proceed to checkout" }).click();
      await toast(page, "Please login befor proceeding");
      await page.waitForURL(`${shop().url}/login`);

      // Sign up, then sign in.
      await page.getByRole("form", { name: "Welcome back" }).getByRole("link", { name: "Sign up" }).click();
      const signUp = page.getByRole("form", { name: "Create account" });
      await signUp.getByLabel("Full name").fill(newcomer.name);
      await signUp.getByLabel("Email", { exact: true }).fill(newcomer.email);
      await signUp.getByLabel("Password", { exact: true }).fill(newcomer.password);
      await signUp.getByLabel("Confirm password").fill(newcomer.password);
      await signUp.getByRole("button", { name: "Sign up" }).click();
      await page.waitForURL(`${shop().url}/login-user`);
      await signInOnForm(page, newcomer);
      await navigation.getByRole("link", { name: "Account" }).waitFor();

      // Back to the cart (it stayed in this tab) and on to checkout, where contact details are missing.
      await navigation.getByRole("link", { name: `Cart, ${ordered} items` }).click();
      await page.getByRole("button", { name: "Proceed to checkout" }).click();
      await page.getByRole("heading", { name: "Checkout", exact: true }).waitFor();
      const customer = page.getByRole("region", { name: "Customer" });
      await customer.getByText(newcomer.email).waitFor();
      await customer.getByText("No address").waitFor();
      await customer.getByRole("link", { name: "Update contact details" }).click();
      const contact = page.getByRole("form", { name: "Update contact details" });
      await contact.getByLabel("Phone number").fill("+1 503 555 0142");
      await contact.getByLabel("Address").fill("7 Orchard Row, Portland, OR 97202");
      await contact.getByRole("button", { name: "Update" }).click();
      await page.getByRole("heading", { name: "My account", exact: true }).waitFor();
      await page.getByText("+1 503 555 0142").waitFor();

      await navigation.getByRole("link", { name: `Cart, ${ordered} items` }).click();
      await page.getByRole("button", { name: "Proceed to checkout" }).click();
      await page.getByRole("heading", { name: "Checkout", exact: true }).waitFor();
      await customer.getByText("7 Orchard Row, Portland, OR 97202").waitFor();
      expect(await customer.getByRole("link", { name: "Update contact details" }).count()).toBe(0);

      // The card: an incomplete number is refused, a whole one is saved.
      await page.getByRole("button", { name: "Enter card" }).click();
      const cardDialog = page.getByRole("dialog", { name: "Card details" });
      await cardDialog.waitFor();
      await cardDialog.getByLabel("Card number").fill("424242424242");
      await cardDialog.getByLabel("Expiry (MMYY)").fill("1230");
      await cardDialog.getByLabel("CVC").fill("123");
      await cardDialog.getByLabel("Name on card").fill(newcomer.name);
      await cardDialog.getByRole("button", { name: "Save Card" }).click();
      await toast(page, "Please enter valid card details.");
      await cardDialog.getByLabel("Card number").fill("4242424242424242");
      await cardDialog.getByRole("button", { name: "Save Card" }).click();
      await toast(page, "Card details saved successfully!");
      await cardDialog.waitFor({ state: "hidden" });
      await page.getByText("Card 4242 4242 4242 4242").waitFor();

      // No region yet: refused; then a region, and the order is placed.
      const placeOrder = page.getByRole("region", { name: "Order summary" }).getByRole("button", { name: "Proceed to checkout" });
      await placeOrder.click();
      await toast(page, "Please select a delivery region");
      const region = page.getByLabel("Delivery region");
      await region.selectOption({ index: 1 });
      const regionLabel = (await region.locator("option:checked").textContent()) ?? "";
      const fee = /\((.+)\)$/.exec(regionLabel)?.[1];
      expect(fee).toBeTruthy();
      await expectText(page.getByTestId("delivery-fee"), fee!);
      await placeOrder.click();
      await toast(page, "Payment successful and order has been created");
      await page.waitForURL(`${shop().url}/`);
      await navigation.getByRole("link", { name: "Cart, 0 items" }).waitFor();

      // The order under My orders, then its invoice.
      await navigation.getByRole("link", { name: "Account" }).click();
      await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "My orders" }).click();
      await page.getByRole("heading", { name: "My orders", exact: true }).waitFor();
      const order = page.getByRole("article", { name: /^Order / });
      await order.waitFor();
      expect(await order.count()).toBe(1);
      await order.getByText("pending", { exact: true }).waitFor();
      await order.getByText(`${ordered} item(s)`).waitFor();
      const orderNumber = ((await order.getByRole("link").textContent()) ?? "").trim();
      await order.getByRole("link", { name: orderNumber }).click();
      await page.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor();
      await page.getByRole("cell", { name: product.name }).waitFor();
      await page.getByLabel("Billed to").fill("Rowan Fern Gardens");

      const [invoice] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Print Invoice" }).click()]);
      await invoice.getByRole("heading", { name: "Verdant Plant & Garden Shop" }).waitFor();
      for (const text of [`Order ${orderNumber}`, "Rowan Fern Gardens", "Net 7 days", product.name, "May everything you planted grow well!"]) {
        await invoice.getByText(text).first().waitFor();
      }
      expect(await invoice.evaluate(() => (window as unknown as { printCalls?: number }).printCalls)).toBe(1);
      // The print dialog is done: the invoice window closes itself.
      const closed = invoice.waitForEvent("close");
      await invoice.evaluate(() => window.dispatchEvent(new Event("afterprint")));
      await closed;

      // The server took the stock.
      await page.goto(`${shop().url}/products/${product.slug}`);
      await page.getByText(`${stock - ordered} item(s) left`).waitFor();
    });
  });
});
