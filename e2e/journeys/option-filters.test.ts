// Option filters: a category's products filtered by the options they are sold in. The shop is started with the
// demo products sold in variants (SEED_VARIANTS=true): in Pots & Planters, "Glazed Ceramic Planter 'Ocean'" is
// sold in sizes Small / Large and colours Ocean / Sand / Charcoal; the category's other products are sold in one
// variant each. Ticking Colour: Sand leaves the products with a Sand variant on sale; the choice is in the
// address (?option=Colour:Sand), which the server draws with it ticked, so a reload keeps it; axe finds nothing.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../axe.js";
import { journey } from "../browser.js";
import { graphql, useShop } from "./support.js";

const { shop, browser } = useShop({ env: { SEED_VARIANTS: "true" } });

const CATEGORY = "Pots & Planters";
const CATEGORY_PATH = `/categories/${encodeURIComponent(CATEGORY)}`;

const filters = (page: Page) => page.getByRole("region", { name: "Filters" });
const sand = (page: Page) => filters(page).getByRole("group", { name: "Colour" }).getByRole("checkbox", { name: /^Sand \(\d+ products?\)$/ });
const cardNames = (page: Page) => page.getByRole("main").getByRole("article").evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label") ?? ""));

/** The category's products that have a variant on sale in Sand, asked of the API behind the screens. */
async function productsWithSand(): Promise<string[]> {
  const data = await graphql<{ products: { nodes: Array<{ name: string; variants: Array<{ options: Array<{ name: string; value: string }> }> }> } }>(
    shop().url,
    `query ($category: String!) { products(category: $category, first: 100) { nodes { name variants { options { name value } } } } }`,
    { category: CATEGORY },
  );
  return data.products.nodes
    .filter((product) => product.variants.some((variant) => variant.options.some((option) => option.name === "Colour" && option.value === "Sand")))
    .map((product) => product.name)
    .sort();
}

describe("option filters on a category page", () => {
  it("ticks Colour: Sand, sees only the products with a Sand variant, reloads and still has the choice; axe finds nothing", async () => {
    const withSand = await productsWithSand();
    expect(withSand).toEqual(["Glazed Ceramic Planter 'Ocean'"]);

    await journey(browser(), "option filters", async ({ page, console: said }) => {
      await page.goto(`${shop().url}${CATEGORY_PATH}`);
      await page.getByRole("heading", { level: 1, name: `Shop for ${CATEGORY}` }).waitFor();
      await sand(page).waitFor();
      const everything = await cardNames(page);
      expect(everything.length).toBeGreaterThan(withSand.length);
      // One group per option offered, after the spec's own groups; each a fieldset named by its legend.
      expect(await filters(page).locator("fieldset legend").allTextContents()).toEqual(expect.arrayContaining(["Size", "Colour"]));
      expect(await sand(page).isChecked()).toBe(false);
      // Seen as "Sand (1)".
      const seen = await sand(page).evaluate((input) => {
        const label = document.querySelector(`label[for="${input.id}"]`)!.cloneNode(true) as HTMLElement;
        label.querySelectorAll(".mantine-VisuallyHidden-root").forEach((hidden) => hidden.remove());
        return label.textContent;
      });
      expect(seen).toBe("Sand (1)");

      // A click, not check(): a tap before the scripts have taken over leaves the box as it was until they
      // answer it (the starter replays it), which check() reads as a click that did nothing.
      await sand(page).click();
      await expect.poll(() => new URL(page.url()).searchParams.getAll("option")).toEqual(["Colour:Sand"]);
      await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(withSand);
      await expect.poll(() => sand(page).isChecked()).toBe(true);
      // The other options' values are counted under the choice: a Sand planter comes Large and Small (natural order).
      // Each box is a field of the filters' form, valued as the address spells the choice (option=Size:Large).
      const size = filters(page).getByRole("group", { name: "Size" });
      expect(await size.getByRole("checkbox").evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value))).toEqual(["Size:Large", "Size:Small"]);
      await expectAccessible(page, "a category page filtered by Colour: Sand");

      // The server draws the filtered page with the choice ticked, before any script runs.
      const html = await (await fetch(page.url(), { headers: { accept: "text/html" } })).text();
      const sandInput = /<input[^>]*value="Colour:Sand"[^>]*>/.exec(html)?.[0] ?? "";
      expect(sandInput).toContain("checked");
      expect(Array.from(html.matchAll(/<article[^>]*aria-label="([^"]*)"/g), (match) => match[1].replace(/&#x27;/g, "'"))).toEqual(withSand);

      await page.reload();
      await page.getByRole("heading", { level: 1, name: `Shop for ${CATEGORY}` }).waitFor();
      await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(withSand);
      expect(await sand(page).isChecked()).toBe(true);
      expect(new URL(page.url()).searchParams.getAll("option")).toEqual(["Colour:Sand"]);
      await expectAccessible(page, "the filtered category page after a reload");

      // Unticking brings every product back.
      await sand(page).click();
      await expect.poll(() => new URL(page.url()).searchParams.getAll("option")).toEqual([]);
      await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(everything);
      // Hydrating the server's page said nothing (a panel drawn differently would warn).
      expect(said.filter((line) => /^\[(warning|error|pageerror)\]/.test(line))).toEqual([]);
    });
  });
});
