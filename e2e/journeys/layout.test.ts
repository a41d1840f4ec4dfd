import { describe, expect, it } from "vitest";
import { journey } from "../browser.js";
import { useShop } from "./support.js";

const { shop, browser } = useShop();
const phone = { width: 390, height: 844 };

describe("layout and fallback", () => {
  it("an unknown route shows the fallback screen", async () => {
    await journey(browser(), "unknown route", async ({ page }) => {
      await page.goto(`${shop().url}/no/such/page`);
      await page.getByRole("heading", { name: "Unexpected Application Error!" }).waitFor();
      await page.getByText("404 Not Found").waitFor();
      // The page frame stays, so the shopper can go on.
      await page.getByRole("link", { name: "Back to the shop" }).click();
      await page.getByRole("heading", { name: "New arrivals" }).waitFor();
    });
  });

  it("the home page on a phone shows new arrivals, the discounted section and the trust banner", async () => {
    await journey(
      browser(),
      "home on a phone",
      async ({ page }) => {
        await page.goto(shop().url);
        await page.getByText("Save more when you by this products").waitFor();
        for (const item of ["Payment Secured", "Nationwide Shipping", "24/7 Support", "No Refund Policy"]) {
          await page.getByText(item).first().waitFor();
        }
        const links = await page.locator('a[href^="/products/"]').count();
        expect(links).toBeGreaterThanOrEqual(6);
      },
      { viewport: phone },
    );
  });
});
