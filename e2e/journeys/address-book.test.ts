// Journey: the customer's address book (/user/addresses, 'My addresses' on the account screen). A freshly
// registered shopper adds a first address (it becomes the default, and so the account's contact details), adds
// a second one, and makes the second the default. The contact details screen edits the default address. At
// checkout a shopper with two addresses chooses under 'Deliver to' (the default listed first and chosen);
// choosing the other one picks its delivery region, and the placed order carries that address, not the
// default. Removing an address takes it out of the book while the order keeps its delivery details. axe finds
// nothing on the book with two addresses, the add form empty and refused (its field errors shown), the edit
// form, the remove dialog and the checkout with the choice.
import crypto from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../axe.js";
import { journey } from "../browser.js";
import { expectText, focused, graphql, signIn, toast, useShop } from "./support.js";

const { shop, browser } = useShop();

interface CatalogProduct {
  slug: string;
  name: string;
  quantity: number;
  variantCount: number;
}

/** A product sold in one variant, in stock: 'Add to cart' on its page puts it in the cart. */
async function productInStock(): Promise<CatalogProduct> {
  const { products } = await graphql<{ products: { nodes: CatalogProduct[] } }>(
    shop().url,
    "{ products(inStock: true, first: 100) { nodes { slug name quantity variantCount } } }",
  );
  const product = products.nodes.find((entry) => entry.variantCount === 1 && entry.quantity >= 2);
  if (!product) throw new Error("The demo catalogue has no product sold in one variant with 2 units in stock.");
  return product;
}

interface BookEntry {
  label: string;
  name: string;
  phone: string;
  address: string;
  /** The region's option in the form's 'Delivery region' (0 is 'No region'). */
  regionIndex: number;
}

/** The cards of the address book, in the order shown. */
const cards = (page: Page) => page.getByRole("list", { name: "Your addresses" }).getByRole("listitem");
const card = (page: Page, label: string) => cards(page).filter({ has: page.getByRole("heading", { name: label, exact: true }) });
const headings = async (page: Page) => (await cards(page).getByRole("heading").allTextContents()).map((text) => text.trim());
// 'Make default', named with its address's label (inside the card, so whichever way the name puts it).
const makeDefault = /^Make\b.*\bdefault\b/;
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Fills the open address form with the entry; returns the label of the region chosen ('Name ($fee)'). */
async function fillAddressForm(form: Locator, entry: BookEntry): Promise<string> {
  await form.getByLabel(/^Label/).fill(entry.label);
  await form.getByLabel(/^Recipient name/).fill(entry.name);
  await form.getByLabel(/^Phone number/).fill(entry.phone);
  await form.getByLabel(/^Address/).fill(entry.address);
  const region = form.getByLabel("Delivery region", { exact: true });
  // The regions come with their own query: the option is there once they have.
  await region.locator("option").nth(entry.regionIndex).waitFor({ state: "attached" });
  await region.selectOption({ index: entry.regionIndex });
  return ((await region.locator("option:checked").textContent()) ?? "").trim();
}

describe("the address book", () => {
  it("adds two addresses, makes the second the default, edits the default as the contact details, delivers an order to the other one, and removes it", async () => {
    const person = { name: "Ivy Bramble", email: `ivy.${crypto.randomBytes(3).toString("hex")}@example.com`, password: "climbing-ivy-58" };
    await graphql(shop().url, "mutation($input: RegisterInput!) { register(input: $input) { message } }", {
      input: { name: person.name, email: person.email, password: person.password, passwordConfirmation: person.password },
    });
    const { regions } = await graphql<{ regions: { nodes: Array<{ id: number; name: string }> } }>(shop().url, "{ regions(first: 100) { nodes { id name } } }");
    if (regions.nodes.length < 2) throw new Error("The demo data has fewer than two delivery regions: the journey needs two.");
    const product = await productInStock();

    const home: BookEntry = { label: "Home", name: person.name, phone: "+1 503 555 0101", address: "12 Fern Street, Portland, OR 97201", regionIndex: 1 };
    const studio: BookEntry = { label: "Studio", name: "Rose Bramble", phone: "+1 541 555 0199", address: "3 Willow Lane, Eugene, OR 97401", regionIndex: 2 };
    // The contact details screen changes the default's address (the studio's, by then).
    const studioMoved = "5 Willow Lane, Eugene, OR 97401";
    let homeRegion = "";
    let orderNumber = "";

    await journey(browser(), "address book", async ({ page }) => {
      const navigation = page.getByRole("navigation", { name: "Shop" });
      const accountLinks = page.getByRole("navigation", { name: "Account" });
      await signIn(page, shop().url, person);
      await navigation.getByRole("link", { name: "Account" }).click();
      await page.getByRole("heading", { name: "My account", exact: true }).waitFor();
      await page.getByText("No address", { exact: true }).waitFor();

      // An empty book.
      await accountLinks.getByRole("link", { name: "My addresses" }).click();
      await page.waitForURL(`${shop().url}/user/addresses`);
      await page.getByRole("heading", { name: "My addresses", exact: true }).waitFor();
      await page.getByText("No addresses yet").waitFor();
      const addButton = page.getByRole("button", { name: "Add address", exact: true });

      // The add form, empty, then refused: each field says what it needs, the first takes focus.
      await addButton.click();
      const addDialog = page.getByRole("dialog", { name: "Add address" });
      const addForm = addDialog.getByRole("form", { name: "Add address" });
      await addForm.waitFor();
      await expect.poll(() => isFocused(addForm.getByLabel(/^Label/))).toBe(true);
      await expectAccessible(page, "the empty 'Add address' form");
      await addForm.getByRole("button", { name: "Save address" }).click();
      for (const message of ["The label field is required.", "The name field is required.", "The phone number field is required.", "The address field is required."]) {
        await addForm.getByText(message, { exact: true }).waitFor();
      }
      await toast(page, "The label field is required.");
      for (const field of [/^Label/, /^Recipient name/, /^Phone number/, /^Address/]) {
        expect(await addForm.getByLabel(field).getAttribute("aria-invalid")).toBe("true");
      }
      await expect.poll(() => isFocused(addForm.getByLabel(/^Label/))).toBe(true);
      await expectAccessible(page, "the 'Add address' form with its field errors");
      expect(await cards(page).count()).toBe(0);

      // The first address: the default, although 'Make this my default' was left unticked.
      homeRegion = await fillAddressForm(addForm, home);
      expect(await addForm.getByLabel(/^Make this my default/).isChecked()).toBe(false);
      await addForm.getByRole("button", { name: "Save address" }).click();
      await toast(page, "Address added.");
      await addDialog.waitFor({ state: "hidden" });
      const homeCard = card(page, home.label);
      await homeCard.getByText("Default", { exact: true }).waitFor();
      for (const text of [home.name, home.phone, home.address]) await homeCard.getByText(text, { exact: true }).waitFor();
      await homeCard.getByText(`Delivery region: ${homeRegion.replace(/ \(.*\)$/, "")}`).waitFor();
      expect(await homeCard.getByRole("button", { name: makeDefault }).count()).toBe(0);
      // Focus is back on the button that opened the form.
      await expect.poll(() => isFocused(addButton)).toBe(true);

      // The second: not the default, listed after it.
      await addButton.click();
      await addForm.waitFor();
      const studioRegion = await fillAddressForm(addForm, studio);
      expect(studioRegion).not.toBe(homeRegion);
      await addForm.getByRole("button", { name: "Save address" }).click();
      await toast(page, "Address added.");
      await addDialog.waitFor({ state: "hidden" });
      const studioCard = card(page, studio.label);
      await studioCard.getByText(studio.address, { exact: true }).waitFor();
      expect(await headings(page)).toEqual([home.label, studio.label]);
      expect(await studioCard.getByText("Default", { exact: true }).count()).toBe(0);

      // The second becomes the default: its badge, listed first; the first can be made default again.
      await studioCard.getByRole("button", { name: makeDefault }).click();
      await toast(page, "Default address changed.");
      await studioCard.getByText("Default", { exact: true }).waitFor();
      await expect.poll(() => headings(page)).toEqual([studio.label, home.label]);
      expect(await homeCard.getByText("Default", { exact: true }).count()).toBe(0);
      await homeCard.getByRole("button", { name: makeDefault }).waitFor();
      expect(await studioCard.getByRole("button", { name: makeDefault }).count()).toBe(0);
      await expectAccessible(page, "the address book with two addresses");

      // The edit form of the default: its fields filled in, no 'Make this my default' (it is already).
      const editStudio = studioCard.getByRole("button", { name: `Edit ${studio.label}` });
      await editStudio.click();
      const editForm = page.getByRole("dialog", { name: `Edit ${studio.label}` }).getByRole("form", { name: `Edit ${studio.label}` });
      await editForm.waitFor();
      expect(await editForm.getByLabel(/^Recipient name/).inputValue()).toBe(studio.name);
      expect(await editForm.getByLabel(/^Address/).inputValue()).toBe(studio.address);
      expect(await editForm.getByLabel("Delivery region", { exact: true }).locator("option:checked").textContent()).toBe(studioRegion);
      expect(await editForm.getByLabel(/^Make this my default/).count()).toBe(0);
      await expectAccessible(page, "the 'Edit' form of the default address");
      await editForm.getByRole("button", { name: "Cancel" }).click();
      await editForm.waitFor({ state: "hidden" });
      await expect.poll(() => isFocused(editStudio)).toBe(true);

      // The account's contact details are the default's: the account screen and the contact details screen show
      // the studio's; an update there changes the studio's card, not the home one.
      await page.getByRole("link", { name: "Back to my account" }).click();
      await page.getByRole("heading", { name: "My account", exact: true }).waitFor();
      await page.getByText(studio.address, { exact: true }).waitFor();
      await page.getByText(studio.phone, { exact: true }).waitFor();
      await accountLinks.getByRole("link", { name: "Update contact details" }).click();
      const contact = page.getByRole("form", { name: "Update contact details" });
      await contact.waitFor();
      expect(await contact.getByLabel("Phone number").inputValue()).toBe(studio.phone);
      expect(await contact.getByLabel("Address").inputValue()).toBe(studio.address);
      await contact.getByLabel("Address").fill(studioMoved);
      await contact.getByRole("button", { name: "Update" }).click();
      await toast(page, "Your contact details have been updated.");
      await page.getByRole("heading", { name: "My account", exact: true }).waitFor();
      await page.getByText(studioMoved, { exact: true }).waitFor();
      await accountLinks.getByRole("link", { name: "My addresses" }).click();
      await studioCard.getByText(studioMoved, { exact: true }).waitFor();
      expect(await studioCard.getByText(studio.address, { exact: true }).count()).toBe(0);
      await homeCard.getByText(home.address, { exact: true }).waitFor();
      expect(await cards(page).count()).toBe(2);
      expect(await headings(page)).toEqual([studio.label, home.label]);

      // Checkout: 'Deliver to' lists the default first, chosen; choosing the home address picks its region.
      await page.goto(`${shop().url}/products/${product.slug}`);
      await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
      await page.getByRole("button", { name: "Add to cart" }).click();
      await expectText(page.getByTestId("quantity-in-cart"), "1");
      await navigation.getByRole("link", { name: "Cart, 1 items" }).click();
      await page.getByRole("heading", { name: "Cart", exact: true }).waitFor();
      await page.getByRole("button", { name: "Proceed to checkout" }).click();
      await page.getByRole("heading", { name: "Checkout", exact: true }).waitFor();
      await page.getByRole("region", { name: "Customer" }).getByText(studioMoved, { exact: true }).waitFor();
      const deliverTo = page.getByLabel("Deliver to", { exact: true });
      await deliverTo.waitFor();
      expect((await deliverTo.locator("option").allTextContents()).map((text) => text.trim())).toEqual([
        `${studio.label}: ${studio.name}, ${studioMoved} (default)`,
        `${home.label}: ${home.name}, ${home.address}`,
      ]);
      expect(await deliverTo.locator("option:checked").textContent()).toBe(`${studio.label}: ${studio.name}, ${studioMoved} (default)`);
      const delivery = page.getByRole("region", { name: "Delivery", exact: true });
      await delivery.getByText(`${studio.name}, ${studio.phone}`, { exact: true }).waitFor();
      const region = page.getByLabel("Delivery region", { exact: true });
      await deliverTo.selectOption({ label: `${home.label}: ${home.name}, ${home.address}` });
      await delivery.getByText(`${home.name}, ${home.phone}`, { exact: true }).waitFor();
      await expect.poll(async () => ((await region.locator("option:checked").textContent()) ?? "").trim()).toBe(homeRegion);
      const fee = /\((.+)\)$/.exec(homeRegion)?.[1];
      expect(fee).toBeTruthy();
      await expectText(page.getByTestId("delivery-fee"), fee!);
      await expectAccessible(page, "checkout with the 'Deliver to' choice");

      // The simulated card, then the order.
      await page.getByRole("button", { name: "Enter card" }).click();
      const cardDialog = page.getByRole("dialog", { name: "Card details" });
      await cardDialog.waitFor();
      await cardDialog.getByLabel("Card number").fill("4242424242424242");
      await cardDialog.getByLabel("Expiry (MMYY)").fill("1230");
      await cardDialog.getByLabel("CVC").fill("123");
      await cardDialog.getByLabel("Name on card").fill(person.name);
      await cardDialog.getByRole("button", { name: "Save Card" }).click();
      await toast(page, "Card details saved successfully!");
      await cardDialog.waitFor({ state: "hidden" });
      await page.getByRole("region", { name: "Order summary" }).getByRole("button", { name: "Proceed to checkout" }).click();
      await toast(page, "Payment successful and order has been created");
      await page.waitForURL(`${shop().url}/`);
      await navigation.getByRole("link", { name: "Cart, 0 items" }).waitFor();

      // The order's page: delivered to the home address and its region, not the default.
      await navigation.getByRole("link", { name: "Account" }).click();
      await accountLinks.getByRole("link", { name: "My orders" }).click();
      await page.getByRole("heading", { name: "My orders", exact: true }).waitFor();
      const order = page.getByRole("article", { name: /^Order / });
      await order.waitFor();
      expect(await order.count()).toBe(1);
      orderNumber = ((await order.getByRole("link").textContent()) ?? "").trim();
      await order.getByRole("link", { name: orderNumber }).click();
      await page.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor();
      await page.getByText(home.address, { exact: true }).waitFor();
      await page.getByText(home.phone, { exact: true }).waitFor();
      await page.getByText(`Region: ${homeRegion.replace(/ \(.*\)$/, "")}`, { exact: true }).waitFor();
      expect(await page.getByText(studioMoved).count()).toBe(0);
      expect(await page.getByText(studio.phone).count()).toBe(0);

      // Removing the home address (not the default): asked once more, then gone; the default stays.
      await page.goto(`${shop().url}/user/addresses`);
      await homeCard.waitFor();
      await homeCard.getByRole("button", { name: `Remove ${home.label}` }).click();
      const removeDialog = page.getByRole("dialog", { name: `Remove ${home.label}?` });
      await removeDialog.getByText("The address leaves your address book. Orders already placed keep their delivery details.").waitFor();
      await expect.poll(() => focused(page)).toEqual({ tag: "button", name: "Keep address" });
      await expectAccessible(page, "the 'Remove Home?' dialog");
      await removeDialog.getByRole("button", { name: "Remove address" }).click();
      await toast(page, "Address removed.");
      await removeDialog.waitFor({ state: "hidden" });
      await homeCard.waitFor({ state: "detached" });
      expect(await headings(page)).toEqual([studio.label]);
      await studioCard.getByText("Default", { exact: true }).waitFor();
      // Its button went with it: focus is on 'Add address'.
      await expect.poll(() => isFocused(addButton)).toBe(true);
      // Still gone when the page is asked afresh.
      await page.reload();
      await studioCard.waitFor();
      expect(await headings(page)).toEqual([studio.label]);

      // The order keeps the delivery details it was placed with.
      await page.goto(`${shop().url}/user/order/${orderNumber}`);
      await page.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor();
      await page.getByText(home.address, { exact: true }).waitFor();
    });

    // Behind the screens: the server's own record of the order and of the book.
    const { login } = await graphql<{ login: { accessToken: string } }>(
      shop().url,
      "mutation($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken } }",
      { email: person.email, password: person.password },
    );
    const { myOrders, myAddresses, me } = await graphql<{
      myOrders: { nodes: Array<{ orderNumber: string; userAddress: string; userPhone: string; region: string }> };
      myAddresses: Array<{ label: string; address: string; isDefault: boolean }>;
      me: { phone: string | null; address: string | null };
    }>(
      shop().url,
      "{ myOrders { nodes { orderNumber userAddress userPhone region } } myAddresses { label address isDefault } me { phone address } }",
      {},
      login.accessToken,
    );
    expect(myOrders.nodes).toEqual([{ orderNumber, userAddress: home.address, userPhone: home.phone, region: homeRegion.replace(/ \(.*\)$/, "") }]);
    expect(myAddresses).toEqual([{ label: studio.label, address: studioMoved, isDefault: true }]);
    expect(me).toEqual({ phone: studio.phone, address: studioMoved });
  });
});
