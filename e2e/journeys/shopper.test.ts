// Journey 1: a guest browses, fills the cart up to the stock limit, is sent to sign in at
// checkout, signs up, signs in, fills the contact details, pays by card, places the order, finds it
// under My orders and prints its invoice; then, while it is still pending, cancels it (its units go back).
// A shopper who forgot the password gets back in through 'Forgot password?', the link read in
// the development mailbox (/dev/mail), and the reset screen.
// A shopper narrows a search with the filters and their counts, on a phone; the URL keeps them.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { journey } from "../browser.js";
import type { Page } from "playwright-core";
import { expectAccessible } from "../axe.js";
import { expectText, focused, graphql, phone, signInOnForm, toast, useShop } from "./support.js";

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
      // The field to fix is marked and says why.
      await expect.poll(() => cardDialog.getByLabel("Card number").getAttribute("aria-invalid")).toBe("true");
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
      await expect.poll(() => region.getAttribute("aria-invalid")).toBe("true");
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

      // Still pending: the shopper cancels it from its page, after a confirmation that passes axe.
      await page.goto(`${shop().url}/user/order/${orderNumber}`);
      await page.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor();
      const status = page.getByTestId("order-status");
      await expectText(status, "pending");
      await page.getByRole("button", { name: "Cancel order" }).click();
      const cancelDialog = page.getByRole("dialog", { name: "Cancel this order?" });
      await cancelDialog.getByText("Anything you paid for it is refunded to your card.").waitFor();
      // Focus starts on the choice that changes nothing.
      await expect.poll(() => focused(page)).toEqual({ tag: "button", name: "Keep order" });
      await expectAccessible(page, "the order page with the cancel dialog open");
      await cancelDialog.getByRole("button", { name: "Cancel order" }).click();
      await toast(page, "Your order has been cancelled.");
      await cancelDialog.waitFor({ state: "hidden" });
      await expectText(status, "cancelled");
      expect(await page.getByRole("button", { name: "Cancel order" }).count()).toBe(0);
      // The button it came from is gone: focus is on the status.
      await expect.poll(() => focused(page)).toEqual({ tag: "div", name: "cancelled" });

      // My orders says so, and the units are back in stock.
      await navigation.getByRole("link", { name: "Account" }).click();
      await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "My orders" }).click();
      await page.getByRole("article", { name: `Order ${orderNumber}` }).getByText("cancelled", { exact: true }).waitFor();
      await page.goto(`${shop().url}/products/${product.slug}`);
      await page.getByText(`${stock} item(s) left`).waitFor();
    });
  });
});

/** Opens the newest email to `to` with this subject in the development mailbox, waiting for the outbox to send it. */
async function openEmail(page: Page, shopUrl: string, to: string, subject: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await page.goto(`${shopUrl}/dev/mail`);
    await page.getByRole("heading", { name: "Development mailbox" }).waitFor();
    const link = page.getByRole("row").filter({ hasText: to }).getByRole("link", { name: subject, exact: true }).first();
    if ((await link.count()) > 0) {
      await link.click();
      return;
    }
    if (Date.now() > deadline) throw new Error(`No email "${subject}" to ${to} in the development mailbox.`);
    await page.waitForTimeout(250);
  }
}

describe("a shopper who forgot the password", () => {
  it("asks on the sign-in form, follows the link from the development mailbox, sets a new password and is signed in; the link works once", async () => {
    expect(shop().output()).toMatch(/Emails:\s+not sent: read them in the development mailbox, http:\/\/\S+\/dev\/mail/);
    const person = { name: "Hazel Root", email: `hazel.${crypto.randomBytes(3).toString("hex")}@example.com`, password: "old-roots-31" };
    const newPassword = "new-shoots-42";
    await graphql(shop().url, "mutation($input: RegisterInput!) { register(input: $input) { message } }", {
      input: { name: person.name, email: person.email, password: person.password, passwordConfirmation: person.password },
    });

    await journey(browser(), "password reset", async ({ page }) => {
      const navigation = page.getByRole("navigation", { name: "Shop" });
      await page.goto(`${shop().url}/login`);
      await page.getByRole("form", { name: "Welcome back" }).getByRole("link", { name: "Forgot password?" }).click();
      const ask = page.getByRole("form", { name: "Forgot your password?" });
      await ask.getByLabel("Email").fill(person.email);
      await ask.getByRole("button", { name: "Send reset link" }).click();
      await page.getByRole("heading", { level: 1, name: "Check your email" }).waitFor();

      // The email, as the shopper would see it, and its button back to the shop.
      await openEmail(page, shop().url, person.email, "Reset your Verdant password");
      await page.getByRole("heading", { level: 1, name: "Reset your password" }).waitFor();
      await page.getByRole("link", { name: "Choose a new password" }).click();
      await page.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();
      const resetLink = page.url();
      expect(resetLink).toMatch(new RegExp(`^${shop().url}/reset-password#token=`));
      const form = page.getByRole("form", { name: "Choose a new password" });
      await form.getByLabel("New password").fill(newPassword);
      await form.getByLabel("Confirm password").fill(newPassword);
      await form.getByRole("button", { name: "Set new password" }).click();
      await toast(page, "Your password has been reset. You are signed in.");
      await page.waitForURL(`${shop().url}/user`);
      await page.getByText(person.email).waitFor();
      await navigation.getByRole("link", { name: "Account" }).waitFor();

      // The link works once.
      await page.goto(resetLink);
      await page.getByRole("heading", { level: 1, name: "This link no longer works" }).waitFor();

      // The owner is told, and only the new password signs in.
      await openEmail(page, shop().url, person.email, "Your Verdant password was changed");
      await page.getByRole("heading", { level: 1, name: "Your password was changed" }).waitFor();
      await page.goto(`${shop().url}/user`);
      await page.getByRole("button", { name: "Logout" }).click();
      await toast(page, "Logout successful!");
      await page.goto(`${shop().url}/login`);
      const signInForm = page.getByRole("form", { name: "Welcome back" });
      await signInForm.getByLabel("Email", { exact: true }).fill(person.email);
      await signInForm.getByLabel("Password", { exact: true }).fill(person.password);
      await signInForm.getByRole("button", { name: "Sign in", exact: true }).click();
      await toast(page, "Invalid email or password.");
      await signInOnForm(page, { email: person.email, password: newPassword });
      await navigation.getByRole("link", { name: "Account" }).waitFor();
    });
  });
});

describe("a shopper narrowing a search with filters", () => {
  it("chooses a category and 'Discounted' on a phone: each choice shows its count, the cards follow, the URL keeps them through a reload, and 'Clear filters' clears them", async () => {
    type Counts = { total: number; discounted: number; categories: { category: { name: string }; count: number }[] };
    const counts = async (variables: Record<string, unknown>) =>
      (await graphql<{ productFilters: Counts }>(
        shop().url,
        "query($s: String, $c: String) { productFilters(search: $s, category: $c) { total discounted categories { category { name } count } } }",
        variables,
      )).productFilters;
    const all = await counts({ s: "plant" });
    const { category, count } = all.categories[0];
    const inCategory = await counts({ s: "plant", c: category.name });
    expect(inCategory.total).toBe(count);
    expect(inCategory.discounted).toBeGreaterThan(0);

    await journey(
      browser(),
      "search filters",
      async ({ page }) => {
        const counted = (n: number) => page.getByText(`${n} product${n === 1 ? "" : "s"}`, { exact: true }).waitFor();
        await page.goto(`${shop().url}/search?q=plant`);
        await counted(all.total);
        const cards = page.locator("main").locator('a[href^="/products/"]');
        await page.getByRole("button", { name: /^Filters/ }).click();
        // A click, not check(): a tap before the scripts have taken over leaves the radio as it was until they
        // answer it (the starter replays it), which check() reads as a click that did nothing.
        await page.getByRole("radio", { name: `${category.name} (${count})` }).click();
        await page.waitForURL((url) => url.searchParams.get("category") === category.name && url.searchParams.get("q") === "plant");
        await counted(count);
        expect(await cards.count()).toBe(count);

        await page.getByRole("checkbox", { name: `Discounted (${inCategory.discounted})` }).check();
        await page.waitForURL((url) => url.searchParams.get("discounted") === "1");
        await counted(inCategory.discounted);
        expect(await cards.count()).toBe(inCategory.discounted);
        // Every card left shows its price before the discount.
        expect(await page.locator("main").getByTestId("original-price").count()).toBe(inCategory.discounted);

        // The filtered page as the server sends it: the same choices, the same cards.
        await page.reload();
        await counted(inCategory.discounted);
        await page.getByRole("button", { name: /^Filters \(2 chosen\)/ }).click();
        // Counted under the other filter now: the category's discounted products.
        expect(await page.getByRole("radio", { name: `${category.name} (${inCategory.discounted})` }).isChecked()).toBe(true);
        expect(await page.getByRole("checkbox", { name: /^Discounted/ }).isChecked()).toBe(true);

        await page.getByRole("button", { name: "Clear filters" }).first().click();
        await page.waitForURL((url) => !url.searchParams.has("category") && !url.searchParams.has("discounted"));
        await counted(all.total);
      },
      { viewport: phone },
    );
  });
});
