import { describe, expect, it } from "vitest";
import { journey } from "../browser.js";
import { demo, phone, signIn, useShop } from "./support.js";

const { shop, browser } = useShop();

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

  it("the admin menu on a phone is a drawer with the six admin links, Promotions, Taxes, Import products, Integrations and (the owner's) Activity", async () => {
    await journey(
      browser(),
      "admin drawer on a phone",
      async ({ page }) => {
        await signIn(page, shop().url, demo.admin);
        await page.goto(`${shop().url}/admin/dashboard`);
        await page.getByText(/^Welcome back .+, here is what is been happening in your store\.$/).waitFor();
        // The left gutter's menu is hidden at this width: no admin link is visible before the drawer opens.
        expect(await page.getByRole("navigation", { name: "Admin" }).count()).toBe(0);

        await page.getByRole("button", { name: "Open the admin menu" }).click();
        const drawer = page.getByRole("dialog", { name: "Admin" });
        await drawer.waitFor();
        const menu = drawer.getByRole("navigation", { name: "Admin" });
        const links = menu.getByRole("link");
        await expect.poll(() => links.allTextContents()).toEqual(["Dashboard", "Products", "Categories", "Orders", "Regions", "Users", "Promotions", "Taxes", "Import products", "Integrations", "Activity"]);
        const targets = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
        expect(targets).toEqual([
          "/admin/dashboard",
          "/admin/manage-product",
          "/admin/manage-category",
          "/admin/manage-order",
          "/admin/manage-region",
          "/admin/manage-users",
          "/admin/promotions",
          "/admin/taxes",
          "/admin/catalogue-import",
          "/admin/integrations",
          "/admin/activity",
        ]);
        expect(await menu.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");

        await menu.getByRole("link", { name: "Orders" }).click();
        await drawer.waitFor({ state: "hidden" });
        await page.getByRole("heading", { name: "Manage orders", exact: true }).waitFor();
        await page.getByRole("button", { name: "Open the admin menu" }).click();
        expect(await page.getByRole("dialog", { name: "Admin" }).getByRole("link", { name: "Orders" }).getAttribute("aria-current")).toBe("page");
      },
      { viewport: phone },
    );
  });
});
