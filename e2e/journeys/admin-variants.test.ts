// Journey: an admin sells a product in two pot sizes. On the edit product screen the Variants section is
// folded ('Add options'); the admin adds the option "Pot size" with 12 cm and 17 cm, generates the
// combinations, sets each size's price, gives the 17 cm pot a picture of its own, meets the server's refusal of a SKU given twice (at its cell and in a
// summary), saves, reloads and finds the variants as saved; axe finds nothing on the screen with the grid
// open, with the messages shown, and after the reload. The admin list then shows the product's total stock.
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../axe.js";
import { journey } from "../browser.js";
import { demo, expectText, graphql, greenSquarePng, signIn, toast, useShop } from "./support.js";

const { shop, browser } = useShop();

interface ListedProduct {
  name: string;
  slug: string;
  quantity: number;
  variantCount: number;
}

/** A demo product sold in one variant, whose name no other product's name holds (so a search finds it alone). */
async function productInOneVariant(): Promise<ListedProduct> {
  const { products } = await graphql<{ products: { nodes: ListedProduct[] } }>(shop().url, "{ products(first: 100) { nodes { name slug quantity variantCount } } }");
  const names = products.nodes.map((product) => product.name.toLowerCase());
  const chosen = products.nodes.find(
    (product) => product.variantCount === 1 && product.quantity > 0 && names.filter((name) => name.includes(product.name.toLowerCase())).length === 1,
  );
  if (!chosen) throw new Error("no demo product sold in one variant");
  return chosen;
}

describe("the variant grid", () => {
  it("an admin adds a pot size option with two values, generates the variants, prices them, saves and finds them after a reload", async () => {
    const product = await productInOneVariant();
    const sku = (value: string) => `${product.slug.toUpperCase()}-${value.toUpperCase().replace(" ", "-")}`;
    await journey(browser(), "admin adds variants", async ({ page }) => {
      await signIn(page, shop().url, demo.admin);
      await page.goto(`${shop().url}/admin/manage-product`);
      await page.getByRole("heading", { name: "Manage products", exact: true }).waitFor();
      await page.getByRole("searchbox", { name: "Search product" }).fill(product.name);
      const card = page.getByRole("article", { name: product.name, exact: true });
      await card.getByRole("link", { name: "Edit Product" }).click();
      await page.getByRole("heading", { name: "edit product", exact: true }).waitFor();

      const variants = page.getByRole("region", { name: "Variants" });
      await variants.getByText(/^Sold in one variant/).waitFor();
      await variants.getByRole("button", { name: "Add options" }).click();
      // The new option's name box has the focus: typed into straight away.
      await page.keyboard.type("Pot size");
      expect(await variants.getByLabel("Option 1 name", { exact: true }).inputValue()).toBe("Pot size");
      const values = variants.getByLabel("Option 1 values", { exact: true });
      await values.fill("12 cm");
      await values.press("Enter");
      await values.fill("17 cm");
      await values.press("Enter");
      await variants.getByRole("list", { name: "Pot size: 2 values" }).waitFor();
      await variants.getByRole("button", { name: "Generate all combinations" }).click();

      const grid = variants.getByRole("table", { name: `Variants of ${product.name}` });
      await grid.getByRole("rowheader", { name: "17 cm" }).waitFor();
      expect(await grid.getByRole("rowheader").allTextContents()).toEqual(["12 cm", "17 cm"]);
      expect(await grid.getByLabel("SKU of 17 cm", { exact: true }).inputValue()).toBe(sku("17 cm"));
      expect(await grid.getByLabel("Stock of 17 cm", { exact: true }).inputValue()).toBe(String(product.quantity));
      await grid.getByLabel("Price of 12 cm", { exact: true }).fill("19.50");
      await grid.getByLabel("Price of 17 cm", { exact: true }).fill("29");
      await grid.getByLabel("Discount price of 12 cm", { exact: true }).fill("");
      await grid.getByLabel("Discount price of 17 cm", { exact: true }).fill("");
      await grid.getByLabel("Stock of 12 cm", { exact: true }).fill("4");
      await expectAccessible(page, "the edit product screen with the variant grid");

      // Two variants with one SKU: the server's message shows at the cell and in the summary, and nothing is saved.
      const sku12 = grid.getByLabel("SKU of 12 cm", { exact: true });
      await sku12.fill(sku("17 cm").toLowerCase());
      await variants.getByRole("button", { name: "Save variants" }).click();
      const summary = variants.getByRole("alert").filter({ hasText: "The variants were not saved" });
      await summary.getByText(/^17 cm: The SKU .+ is given to two variants\.$/).waitFor();
      expect(await grid.getByLabel("SKU of 17 cm", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      await expect.poll(() => grid.getByLabel("SKU of 17 cm", { exact: true }).evaluate((element) => element === document.activeElement)).toBe(true);
      await expectAccessible(page, "the variant grid showing the server's messages");

      await sku12.fill(sku("12 cm"));
      // The 17 cm pot gets a picture of its own (Mantine's FileButton keeps its file input beside the button).
      await grid.locator('input[type="file"]').nth(1).setInputFiles({ name: "pot-17.png", mimeType: "image/png", buffer: greenSquarePng(64) });
      await grid.getByRole("button", { name: "Change picture of 17 cm" }).waitFor();
      await variants.getByRole("button", { name: "Save variants" }).click();
      await toast(page, "Variants saved.");
      expect(await summary.count()).toBe(0);

      await page.reload();
      await page.getByRole("heading", { name: "edit product", exact: true }).waitFor();
      const reloaded = page.getByRole("region", { name: "Variants" }).getByRole("table", { name: `Variants of ${product.name}` });
      await reloaded.getByRole("rowheader", { name: "17 cm" }).waitFor();
      expect(await reloaded.getByRole("rowheader").allTextContents()).toEqual(["12 cm", "17 cm"]);
      expect(await reloaded.getByLabel("Price of 12 cm", { exact: true }).inputValue()).toBe("$19.5");
      expect(await reloaded.getByLabel("Price of 17 cm", { exact: true }).inputValue()).toBe("$29");
      expect(await reloaded.getByLabel("Stock of 12 cm", { exact: true }).inputValue()).toBe("4");
      expect(await reloaded.getByLabel("SKU of 17 cm", { exact: true }).inputValue()).toBe(sku("17 cm"));
      await reloaded.getByRole("img", { name: "Picture of 17 cm" }).waitFor();
      expect(await reloaded.getByRole("img", { name: "Picture of 12 cm" }).count()).toBe(0);
      expect(await page.getByRole("region", { name: "Variants" }).getByLabel("Option 1 name", { exact: true }).inputValue()).toBe("Pot size");
      await expectAccessible(page, "the edit product screen after a reload");

      // The product list: the total over both sizes, and 'Low stock' (the 12 cm pot has 4).
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Products", exact: true }).click();
      await page.getByRole("heading", { name: "Manage products", exact: true }).waitFor();
      await page.getByRole("searchbox", { name: "Search product" }).fill(product.name);
      const listed = page.getByRole("article", { name: product.name, exact: true });
      const stockLine = listed.locator("xpath=following-sibling::*[1]");
      await expectText(stockLine, `Total stock: ${4 + product.quantity}Low stock`);
    });
  });
});
