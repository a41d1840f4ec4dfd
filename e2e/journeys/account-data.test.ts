// Journey: a shopper's own data. The demo shopper exports theirs from the account screen ('Your data'): the
// browser saves verdant-my-data.json, the shop's JSON document of their account. A freshly signed-up shopper
// deletes their account: the dialog asks for the password (a wrong one is said at the field), then they are
// signed out, taken home and told; their e-mail and password no longer sign in. The owner (the demo admin) finds
// the deletion in the back office's Activity trail (kind account.deleted). axe finds nothing on the account
// screen, the open dialog, and the Activity screen.
import crypto from "node:crypto";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../axe.js";
import { journey } from "../browser.js";
import { demo, graphql, signIn, toast, useShop } from "./support.js";

const { shop, browser } = useShop();

describe("a shopper's own data", () => {
  it("the demo shopper exports their data as one JSON file", async () => {
    await journey(browser(), "export my data", async ({ page }) => {
      await signIn(page, shop().url, demo.shopper);
      await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Account" }).click();
      await page.getByRole("heading", { name: "My account", exact: true }).waitFor();
      const yourData = page.getByRole("region", { name: "Your data" });
      await yourData.waitFor();
      await expectAccessible(page, "the account screen");

      const [download] = await Promise.all([page.waitForEvent("download"), yourData.getByRole("button", { name: "Export my data" }).click()]);
      expect(download.suggestedFilename()).toBe("verdant-my-data.json");
      const data = JSON.parse(fs.readFileSync(await download.path(), "utf8")) as { account: { email: string } };
      expect(data.account.email).toBe(demo.shopper.email);
      expect(JSON.stringify(data)).not.toMatch(/passwordHash|\$argon2/);
      await toast(page, "Your data has been downloaded.");
    });
  });

  it("a new shopper deletes their account and can no longer sign in; the owner sees it in the Activity trail", async () => {
    const person = { name: "Rowan Leaf", email: `rowan.${crypto.randomBytes(3).toString("hex")}@example.com`, password: "falling-leaves-27" };
    await graphql(shop().url, "mutation($input: RegisterInput!) { register(input: $input) { message } }", {
      input: { name: person.name, email: person.email, password: person.password, passwordConfirmation: person.password },
    });

    await journey(browser(), "delete my account", async ({ page }) => {
      const navigation = page.getByRole("navigation", { name: "Shop" });
      await signIn(page, shop().url, person);
      await navigation.getByRole("link", { name: "Account" }).click();
      await page.getByRole("heading", { name: "My account", exact: true }).waitFor();
      const opener = page.getByRole("region", { name: "Your data" }).getByRole("button", { name: "Delete my account" });
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "Delete your account?" });
      await dialog.waitFor();
      await dialog.getByText(/cannot be undone/).waitFor();
      await expectAccessible(page, "the open 'Delete your account?' dialog");

      // A wrong password is said at the field; the account stays.
      const password = dialog.getByLabel(/^Password/);
      await password.fill("not-my-password");
      await dialog.getByRole("button", { name: "Delete my account" }).click();
      await dialog.getByText("The password is incorrect.").waitFor();
      expect(await password.getAttribute("aria-invalid")).toBe("true");
      await expectAccessible(page, "the dialog with the password refused");

      // Keep my account: the dialog closes and focus is back on the button that opened it.
      await dialog.getByRole("button", { name: "Keep my account" }).click();
      await dialog.waitFor({ state: "hidden" });
      await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);

      await opener.click();
      await dialog.getByLabel(/^Password/).fill(person.password);
      await dialog.getByRole("button", { name: "Delete my account" }).click();
      await toast(page, "Your account has been deleted.");
      await page.waitForURL(`${shop().url}/`);
      await navigation.getByRole("link", { name: "Sign in" }).waitFor();

      // The e-mail and password no longer sign in.
      await page.goto(`${shop().url}/login`);
      const form = page.getByRole("form", { name: "Welcome back" });
      await form.getByLabel("Email", { exact: true }).fill(person.email);
      await form.getByLabel("Password", { exact: true }).fill(person.password);
      await form.getByRole("button", { name: "Sign in", exact: true }).click();
      await toast(page, "Invalid email or password.");
      expect(new URL(page.url()).pathname).toBe("/login");
    });

    // The owner's Activity trail: the deletion, by a customer named only by number.
    await journey(browser(), "the deletion in the activity trail", async ({ page }) => {
      await signIn(page, shop().url, demo.admin);
      await page.goto(`${shop().url}/admin/dashboard`);
      const menu = page.getByRole("complementary").getByRole("navigation", { name: "Admin" });
      await menu.getByRole("link", { name: "Activity" }).click();
      await page.getByRole("heading", { name: "Activity", exact: true }).waitFor();
      await page.getByLabel("Kind", { exact: true }).selectOption("account.deleted");
      await page.waitForURL((url) => url.searchParams.get("kind") === "account.deleted");
      const table = page.getByRole("table", { name: "Activity" });
      const empty = page.getByText("No activity matches these filters.");
      // The list answered for the kind: no earlier answer kept on screen (dimmed and busy) while it loads.
      await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
      await table.or(empty).first().waitFor();
      if (await empty.isVisible()) throw new Error("The Activity trail has no account.deleted entry: the server did not record the deletion.");
      const row = table.getByRole("row").filter({ hasText: "account.deleted" }).first();
      await row.waitFor();
      expect(await row.textContent()).toMatch(/Customer #\d+Customer/);
      expect(await row.textContent()).not.toContain(person.email);
      await expectAccessible(page, "the Activity screen");
    });
  });
});
