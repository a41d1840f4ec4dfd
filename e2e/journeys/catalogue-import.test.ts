// Journey: the owner changes the catalogue from a CSV file. From Manage products, 'Import CSV' opens Import
// products; there Export CSV saves the catalogue as the shop writes it. The owner raises one product's price,
// adds a row for a new product whose picture is one the shop already has, and a row whose price is "abc"; sends
// the file and sees the dry run (1 created, 1 updated, 1 refused, the refused row with its line and reason),
// applies it, sees the progress reach the end and what was done, and finds the new price on the storefront's
// product page and the new product on its own. The file is sent and applied from the keyboard; axe finds
// nothing on the screen with the dry run or when done.
// Then with a zip of pictures: the owner chooses a CSV file whose new product names its picture by file name and a
// zip holding that picture and a file that is no picture; the zip goes first, its storing reaches its end and the
// refused picture is listed with its reason, then the file's dry run; applied, the product page shows the picture
// stored from the zip (under /uploads/). All from the keyboard; axe finds nothing once the pictures are stored.
import crypto from "node:crypto";
import fs from "node:fs";
import type { FileChooser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import yazl from "yazl";
import { expectAccessible } from "../axe.js";
import { journey } from "../browser.js";
import { demo, expectText, focused, graphql, greenSquarePng, signIn, tabTo, useShop } from "./support.js";

const { shop, browser } = useShop();

/**
 * The export's records (RFC 4180: quoted cells may hold commas, doubled quotes and line breaks). The journey only
 * changes cells and adds rows; the shop's own reading of a file is csv-parse's, and the server tests pin it.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const endRecord = () => {
    record.push(cell);
    records.push(record);
    record = [];
    cell = "";
  };
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (quoted && char === '"' && text[at + 1] === '"') {
      cell += '"';
      at += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== "," && char !== "\n" && !(char === "\r" && text[at + 1] === "\n"))) {
      cell += char;
    } else if (char === ",") {
      record.push(cell);
      cell = "";
    } else if (char === "\n") {
      endRecord();
    }
  }
  if (cell !== "" || record.length > 0) endRecord();
  return records;
}

const csvCell = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const csvText = (records: string[][]) => records.map((record) => record.map(csvCell).join(",")).join("\r\n") + "\r\n";
/** Dollars as the file writes them, from cents. */
const dollars = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** A zip of the given files (name -> bytes), as a phone or a desktop makes one. */
function zipOf(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(files)) zip.addBuffer(bytes, name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

/**
 * Each file chooser the page opens, in turn. Listened for from the start: Playwright catches a chooser only once
 * it has told the browser to (see the first journey), and this one opens two.
 */
function fileChoosers(page: Page): () => Promise<FileChooser> {
  const opened: FileChooser[] = [];
  const waiting: Array<(chooser: FileChooser) => void> = [];
  page.on("filechooser", (chooser) => {
    const taker = waiting.shift();
    if (taker) taker(chooser);
    else opened.push(chooser);
  });
  return () => {
    const ready = opened.shift();
    return ready ? Promise.resolve(ready) : new Promise<FileChooser>((resolve) => waiting.push(resolve));
  };
}

describe("importing the catalogue from a CSV file", () => {
  it("the owner edits the exported file, checks it, applies it and finds the changes in the shop", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    await journey(browser(), "catalogue import", async ({ page }) => {
      // Listened for from the start: Playwright catches the chooser only once it has told the browser to (a
      // waitForEvent started with the key press itself loses that race now and then, and the chooser opens unseen).
      const fileChooser = new Promise<FileChooser>((resolve) => page.once("filechooser", resolve));
      await signIn(page, shop().url, demo.admin);
      await page.goto(`${shop().url}/admin/manage-product`);
      await page.getByRole("heading", { name: "Manage products", exact: true }).waitFor();
      await page.getByRole("link", { name: "Import CSV", exact: true }).click();
      await page.getByRole("heading", { name: "Import products", exact: true }).waitFor();

      // The catalogue as Export CSV saves it, from the import screen's own button.
      const rules = page.getByRole("region", { name: "The file" });
      const [download] = await Promise.all([page.waitForEvent("download"), rules.getByRole("button", { name: "Export CSV" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^verdant-catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
      const [header, ...rows] = parseCsv(fs.readFileSync(await download.path(), "utf8"));
      const column = (name: string) => {
        const index = header.indexOf(name);
        if (index < 0) throw new Error(`The export has no column ${name}: ${header.join(",")}`);
        return index;
      };
      const [sku, slug, price, discount, stock, enabled, imageOne] = ["sku", "product_slug", "price", "discount_price", "stock", "enabled", "image_one"].map(column);
      const products = new Set(rows.map((row) => row[slug]));
      // A product sold in one variant, on sale at its own price (no discount to hide the new one), in stock.
      const edited = rows.find((row) => rows.filter((other) => other[slug] === row[slug]).length === 1 && row[discount] === "" && row[enabled] === "true" && Number(row[stock]) > 0);
      if (!edited) throw new Error("No demo product in one variant, without a discount and in stock");
      const newCents = Math.round(Number(edited[price]) * 100) + 111;
      edited[price] = dollars(newCents);
      const picture = rows.find((row) => row !== edited && row[imageOne].startsWith("/uploads/"))?.[imageOne];
      if (!picture) throw new Error("No demo product with a stored picture");

      const rowOf = (cells: Record<string, string>) => header.map((name) => cells[name] ?? "");
      const base = { category: edited[column("category")], tax_class: "", discount_price: "", enabled: "true", image_one: picture };
      const newProduct = { name: `Imported Tree Fern ${tag}`, slug: `imported-tree-fern-${tag}` };
      const added = rowOf({ ...base, sku: `IMPORT-${tag}-1`.toUpperCase(), product_slug: newProduct.slug, product_name: newProduct.name, description: "Raised from a file.", price: "31.50", stock: "6" });
      const refused = rowOf({ ...base, sku: `BAD-${tag}-1`.toUpperCase(), product_slug: `bad-price-${tag}`, product_name: `Bad Price Palm ${tag}`, description: "Its price is not a number.", price: "abc", stock: "1" });
      const text = csvText([header, ...rows, added, refused]);
      // The refused row's line as a spreadsheet shows it: the file's lines before it, plus one (no cell of the
      // two added rows has a line break).
      const refusedLine = text.split("\n").length - 1;
      expect(refused[sku]).toBe(`BAD-${tag}-1`.toUpperCase());

      // Send it for the dry run, from the keyboard: the file field opens the chooser, Check file sends it.
      const form = page.getByRole("form", { name: "Check a CSV file" });
      await form.getByRole("button", { name: "CSV file" }).focus();
      await page.keyboard.press("Enter");
      const chooser = await fileChooser;
      await chooser.setFiles({ name: "catalogue-edited.csv", mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });
      await tabTo(page, "Check file");
      await page.keyboard.press("Enter");

      const panel = page.getByRole("region", { name: "catalogue-edited.csv" });
      const unchanged = products.size - 1;
      await panel.getByText(`Will create 1 product, update 1, leave ${unchanged} unchanged; 1 refused.`, { exact: true }).waitFor({ timeout: 30_000 });
      const checkBar = panel.getByRole("progressbar", { name: "Checking the file" });
      expect(await checkBar.getAttribute("aria-valuenow")).toBe("100");
      await expectText(panel.getByText(/^Checked: /), `Checked: ${rows.length + 2} of ${rows.length + 2} rows`);
      const table = panel.getByRole("table", { name: "Refused rows: 1" });
      const cells = await table.getByRole("row").nth(1).getByRole("cell").allTextContents();
      expect(cells).toEqual([String(refusedLine), refused[sku], `line ${refusedLine}: price 'abc' is not a number`]);
      await expectAccessible(page, "Import products with the dry run's result");

      // Apply it: the import's heading kept the place, and the next stop is Apply import. The application's bar
      // reaches its end, and the screen says what was done.
      expect(await focused(page)).toEqual({ tag: "h2", name: "catalogue-edited.csv" });
      await tabTo(page, "Apply import");
      await page.keyboard.press("Enter");
      await panel.getByText(`Created 1 product, updated 1, left ${unchanged} unchanged; 1 refused.`, { exact: true }).waitFor({ timeout: 30_000 });
      await panel.getByText("Done.", { exact: true }).waitFor();
      const applyBar = panel.getByRole("progressbar", { name: "Applying the import" });
      expect(await applyBar.getAttribute("aria-valuenow")).toBe("100");
      expect(await applyBar.getAttribute("aria-valuetext")).toBe(`${rows.length + 2} of ${rows.length + 2} rows`);
      await expectAccessible(page, "Import products when the import is done");

      // The storefront shows the new price, and the new product with the picture it was given.
      await page.goto(`${shop().url}/products/${edited[slug]}`);
      await expectText(page.getByTestId("variant-offer").getByTestId("current-price"), `$${dollars(newCents)}`);
      await page.goto(`${shop().url}/products/${newProduct.slug}`);
      await page.getByRole("heading", { level: 1, name: newProduct.name }).waitFor();
      await expectText(page.getByTestId("variant-offer").getByTestId("current-price"), "$31.50");
    });
  });

  it("the owner sends a zip of pictures with the file, whose new product names its picture by file name, and finds it on the product page", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const { categories } = await graphql<{ categories: { nodes: Array<{ name: string }> } }>(shop().url, "{ categories(first: 1) { nodes { name } } }");
    const category = categories.nodes[0]?.name;
    if (!category) throw new Error("No demo category");
    const pictureName = `fern-${tag}.png`;
    const zip = await zipOf({ [`photos/${pictureName}`]: greenSquarePng(64), "photos/broken.jpg": Buffer.from("not a picture at all", "utf8") });
    const product = { name: `Zipped Fern ${tag}`, slug: `zipped-fern-${tag}` };
    // The row names the picture by its file name alone, in another case than the zip's (any case is the same).
    const text = csvText([
      ["sku", "product_slug", "product_name", "description", "category", "price", "stock", "image_one"],
      [`ZIP-${tag}-1`.toUpperCase(), product.slug, product.name, "Raised from a file, pictured from a zip.", category, "18.00", "4", pictureName.toUpperCase()],
    ]);

    await journey(browser(), "catalogue import with pictures", async ({ page }) => {
      const nextChooser = fileChoosers(page);
      await signIn(page, shop().url, demo.admin);
      await page.goto(`${shop().url}/admin/catalogue-import`);
      await page.getByRole("heading", { name: "Import products", exact: true }).waitFor();

      // Both files from the keyboard: the CSV field, then Tab to the zip field beside it; Check file sends them.
      const form = page.getByRole("form", { name: "Check a CSV file" });
      await form.getByRole("button", { name: "CSV file" }).focus();
      await page.keyboard.press("Enter");
      await (await nextChooser()).setFiles({ name: "new-ferns.csv", mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });
      await tabTo(page, "Pictures (zip, optional)");
      await page.keyboard.press("Enter");
      await (await nextChooser()).setFiles({ name: `ferns-${tag}.zip`, mimeType: "application/zip", buffer: zip });
      await tabTo(page, "Check file");
      await page.keyboard.press("Enter");

      // The zip first: its storing reaches its end, one picture stored and the other refused with its reason.
      const pictures = page.getByRole("region", { name: `ferns-${tag}.zip` });
      await pictures.getByText("1 of 2 pictures stored; 1 refused.", { exact: true }).waitFor({ timeout: 30_000 });
      const storingBar = pictures.getByRole("progressbar", { name: "Storing pictures" });
      expect(await storingBar.getAttribute("aria-valuenow")).toBe("100");
      expect(await storingBar.getAttribute("aria-valuetext")).toBe("2 of 2 pictures");
      const refusedPictures = pictures.getByRole("table", { name: "Refused pictures: 1" });
      expect(await refusedPictures.getByRole("columnheader").allTextContents()).toEqual(["Picture", "Reason"]);
      expect(await refusedPictures.getByRole("row").nth(1).getByRole("cell").allTextContents()).toEqual(["photos/broken.jpg", "The image must be a JPEG, PNG, WebP or GIF file."]);

      // Then the file, sent with the zip's pictures: its new product's picture is one of them, so nothing is refused.
      const panel = page.getByRole("region", { name: "new-ferns.csv" });
      await panel.getByText("Will create 1 product, update 0, leave 0 unchanged; 0 refused.", { exact: true }).waitFor({ timeout: 30_000 });
      await expectAccessible(page, "Import products with the pictures stored and the dry run's result");

      expect(await focused(page)).toEqual({ tag: "h2", name: "new-ferns.csv" });
      await tabTo(page, "Apply import");
      await page.keyboard.press("Enter");
      await panel.getByText("Created 1 product, updated 0, left 0 unchanged; 0 refused.", { exact: true }).waitFor({ timeout: 30_000 });

      // The product page shows the picture stored from the zip, as every stored picture: under /uploads/.
      await page.goto(`${shop().url}/products/${product.slug}`);
      await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
      const picture = page.getByRole("img", { name: product.name, exact: true });
      await expect.poll(() => picture.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
      expect(await picture.getAttribute("src")).toMatch(/^\/uploads\//);
      expect(await picture.evaluate((element: HTMLImageElement) => new URL(element.currentSrc).pathname)).toMatch(/^\/uploads\//);
    });
  });
});
