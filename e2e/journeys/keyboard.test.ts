// The whole purchase with the keyboard alone (no clicks), from the home page to a placed order.
// After each route change focus must be on the new page's h1, so a screen reader announces the page and
// the next Tab starts from its top. Every screen is also audited with axe (see browser.ts).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { journey } from "../browser.js";
import { demo, toast, useShop } from "./support.js";

const { shop, browser } = useShop();

/** What has focus: its tag, its accessible-ish name (aria-label, else label text, else text) and its heading level. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return { tag: "", name: "" };
    const labelled = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    const name = element.getAttribute("aria-label") ?? labelled ?? element.textContent ?? "";
    return { tag: element.tagName.toLowerCase(), name: name.replace(/\s+/g, " ").trim() };
  });

/** Presses Tab (Shift+Tab backwards) until the focused element's name matches; fails after `limit` presses. */
async function tabTo(page: Page, name: string | RegExp, { backwards = false, limit = 60 } = {}): Promise<void> {
  const matches = (text: string) => (typeof name === "string" ? text === name : name.test(text));
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    if (matches((await focused(page)).name)) return;
  }
  throw new Error(`Tab never reached "${String(name)}" (focus is on ${JSON.stringify(await focused(page))})`);
}

/** Waits until focus is on the page's h1 with this name. */
async function expectHeadingFocused(page: Page, name: string | RegExp): Promise<void> {
  await expect
    .poll(async () => {
      const now = await focused(page);
      return now.tag === "h1" && (typeof name === "string" ? now.name === name : name.test(now.name));
    }, { timeout: 10_000 })
    .toBe(true);
}

describe("keyboard only", () => {
  it("goes from the home page to a placed order without a click, focus landing on each new page's heading", async () => {
    await journey(browser(), "keyboard only", async ({ page }) => {
      await page.goto(shop().url);
      await page.getByRole("heading", { name: "New arrivals" }).waitFor();

      // The first Tab reaches the skip link, which jumps past the navigation to the page's heading.
      await page.keyboard.press("Tab");
      expect((await focused(page)).name).toBe("Skip to content");
      await page.keyboard.press("Enter");
      await expectHeadingFocused(page, "Plants and garden goods");

      // The first new arrival's card, then Add to cart on its page.
      const product = (await page.getByRole("region", { name: "New arrivals" }).getByRole("article").first().getAttribute("aria-label")) ?? "";
      expect(product).not.toBe("");
      // The card's link reads its badge (a discount) before the name.
      await tabTo(page, new RegExp(`${product.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
      await page.keyboard.press("Enter");
      await expectHeadingFocused(page, product);
      await tabTo(page, "Add to cart");
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await page.getByTestId("quantity-in-cart").textContent())?.trim()).toBe("1");

      // Back up to the cart in the navigation; a guest who proceeds is sent to sign in.
      await tabTo(page, "Cart, 1 items", { backwards: true });
      await page.keyboard.press("Enter");
      await expectHeadingFocused(page, "Cart");
      await tabTo(page, "Proceed to checkout");
      await page.keyboard.press("Enter");
      await toast(page, "Please login befor proceeding");
      await expectHeadingFocused(page, "Welcome back");

      // Sign in from the keyboard: Enter in the password field submits; the shop goes back to the cart.
      await tabTo(page, "Email");
      await page.keyboard.type(demo.shopper.email);
      await tabTo(page, "Password");
      await page.keyboard.type(demo.shopper.password);
      await page.keyboard.press("Enter");
      await toast(page, "Log in successful");
      await expectHeadingFocused(page, "Cart");

      await tabTo(page, "Proceed to checkout");
      await page.keyboard.press("Enter");
      await expectHeadingFocused(page, "Checkout");

      // A delivery region from the keyboard: typing its name picks it, as in any select.
      await tabTo(page, "Delivery region");
      const region = (await page.getByLabel("Delivery region").locator("option").nth(1).textContent()) ?? "";
      await page.keyboard.type(region.slice(0, 4));
      await expect.poll(async () => (await page.getByTestId("delivery-fee").textContent())?.trim()).not.toBe("$0.00");

      // The card modal: focus starts on the card number, stays inside, and comes back to Enter card.
      await tabTo(page, "Enter card");
      await page.keyboard.press("Enter");
      await page.getByRole("dialog", { name: "Card details" }).waitFor();
      await expect.poll(async () => (await focused(page)).name).toBe("Card number");
      await page.keyboard.type("4242424242424242");
      await page.keyboard.press("Tab");
      await page.keyboard.type("1230");
      await page.keyboard.press("Tab");
      await page.keyboard.type("123");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Shopper Demo");
      await tabTo(page, "Save Card", { limit: 10 });
      await page.keyboard.press("Enter");
      await toast(page, "Card details saved successfully!");
      await page.getByRole("dialog", { name: "Card details" }).waitFor({ state: "hidden" });
      await expect.poll(async () => (await focused(page)).name).toBe("Enter card");

      // Place the order: back on the home page, focus on its heading, the cart empty.
      await tabTo(page, "Proceed to checkout");
      await page.keyboard.press("Enter");
      await toast(page, "Payment successful and order has been created");
      await page.waitForURL(`${shop().url}/`);
      await expectHeadingFocused(page, "Plants and garden goods");
      await page.getByRole("link", { name: "Cart, 0 items" }).waitFor();
    });
  });
});
