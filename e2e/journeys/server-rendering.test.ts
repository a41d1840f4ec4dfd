// The storefront arrives rendered by the server and the browser takes it over (hydration)
// without a warning and without asking the API again for what the page already shows; a signed-in
// shopper's parts (the account link) appear once hydration is over; a tap made before then is answered then.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { journey } from "../browser.js";
import { demo, phone, signIn, useShop } from "./support.js";

const { shop, browser } = useShop();

/** What React says when the server's HTML and the browser's first render differ. */
const hydrationTrouble = (lines: string[]) => lines.filter((line) => /hydrat|did not match|server rendered html/i.test(line));

/** The API requests (not the live socket) the page makes from now on. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/graphql" && request.resourceType() !== "websocket") seen.push(`${request.method()} ${url.searchParams.get("operationName") ?? ""}`);
  });
  return seen;
}

describe("server-rendered storefront", () => {
  it("a guest's pages hydrate without warnings and without asking again for what they show", async () => {
    await journey(browser(), "guest pages hydrate", async ({ page, console }) => {
      const requests = apiRequests(page);
      const product = await fetch(`${shop().url}/products/monstera-deliciosa`, { headers: { accept: "text/html" } });
      // The content is in the first response, before any JavaScript runs.
      expect(await product.text()).toContain("Monstera Deliciosa");

      for (const [path, heading] of [
        ["/", "New arrivals"],
        ["/categories/Indoor%20Plants", "Shop for Indoor Plants"],
        ["/products/monstera-deliciosa", "Monstera Deliciosa"],
        ["/search?q=fern", "Search"],
        ["/products/no-such-plant", "Unexpected Application Error!"],
        // A shared link with tracking tags: the page drawn for (and kept under) the address without them is
        // the page the browser takes over at the address with them.
        ["/categories/Indoor%20Plants?sort=price-lowest&utm_source=newsletter&fbclid=IwAR0", "Shop for Indoor Plants"],
        ["/products/monstera-deliciosa?utm_source=chat&x=1", "Monstera Deliciosa"],
      ]) {
        await page.goto(`${shop().url}${path}`, { waitUntil: "networkidle" });
        await page.getByRole("heading", { name: heading }).first().waitFor();
      }
      expect(hydrationTrouble(console)).toEqual([]);
      expect(console.filter((line) => line.startsWith("[pageerror]"))).toEqual([]);
      expect(requests).toEqual([]);

      // The hydrated page is the app: a link navigates in place and the cart works.
      await page.goto(`${shop().url}/products/monstera-deliciosa`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Add to cart" }).click();
      await page.getByRole("link", { name: "Cart, 1 items" }).waitFor();
    });
  });

  it("a button tapped before the page is hydrated is tapped again once it is: the phone's Filters open, Add to cart adds one", async () => {
    await journey(
      browser(),
      "taps before hydration",
      async ({ page, console }) => {
        // The app's entry module is held back until the taps are made (routing also keeps it out of the cache).
        let release = () => {};
        const holdScripts = () => new Promise<void>((resolve) => (release = resolve));
        let held = holdScripts();
        await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
          await held;
          await route.continue();
        });

        await page.goto(`${shop().url}/search?q=plant`, { waitUntil: "domcontentloaded" });
        const filters = page.getByRole("button", { name: /^Filters/ });
        await filters.click();
        expect(await filters.getAttribute("aria-expanded")).toBe("false");
        release();
        await page.getByRole("radio", { name: "Any price" }).waitFor();
        expect(await filters.getAttribute("aria-expanded")).toBe("true");

        held = holdScripts();
        await page.goto(`${shop().url}/products/monstera-deliciosa`, { waitUntil: "domcontentloaded" });
        // Tapped twice while nothing happened: kept once.
        await page.getByRole("button", { name: "Add to cart" }).click();
        await page.getByRole("button", { name: "Add to cart" }).click();
        release();
        await page.getByRole("link", { name: "Cart, 1 items" }).waitFor();
        expect(hydrationTrouble(console)).toEqual([]);
      },
      { viewport: phone },
    );
  });

  it("a signed-in shopper's page shows the account link after hydration, without warnings", async () => {
    await journey(browser(), "signed-in page hydrates", async ({ page, console }) => {
      await signIn(page, shop().url, demo.shopper);
      await page.goto(`${shop().url}/products/monstera-deliciosa`, { waitUntil: "networkidle" });
      await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Account" }).waitFor();
      await page.goto(`${shop().url}/user`, { waitUntil: "networkidle" });
      await page.getByRole("link", { name: "Account" }).first().waitFor();
      expect(hydrationTrouble(console)).toEqual([]);
    });
  });
});
