// Journey: the owner runs an autumn promotion and sets a VAT rate. On the empty Promotions list 'New
// promotion' opens the editor; the admin names it, makes it 15% off with the code AUTUMN15, sees the live
// preview price a sample cart, saves, and finds it Active in the list; pauses it (the badge says Paused);
// opens it again, generates 20 single-use codes and downloads them as CSV (code,single_use,uses). Then on
// Taxes sets a 20% VAT rate for the first region's standard class, saves the row and finds it after a reload.
// axe finds nothing on the list, the editor with its preview, and the taxes screen.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../axe.js";
import { journey } from "../browser.js";
import { demo, expectText, signIn, toast, useShop } from "./support.js";

const { shop, browser } = useShop();

describe("promotions and taxes in the back office", () => {
  it("an admin creates a 15% code promotion, pauses it, generates and downloads its codes, and sets a 20% VAT rate for a region", async () => {
    await journey(browser(), "admin promotions and taxes", async ({ page }) => {
      await signIn(page, shop().url, demo.admin);
      await page.goto(`${shop().url}/admin/dashboard`);
      const menu = page.getByRole("complementary").getByRole("navigation", { name: "Admin" });
      await menu.getByRole("link", { name: "Promotions" }).click();
      await page.getByRole("heading", { name: "Promotions", exact: true }).waitFor();
      await page.getByText("No promotions yet.").waitFor();
      await expectAccessible(page, "the empty promotions list");

      // The editor: 15% off with a code, and the preview pricing a sample cart with it.
      await page.getByRole("link", { name: "New promotion" }).click();
      await page.getByRole("heading", { name: "New promotion", exact: true }).waitFor();
      const form = page.getByRole("form", { name: "New promotion" });
      await form.getByLabel(/^Name/).fill("Autumn sale");
      expect(await form.getByRole("radio", { name: "Percent off" }).isChecked()).toBe(true);
      await form.getByLabel(/^Percentage/).fill("15");
      await form.getByLabel("Code", { exact: true }).fill("autumn15");
      expect(await form.getByLabel("Code", { exact: true }).inputValue()).toBe("AUTUMN15");
      const preview = page.getByRole("region", { name: "Preview" });
      await preview.getByText(/^The shopper saves \$\d+\.\d\d on this cart\.$/).waitFor();
      // The preview settled: no newer answer on its way (its table is dimmed while one is).
      await preview.locator('[aria-busy="false"]').first().waitFor();
      await expectAccessible(page, "the promotion editor with its preview");
      await form.getByRole("button", { name: "Save" }).click();
      await toast(page, "Promotion Autumn sale created.");

      // The list: Active, with its code; then paused.
      await page.getByRole("heading", { name: "Promotions", exact: true }).waitFor();
      const row = page.getByRole("row", { name: "Autumn sale" });
      await expectText(row.getByRole("cell").nth(1), "15% off");
      await expectText(row.getByRole("cell").nth(2), "AUTUMN15");
      await expectText(row.getByRole("cell").nth(3), "Active");
      await expectAccessible(page, "the promotions list");
      await row.getByRole("button", { name: "Pause Autumn sale" }).click();
      await toast(page, "Autumn sale paused.");
      await expectText(row.getByRole("cell").nth(3), "Paused");
      await row.getByRole("button", { name: "Resume Autumn sale" }).waitFor();

      // Its codes: a batch of 20, then the CSV.
      await row.getByRole("link", { name: "Edit Autumn sale" }).click();
      await page.getByRole("heading", { name: "Edit promotion", exact: true }).waitFor();
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      const codes = page.getByRole("region", { name: "Codes" });
      await codes.getByLabel(/^Number of codes/).fill("20");
      await codes.getByRole("button", { name: "Generate codes" }).click();
      await toast(page, "20 codes added");
      await expectText(codes.getByTestId("codes-summary"), "Shoppers can enter the code AUTUMN15, or one of its 20 single-use codes.");
      const [download] = await Promise.all([page.waitForEvent("download"), codes.getByRole("button", { name: "Download codes (CSV)" }).click()]);
      expect(download.suggestedFilename()).toBe(`promotion-${id}-codes.csv`);
      const csv = fs.readFileSync(await download.path(), "utf8").split(/\r?\n/).filter(Boolean);
      expect(csv[0]).toBe("code,single_use,uses");
      expect(csv).toHaveLength(1 + 21);
      expect(csv[1]).toBe("AUTUMN15,false,0");
      expect(csv.slice(2).every((line) => /^[A-Z0-9]{8},true,0$/.test(line))).toBe(true);
      await expectAccessible(page, "the promotion editor of a saved code promotion");

      // Taxes: 20% VAT on the first region's standard class.
      await menu.getByRole("link", { name: "Taxes" }).click();
      await page.getByRole("heading", { name: "Taxes", exact: true }).waitFor();
      const grid = page.getByRole("table", { name: "Tax rates by region" });
      const region = ((await grid.getByRole("rowheader").first().textContent()) ?? "").trim();
      const standard = ((await grid.getByRole("columnheader").nth(1).textContent()) ?? "").trim();
      await grid.getByLabel(`${standard} rate in ${region}, percent`, { exact: true }).fill("20");
      await grid.getByLabel(`${standard} rate in ${region}, name on invoices`, { exact: true }).fill("VAT 20%");
      await grid.getByRole("button", { name: `Save the rates for ${region}` }).click();
      await toast(page, `Tax rates for ${region} saved.`);
      await expectAccessible(page, "the taxes screen");

      await page.reload();
      const reloaded = page.getByRole("table", { name: "Tax rates by region" });
      await reloaded.waitFor();
      expect(await reloaded.getByLabel(`${standard} rate in ${region}, percent`, { exact: true }).inputValue()).toBe("20%");
      expect(await reloaded.getByLabel(`${standard} rate in ${region}, name on invoices`, { exact: true }).inputValue()).toBe("VAT 20%");
    });
  });
});
