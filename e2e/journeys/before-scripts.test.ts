// The storefront works before its scripts (issue 38): on a slow phone (CPU slowed 4x) the page shows one to
// three seconds before the app takes it over, and what the shopper types or taps then is never lost. Each
// journey acts at DOMContentLoaded while the app's entry module is held back (so the act is surely before
// hydration), then lets the scripts run and expects the page to end as if the shopper had waited. Without
// JavaScript at all, a shopper can browse, search, filter and sort, and the sign-in page says it needs scripts.
// The cart's frame, drawn before the scripts, gives way to the tab's cart without moving anything (layout shift).
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { journey } from "../browser.js";
import { expectAccessible } from "../axe.js";
import { demo, phone, toast, useShop } from "./support.js";

const { shop, browser } = useShop();
const wide = { width: 1280, height: 900 };

/** What React says when the server's HTML and the browser's first render differ. */
const hydrationTrouble = (lines: string[]) => lines.filter((line) => /hydrat|did not match|server rendered html/i.test(line));

/**
 * A phone's CPU (4x slower, through the DevTools protocol) and the app's entry module held back until
 * `scriptsRun()`: whatever is done before is done to the server's page, before hydration.
 */
async function slowPhone(context: BrowserContext, page: Page): Promise<{ scriptsRun: () => void; holdScripts: () => void }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let release = () => {};
  let held = Promise.resolve();
  const holdScripts = () => {
    held = new Promise<void>((resolve) => (release = resolve));
  };
  holdScripts();
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { scriptsRun: () => release(), holdScripts };
}

/** The page has not been taken over by the app (its entry module is held): asserted before each act. */
async function expectNotHydrated(page: Page): Promise<void> {
  expect(await page.evaluate(() => Object.keys(document.getElementById("root")!).some((key) => key.startsWith("__reactContainer")))).toBe(false);
}

describe("before the scripts run (CPU slowed 4x)", () => {
  it("the search page's box and Enter: the server's results, which the app then keeps", async () => {
    await journey(
      browser(),
      "search box before scripts",
      async ({ context, page, console }) => {
        const { scriptsRun } = await slowPhone(context, page);
        await page.goto(`${shop().url}/search`, { waitUntil: "domcontentloaded" });
        await expectNotHydrated(page);
        const box = page.getByRole("searchbox", { name: "Search products or categories" });
        await box.fill("monstera");
        await box.press("Enter");
        await page.waitForURL(/\/search\?q=monstera$/, { waitUntil: "domcontentloaded" });
        await page.getByRole("heading", { name: 'Results for "monstera"' }).waitFor();
        scriptsRun();
        await page.getByRole("article", { name: "Monstera Deliciosa" }).waitFor();
        expect(await page.getByRole("searchbox", { name: "Search products or categories" }).inputValue()).toBe("monstera");
        expect(hydrationTrouble(console)).toEqual([]);
      },
      { viewport: phone },
    );
  });

  it("the header's search box and Enter (wide screen): the server's results page", async () => {
    await journey(
      browser(),
      "header search before scripts",
      async ({ context, page, console }) => {
        const { scriptsRun } = await slowPhone(context, page);
        await page.goto(`${shop().url}/`, { waitUntil: "domcontentloaded" });
        await expectNotHydrated(page);
        const box = page.getByRole("searchbox", { name: "Search the shop" });
        await box.fill("fern");
        await box.press("Enter");
        await page.waitForURL(/\/search\?q=fern$/, { waitUntil: "domcontentloaded" });
        scriptsRun();
        await page.getByRole("heading", { name: 'Results for "fern"' }).waitFor();
        expect(await page.getByRole("searchbox", { name: "Search products or categories" }).inputValue()).toBe("fern");
        expect(hydrationTrouble(console)).toEqual([]);
      },
      { viewport: wide },
    );
  });

  it("sign-in typed and sent before the scripts: kept, and carried out once they run", async () => {
    await journey(
      browser(),
      "sign-in before scripts",
      async ({ context, page, console }) => {
        const { scriptsRun } = await slowPhone(context, page);
        await page.goto(`${shop().url}/login-user`, { waitUntil: "domcontentloaded" });
        await expectNotHydrated(page);
        const form = page.getByRole("form", { name: "Welcome back" });
        await form.getByLabel("Email", { exact: true }).fill(demo.shopper.email);
        await form.getByLabel("Password", { exact: true }).fill(demo.shopper.password);
        await form.getByRole("button", { name: "Sign in", exact: true }).click();
        // Not sent as the page's address: the password stays out of the URL.
        expect(page.url()).toBe(`${shop().url}/login-user`);
        scriptsRun();
        await toast(page, "Log in successful");
        await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Account" }).waitFor();
        expect(hydrationTrouble(console)).toEqual([]);
      },
      { viewport: phone },
    );
  });

  it("sign-up typed and sent before the scripts: the account is created once they run", async () => {
    await journey(
      browser(),
      "sign-up before scripts",
      async ({ context, page, console }) => {
        const { scriptsRun } = await slowPhone(context, page);
        await page.goto(`${shop().url}/signup`, { waitUntil: "domcontentloaded" });
        await expectNotHydrated(page);
        const form = page.getByRole("form", { name: "Create account" });
        const email = `early-${Date.now()}@example.com`;
        await form.getByLabel("Full name").fill("Early Bird");
        await form.getByLabel("Email").fill(email);
        await form.getByLabel("Password", { exact: true }).fill("early-bird-password-2026");
        await form.getByLabel("Confirm password").fill("early-bird-password-2026");
        await form.getByRole("button", { name: "Sign up" }).click();
        scriptsRun();
        // As after a sign-up made with the app running: the sign-in form, where the new account signs in.
        await page.waitForURL(/\/login-user$/);
        await page.getByRole("form", { name: "Welcome back" }).waitFor();
        const signIn = page.getByRole("form", { name: "Welcome back" });
        await signIn.getByLabel("Email", { exact: true }).fill(email);
        await signIn.getByLabel("Password", { exact: true }).fill("early-bird-password-2026");
        await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
        await toast(page, "Log in successful");
        expect(hydrationTrouble(console)).toEqual([]);
      },
      { viewport: phone },
    );
  });

  it("forgot password typed and sent before the scripts: the reset link is asked for once they run", async () => {
    await journey(
      browser(),
      "forgot password before scripts",
      async ({ context, page, console }) => {
        const { scriptsRun } = await slowPhone(context, page);
        await page.goto(`${shop().url}/forgot-password`, { waitUntil: "domcontentloaded" });
        await expectNotHydrated(page);
        const form = page.getByRole("form", { name: "Forgot your password?" });
        await form.getByLabel("Email", { exact: true }).fill(demo.shopper.email);
        await form.getByRole("button", { name: "Send reset link" }).click();
        // Not sent as the page's address: the email stays out of the URL.
        expect(page.url()).toBe(`${shop().url}/forgot-password`);
        scriptsRun();
        // As after asking with the app running: the same answer whether or not the email has an account.
        await page.getByRole("heading", { name: "Check your email" }).waitFor({ timeout: 30_000 });
        await page.getByRole("status").filter({ hasText: "If an account exists for this email, we have sent it a link to reset the password." }).waitFor();
        expect(hydrationTrouble(console)).toEqual([]);
      },
      { viewport: phone },
    );
  });

  it("the newsletter sent before the scripts: the page stays, the email in its box and in no address", async () => {
    await journey(
      browser(),
      "newsletter before scripts",
      async ({ context, page, console }) => {
        const { scriptsRun } = await slowPhone(context, page);
        await page.goto(`${shop().url}/`, { waitUntil: "domcontentloaded" });
        await expectNotHydrated(page);
        const form = page.getByRole("form", { name: "Newsletter" });
        await form.getByLabel("Newsletter email").fill("early@example.com");
        await form.getByRole("button", { name: "Submit" }).click();
        scriptsRun();
        await page.getByRole("heading", { name: "New arrivals" }).waitFor();
        // The app has answered the kept press (it keeps the page, as the spec's newsletter does).
        await page.waitForFunction(() => document.getElementById("root")!.hasChildNodes() && Object.keys(document.getElementById("root")!).some((key) => key.startsWith("__reactContainer")));
        expect(page.url()).toBe(`${shop().url}/`);
        expect(await form.getByLabel("Newsletter email").inputValue()).toBe("early@example.com");
        expect(hydrationTrouble(console)).toEqual([]);
      },
      { viewport: phone },
    );
  });

  it("Add to cart tapped before the scripts: one in the cart once they run", async () => {
    await journey(
      browser(),
      "add to cart before scripts",
      async ({ context, page, console }) => {
        const { scriptsRun } = await slowPhone(context, page);
        await page.goto(`${shop().url}/products/monstera-deliciosa`, { waitUntil: "domcontentloaded" });
        await expectNotHydrated(page);
        await page.getByRole("button", { name: "Add to cart" }).click();
        scriptsRun();
        await page.getByRole("link", { name: "Cart, 1 items" }).waitFor();
        expect(hydrationTrouble(console)).toEqual([]);
      },
      { viewport: phone },
    );
  });

  it("a filter ticked before the scripts (wide screen, where the filters show): applied once they run", async () => {
    await journey(
      browser(),
      "filter before scripts",
      async ({ context, page, console }) => {
        const { scriptsRun } = await slowPhone(context, page);
        await page.goto(`${shop().url}/categories/Indoor%20Plants`, { waitUntil: "domcontentloaded" });
        await expectNotHydrated(page);
        const inStock = page.getByRole("checkbox", { name: /^In stock/ });
        await inStock.click();
        scriptsRun();
        await page.waitForURL(/[?&]inStock=1/);
        await expect.poll(() => inStock.isChecked(), { timeout: 20_000 }).toBe(true);
        expect(hydrationTrouble(console)).toEqual([]);
      },
      { viewport: wide },
    );
  });

  it("a sort chosen before the scripts: the list sorted once they run", async () => {
    await journey(
      browser(),
      "sort before scripts",
      async ({ context, page, console }) => {
        const { scriptsRun } = await slowPhone(context, page);
        await page.goto(`${shop().url}/categories/Indoor%20Plants`, { waitUntil: "domcontentloaded" });
        await expectNotHydrated(page);
        await page.getByLabel("Sort by").selectOption("price-lowest");
        scriptsRun();
        await page.waitForURL(/[?&]sort=price-lowest/);
        await expect.poll(() => page.getByLabel("Sort by").inputValue(), { timeout: 20_000 }).toBe("price-lowest");
        await expectAscendingPrices(page);
        expect(hydrationTrouble(console)).toEqual([]);
      },
      { viewport: phone },
    );
  });
});

/**
 * Records, from the page's first paint, every layout shift (PerformanceObserver 'layout-shift', what
 * Lighthouse's CLS adds up) moving something inside <main>; `shiftsInMain()` reads them.
 */
async function recordShiftsInMain(page: Page): Promise<() => Promise<Array<{ value: number; moved: string[] }>>> {
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; moved: string[] }> = [];
    (window as unknown as { shiftsInMain: typeof shifts }).shiftsInMain = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; sources?: Array<{ node?: Node }> }>) {
        const moved = (entry.sources ?? []).map((source) => source.node).filter((node): node is Element => node instanceof Element && node.closest("main") !== null);
        if (moved.length > 0) shifts.push({ value: entry.value, moved: moved.map((node) => `${node.getAttribute("data-testid") ?? node.nodeName}: ${node.textContent?.slice(0, 40)}`) });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shiftsInMain: Array<{ value: number; moved: string[] }> }).shiftsInMain);
}

describe("the cart's frame gives way to the tab's cart without moving anything (CPU slowed 4x)", () => {
  // The first HTML cannot know the cart (it is kept in the tab): it shows a frame, which the app swaps for
  // the cart once it runs. Painted before the scripts (held), the swap shifts nothing on the page.
  for (const width of [phone.width, 320]) {
    it(`an empty cart, ${width} px wide: the frame becomes 'Your cart is empty!' with no layout shift`, async () => {
      await journey(
        browser(),
        `cart swap empty ${width}`,
        async ({ context, page, console }) => {
          const shiftsInMain = await recordShiftsInMain(page);
          const { scriptsRun } = await slowPhone(context, page);
          await page.goto(`${shop().url}/cart`, { waitUntil: "domcontentloaded" });
          await page.getByText("Your cart is kept in this browser.").waitFor();
          await expectNotHydrated(page);
          scriptsRun();
          await page.getByText("Your cart is empty!").waitFor({ timeout: 30_000 });
          await page.getByRole("link", { name: "Back to the store" }).waitFor();
          // Layout shifts are reported with the next frames: a moment for them to arrive.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))));
          expect(await shiftsInMain()).toEqual([]);
          expect(hydrationTrouble(console)).toEqual([]);
        },
        { viewport: { ...phone, width } },
      );
    });
  }

  it("a cart with a line: the frame becomes the line and the summary with no layout shift", async () => {
    await journey(
      browser(),
      "cart swap with a line",
      async ({ context, page, console }) => {
        const shiftsInMain = await recordShiftsInMain(page);
        await page.goto(`${shop().url}/products/monstera-deliciosa`);
        await page.getByRole("button", { name: "Add to cart" }).click();
        await page.getByRole("link", { name: "Cart, 1 items" }).waitFor();
        const { scriptsRun } = await slowPhone(context, page);
        await page.goto(`${shop().url}/cart`, { waitUntil: "domcontentloaded" });
        await page.getByText("Your cart is kept in this browser.").waitFor();
        await expectNotHydrated(page);
        scriptsRun();
        await page.getByRole("article", { name: "Monstera Deliciosa" }).waitFor({ timeout: 30_000 });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))));
        // The swap itself moves nothing. The server's figures arriving a moment later (a skeleton bar, then
        // the amount, right-aligned in the summary) may nudge their own figure by a few pixels: not the swap's.
        const quoteFigure = /^(subtotal|line-price):/;
        expect((await shiftsInMain()).filter((shift) => !shift.moved.every((node) => quoteFigure.test(node)))).toEqual([]);
        expect(hydrationTrouble(console)).toEqual([]);
      },
      { viewport: phone },
    );
  });
});

/** The products' current prices as shown, in order: each no higher than the next. */
async function expectAscendingPrices(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const prices = (await page.getByTestId("current-price").allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, "")));
      return prices.length > 1 && prices.every((price, index) => index === 0 || prices[index - 1] <= price);
    }, { timeout: 20_000 })
    .toBe(true);
}

describe("without JavaScript", () => {
  /** A context whose pages run no script: what a shopper with JavaScript off gets. */
  async function withoutScripts(work: (page: Page) => Promise<void>) {
    const context = await browser().newContext({ javaScriptEnabled: false, viewport: phone, reducedMotion: "reduce" });
    try {
      await work(await context.newPage());
    } finally {
      await context.close();
    }
  }

  it("a shopper browses, searches, filters and sorts; signing in says that it needs JavaScript", async () => {
    await withoutScripts(async (page) => {
      page.setDefaultTimeout(20_000);
      await page.goto(`${shop().url}/`);
      await page.getByRole("link", { name: "Indoor Plants" }).first().click();
      await page.getByRole("heading", { name: "Shop for Indoor Plants" }).waitFor();

      // Filter: the choices show (no 'Filters' button to open them), applied by the server.
      await page.getByRole("checkbox", { name: /^In stock/ }).check();
      await page.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL(/[?&]inStock=1/);
      expect(await page.getByRole("checkbox", { name: /^In stock/ }).isChecked()).toBe(true);

      // Sort: the filter stays.
      await page.getByLabel("Sort by").selectOption("price-lowest");
      await page.getByRole("button", { name: "Sort", exact: true }).click();
      await page.waitForURL(/[?&]sort=price-lowest/);
      expect(new URL(page.url()).searchParams.get("inStock")).toBe("1");
      await expectAscendingPrices(page);

      // A product, read.
      await page.getByRole("article").first().getByRole("link").first().click();
      await page.getByRole("button", { name: "Add to cart" }).waitFor();

      // Search.
      await page.goto(`${shop().url}/search`);
      const box = page.getByRole("searchbox", { name: "Search products or categories" });
      await box.fill("fern");
      await box.press("Enter");
      await page.getByRole("heading", { name: 'Results for "fern"' }).waitFor();

      // Signing in needs scripts, and says so; a press of 'Sign in' brings the page back, nothing in the address.
      // (Playwright's text locators skip <noscript>, which a browser without scripts shows: read as the page shows it.)
      const shown = () => page.locator("main").innerText();
      await page.goto(`${shop().url}/login-user`);
      expect(await shown()).toContain("Signing in needs JavaScript");
      await page.getByLabel("Email", { exact: true }).fill(demo.shopper.email);
      await page.getByLabel("Password", { exact: true }).fill(demo.shopper.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL(`${shop().url}/login-user`);
      expect(await shown()).toContain("Signing in needs JavaScript");
      await page.goto(`${shop().url}/cart`);
      expect(await shown()).toContain("The cart and checkout need JavaScript");
    });
  });

  it("those pages as drawn without scripts have no axe finding", async () => {
    // axe runs inside the page, which a context without JavaScript cannot do: the pages are audited as a
    // browser without scripts draws them, their <noscript> parts shown and no script run.
    const context = await browser().newContext({ viewport: phone, reducedMotion: "reduce" });
    try {
      const page = await context.newPage();
      await page.route(/\.js$/, (route) => route.abort());
      await page.route(`${shop().url}/**`, async (route) => {
        if (route.request().resourceType() !== "document") return route.fallback();
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replace(/<\/?noscript>/g, "") });
      });
      for (const path of ["/categories/Indoor%20Plants?inStock=1&sort=price-lowest", "/search?q=fern", "/login-user", "/signup", "/forgot-password", "/cart", "/checkout"]) {
        await page.goto(`${shop().url}${path}`);
        await expectAccessible(page, `${path} (no scripts)`);
      }
    } finally {
      await context.close();
    }
  });
});
