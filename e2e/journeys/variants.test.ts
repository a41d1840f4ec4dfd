// Variants: one plant in several pot sizes, each with its own price, stock and picture. The shop is started
// with the demo products sold in variants (SEED_VARIANTS=true): Monstera Deliciosa in pots of 17 cm (the
// default), 12 cm and 24 cm (sold out). The pot size is chosen with the keyboard alone (Tab into the group,
// arrow keys within it), the page follows the choice and passes axe, and the cart holds the variant; the
// address naming a variant (?variant=SKU) is drawn by the server with that variant's figures and hydrates quietly.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../axe.js";
import { journey } from "../browser.js";
import { expectText, focused, tabTo, useShop } from "./support.js";

const { shop, browser } = useShop({ env: { SEED_VARIANTS: "true" } });

const MONSTERA = "/products/monstera-deliciosa";

/** The product page's price and stock text as shown now. */
const offer = (page: Page) => page.getByTestId("variant-offer");
const potSize = (page: Page, size: string) => page.getByRole("group", { name: "Pot size" }).getByRole("radio", { name: size, exact: true });

/** What the browser's console said that a visitor's page should never say. */
const complaints = (lines: string[]) => lines.filter((line) => /^\[(warning|error|pageerror)\]/.test(line));

describe("variants on the storefront", () => {
  it("chooses a pot size with the keyboard alone: price and stock follow, the sold-out size says so, axe finds nothing, the cart holds the size", async () => {
    await journey(browser(), "variants keyboard", async ({ page }) => {
      await page.goto(`${shop().url}${MONSTERA}`);
      await page.getByRole("heading", { level: 1, name: "Monstera Deliciosa" }).waitFor();
      const historyLength = await page.evaluate(() => history.length);
      // The default variant (17 cm): its discount price, the original struck through, its stock.
      await expectText(offer(page).getByTestId("current-price"), "$29.99");
      await expectText(offer(page).getByTestId("original-price"), "$34.99");
      await expectText(offer(page).getByText(/item\(s\) left/), "18 item(s) left");
      expect(await potSize(page, "17 cm").isChecked()).toBe(true);

      // The sold-out size is disabled and says why.
      const large = potSize(page, "24 cm");
      expect(await large.isDisabled()).toBe(true);
      const why = await large.evaluate((input) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent);
      expect(why).toBe("Out of stock");
      await expectText(page.locator("label", { has: page.getByText("24 cm", { exact: true }) }), "24 cmOut of stock");

      // Tab reaches the group at its chosen value; the arrow keys choose within it.
      await tabTo(page, "17 cm");
      expect((await focused(page)).tag).toBe("input");
      await page.keyboard.press("ArrowLeft");
      expect((await focused(page)).name).toBe("12 cm");
      await expect.poll(() => potSize(page, "12 cm").isChecked()).toBe(true);
      await expectText(offer(page).getByTestId("current-price"), "$24.99");
      expect(await offer(page).getByTestId("original-price").count()).toBe(0);
      await expectText(offer(page).getByText(/item\(s\) left/), "9 item(s) left");
      // The choice is in the address, replacing it rather than adding a step to the history.
      await expect.poll(() => new URL(page.url()).search).toBe("?variant=MON-DEL-12");
      expect(await page.evaluate(() => history.length)).toBe(historyLength);

      // Right from 12 cm is 17 cm; right again skips the sold-out 24 cm and wraps to 12 cm.
      await page.keyboard.press("ArrowRight");
      expect((await focused(page)).name).toBe("17 cm");
      await page.keyboard.press("ArrowRight");
      expect((await focused(page)).name).toBe("12 cm");
      await expect.poll(() => new URL(page.url()).search).toBe("?variant=MON-DEL-12");
      await expectText(offer(page).getByTestId("current-price"), "$24.99");

      await expectAccessible(page, "the product page with its pot sizes");

      await tabTo(page, "Add to cart");
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await page.getByTestId("quantity-in-cart").textContent())?.trim()).toBe("1");

      await tabTo(page, "Cart, 1 items", { backwards: true });
      await page.keyboard.press("Enter");
      const line = page.getByRole("article", { name: "Monstera Deliciosa (12 cm)" });
      await line.waitFor();
      await expectText(line.getByTestId("chosen-options"), "Pot size: 12 cm");
      // The server's price of the 12 cm pot.
      await expectText(line.getByTestId("line-price"), "$24.99");
    });
  });

  it("/products/<slug>?variant=SKU arrives drawn with that variant's price and stock, hydrates without a warning and asks nothing again", async () => {
    const address = `${shop().url}${MONSTERA}?variant=MON-DEL-12`;
    const html = await (await fetch(address, { headers: { accept: "text/html" } })).text();
    // The first HTML, before any script runs: the 12 cm pot chosen, its price and stock.
    expect(html).toMatch(/data-testid="current-price"[^>]*>\$24\.99</);
    expect(html).toContain("9 item(s) left");
    expect(html).toMatch(/<input[^>]*value="12 cm"[^>]*checked=""|<input[^>]*checked=""[^>]*value="12 cm"/);
    // The canonical address stays the product's; the structured data offers every pot size.
    expect(html).toContain(`<link rel="canonical" href="${shop().url}${MONSTERA}"/>`);
    expect(html).toContain('"@type":"AggregateOffer","lowPrice":"24.99","highPrice":"59.99","offerCount":3');
    // Without ?variant: the default pot.
    expect(await (await fetch(`${shop().url}${MONSTERA}`, { headers: { accept: "text/html" } })).text()).toMatch(/data-testid="current-price"[^>]*>\$29\.99</);

    await journey(browser(), "variant page hydrates", async ({ page, console }) => {
      const requests: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname === "/graphql" && request.resourceType() !== "websocket") requests.push(url.searchParams.get("operationName") ?? request.method());
      });
      await page.goto(address, { waitUntil: "networkidle" });
      await page.getByRole("heading", { level: 1, name: "Monstera Deliciosa" }).waitFor();
      expect(await potSize(page, "12 cm").isChecked()).toBe(true);
      await expectText(offer(page).getByTestId("current-price"), "$24.99");
      // Hydrated: the page answers a choice (a tap on the chip, its label).
      await page.locator("label", { has: page.getByText("17 cm", { exact: true }) }).click();
      await expectText(offer(page).getByTestId("current-price"), "$29.99");
      await expect.poll(() => new URL(page.url()).search).toBe("?variant=MON-DEL-17");
      expect(complaints(console)).toEqual([]);
      expect(requests).toEqual([]);
    });
  });
});
