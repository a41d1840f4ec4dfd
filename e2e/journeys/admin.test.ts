// Journey 2: an admin creates a product with an uploaded image; a shopper finds it on the home
// page and cannot reach the admin area; the admin marks the shopper's order in-transit and the shopper
// sees the new status; the admin refunds part of it and the order says Partially refunded.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "../axe.js";
import { journey } from "../browser.js";
import { demo, expectText, graphql, greenSquarePng, signIn, toast, useShop } from "./support.js";

const { shop, browser } = useShop();

let imageDir: string;
let imagePath: string;
beforeAll(() => {
  imageDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-image-"));
  imagePath = path.join(imageDir, "moss-ball.png");
  fs.writeFileSync(imagePath, greenSquarePng());
});
afterAll(() => {
  if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
});

const newProduct = {
  name: `Marimo Moss Ball ${crypto.randomBytes(2).toString("hex")}`,
  description: "A slow-growing ball of green algae that lives happily in a jar of water.",
  price: "18.5",
  quantity: "12",
};
let orderNumber = "";

/** Places an order for the shopper behind the screens (journey 1 already places one through them). */
/** A product of the demo shop that is on sale, for an order of today. */
async function firstProductSlug(): Promise<string> {
  const { products } = await graphql<{ products: { nodes: Array<{ slug: string }> } }>(shop().url, "{ products(inStock: true, first: 1) { nodes { slug } } }");
  return products.nodes[0].slug;
}

async function placeShopperOrder(productSlug: string): Promise<string> {
  const url = shop().url;
  const { login } = await graphql<{ login: { accessToken: string } }>(
    url,
    "mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken } }",
    demo.shopper,
  );
  const { product } = await graphql<{ product: { id: number } }>(url, "query ($slug: String!) { product(slug: $slug) { id } }", { slug: productSlug });
  const { regions } = await graphql<{ regions: { nodes: Array<{ id: number }> } }>(url, "{ regions { nodes { id } } }");
  const reference = crypto.randomBytes(8).toString("hex").toUpperCase();
  const { placeOrder } = await graphql<{ placeOrder: { order: { orderNumber: string; status: string } } }>(
    url,
    "mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { order { orderNumber status } } }",
    { input: { reference, regionId: regions.nodes[0].id, lines: [{ productId: product.id, quantity: 1 }] } },
    login.accessToken,
  );
  expect(placeOrder.order.status).toBe("PENDING");
  return placeOrder.order.orderNumber;
}

describe("the admin area", () => {
  it("the dashboard's sales report: a period, its figures, the chart and categories, a custom range and Export CSV (passes axe)", async () => {
    await placeShopperOrder(await firstProductSlug());
    await journey(browser(), "admin reads the sales report", async ({ page }) => {
      await signIn(page, shop().url, demo.admin);
      await page.goto(`${shop().url}/admin/dashboard`);
      const report = page.getByRole("region", { name: "Sales report" });
      await report.getByRole("article", { name: "Average order value" }).waitFor();
      await expect(report.getByRole("article", { name: "Orders" }).textContent()).resolves.toMatch(/Orders\s*[1-9]/);
      await report.getByRole("img", { name: /^Sales by day from / }).waitFor();
      await report.getByText("Sales by category").waitFor();
      await expectAccessible(page, "the admin dashboard with its sales report");

      await report.getByRole("combobox", { name: "Period" }).selectOption({ label: "This year" });
      await report.getByRole("img", { name: new RegExp(`^Sales by day from Jan 1 to `) }).waitFor();
      await report.getByRole("combobox", { name: "Period" }).selectOption({ label: "Custom" });
      await report.getByText("Choose the first and last day of the period.").waitFor();
      const today = new Date().toISOString().slice(0, 10);
      await report.getByLabel("From").fill(today);
      await report.getByLabel("To").fill(today);
      await report.getByRole("article", { name: "Average order value" }).waitFor();
      const [download] = await Promise.all([page.waitForEvent("download"), report.getByRole("button", { name: "Export CSV" }).click()]);
      expect(download.suggestedFilename()).toBe(`sales-report-${today}-to-${today}.csv`);
      const csv = fs.readFileSync((await download.path())!, "utf8");
      expect(csv.split("\r\n")[0]).toBe("Date,Orders,Sales,Average order value,Items,New customers");
      expect(csv).toContain(`${today},`);
      await expectAccessible(page, "the admin dashboard with a custom period");
    });
  });

  it("an admin signs in and creates a product with an uploaded image", async () => {
    await journey(browser(), "admin creates a product", async ({ page }) => {
      await signIn(page, shop().url, demo.admin);
      await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Account" }).click();
      await page.getByRole("link", { name: "Admin dashboard" }).click();
      await page.getByText(/^Welcome back .+, here is what is been happening in your store\.$/).waitFor();

      const adminMenu = page.getByRole("navigation", { name: "Admin" });
      await adminMenu.getByRole("link", { name: "Products", exact: true }).click();
      await page.getByRole("heading", { name: "Manage products", exact: true }).waitFor();
      const count = page.getByText(/^Total products: \d+$/);
      await count.waitFor();
      const before = Number(/\d+/.exec((await count.textContent()) ?? "")![0]);
      await page.getByRole("link", { name: "New Product" }).click();

      const form = page.getByRole("form", { name: "new product" });
      await form.getByLabel("Title").fill(newProduct.name);
      await form.getByLabel("Description").fill(newProduct.description);
      await form.getByLabel(/^Price/).fill(newProduct.price);
      await form.getByLabel("Quantity").fill(newProduct.quantity);
      const category = form.getByLabel("Category");
      await category.selectOption({ index: 1 });
      await form.getByLabel("Upload image 1").setInputFiles(imagePath);
      await form.getByText("Image added").waitFor();
      await form.getByRole("img", { name: "Preview of image 1" }).waitFor();
      await form.getByRole("button", { name: "Create" }).click();
      await toast(page, "Product created successfully.");

      // Back on the list, which now holds the new product.
      await page.getByRole("heading", { name: "Manage products", exact: true }).waitFor();
      await expectText(count, `Total products: ${before + 1}`);
      await page.getByRole("searchbox", { name: "Search product" }).fill(newProduct.name.toLowerCase());
      const card = page.getByRole("article", { name: newProduct.name, exact: true });
      await card.waitFor();
      expect(await page.getByRole("article").count()).toBe(1);
      await card.getByRole("link", { name: "Edit Product" }).waitFor();
    });
  });

  it("a shopper finds the new product on the home page, and cannot reach the admin area", async () => {
    await journey(browser(), "shopper finds the new product", async ({ page }) => {
      await signIn(page, shop().url, demo.shopper);
      const card = page.getByRole("region", { name: "New arrivals" }).getByRole("article", { name: newProduct.name, exact: true });
      await card.waitFor();
      await card.getByText("12 item(s) left").waitFor();
      // The uploaded image is shown (not the fallback), as a modern-format rendition the browser chose from
      // the <picture>; the card's name beside it makes the picture decoration (alt="").
      const image = card.locator("picture img");
      // (naturalWidth is in CSS pixels for a srcset choice: the 48 px upload drawn 200 px wide reads ~200.)
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
      expect(await image.getAttribute("alt")).toBe("");
      expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\/uploads\/[a-f0-9]{32}\.(avif|webp)$/);
      await card.getByRole("link").first().click();
      await page.getByRole("heading", { level: 1, name: newProduct.name }).waitFor();
      await page.getByText(newProduct.description).waitFor();
      const slug = new URL(page.url()).pathname.split("/").pop()!;
      orderNumber = await placeShopperOrder(slug);

      // No admin link on the account page, and the admin area sends a shopper home.
      await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Account" }).click();
      await page.getByRole("heading", { name: "My account", exact: true }).waitFor();
      expect(await page.getByRole("link", { name: "Admin dashboard" }).count()).toBe(0);
      for (const adminPage of ["/admin/dashboard", "/admin/manage-order"]) {
        await page.goto(`${shop().url}${adminPage}`);
        await page.waitForURL(`${shop().url}/`);
        await page.getByRole("heading", { name: "New arrivals" }).waitFor();
      }
    });
  });

  it("the admin marks the shopper's order in-transit, and the shopper's open order page shows it without a reload", async () => {
    expect(orderNumber).not.toBe("");
    await journey(browser(), "shopper watches the order", async ({ page: shopperPage }) => {
      await signIn(shopperPage, shop().url, demo.shopper);
      await shopperPage.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Account" }).click();
      await shopperPage.getByRole("link", { name: "My orders" }).click();
      await shopperPage.getByRole("article", { name: `Order ${orderNumber}`, exact: true }).getByRole("link", { name: orderNumber }).click();
      await shopperPage.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor();
      await shopperPage.getByText("pending", { exact: true }).waitFor();
      // A mark on this very page: a reload or a navigation would wipe it.
      await shopperPage.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true));

      await journey(browser(), "admin ships the order", async ({ page }) => {
        await signIn(page, shop().url, demo.admin);
        await page.goto(`${shop().url}/admin/dashboard`);
        await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }).click();
        await page.getByRole("heading", { name: "Manage orders", exact: true }).waitFor();
        await page.getByRole("searchbox", { name: "Search order number or reference" }).fill(orderNumber);
        const row = page.getByRole("row", { name: `Order ${orderNumber}` });
        await row.getByText("pending", { exact: true }).waitFor();
        await row.getByRole("link", { name: orderNumber }).click();

        await page.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor();
        const details = page.getByRole("region", { name: "Order details" });
        await details.getByText("pending", { exact: true }).waitFor();
        await page.getByRole("region", { name: "Items" }).getByText(newProduct.name).waitFor();
        await page.getByLabel("Manage Status").selectOption({ label: "in-transit" });
        await page.getByRole("button", { name: "Change" }).click();
        await toast(page, "Order status updated successfully.");
        await details.getByText("in-transit", { exact: true }).waitFor();
      });

      // The shopper's page, untouched since, shows the new status and says so.
      await shopperPage.getByText("in-transit", { exact: true }).waitFor({ timeout: 5000 });
      await toast(shopperPage, `Order ${orderNumber} is now in-transit.`);
      expect(await shopperPage.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    });
  });
  it("the admin refunds part of the shopper's order (the dialog passes axe): the order says Partially refunded and lists the refund", async () => {
    expect(orderNumber).not.toBe("");
    await journey(browser(), "admin refunds part of the order", async ({ page }) => {
      await signIn(page, shop().url, demo.admin);
      await page.goto(`${shop().url}/admin/view-order/${orderNumber}`);
      await page.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor();
      const payment = page.getByTestId("payment-status");
      await expectText(payment, "Paid");

      await page.getByRole("button", { name: "Refund", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: `Refund order ${orderNumber}` });
      // Nothing refunded yet: all of the total is left.
      await expectText(dialog.getByTestId("refund-left"), /^(\$[\d.,]+) of \1 can still be refunded\.$/);
      await dialog.getByRole("textbox", { name: "Amount" }).fill("5");
      await dialog.getByRole("textbox", { name: "Reason" }).fill("A frond arrived bent");
      await expectAccessible(page, "the admin order view with the refund dialog open");
      await dialog.getByRole("button", { name: "Refund $5.00" }).click();
      await toast(page, "Refund issued successfully.");
      await dialog.waitFor({ state: "hidden" });

      await expectText(payment, "Partially refunded");
      const details = page.getByRole("region", { name: "Order details" });
      await expectText(details.getByText("Refunded", { exact: true }).locator("xpath=following-sibling::*[1]"), "$5.00");
      const refund = page.getByRole("region", { name: "Refunds" }).getByTestId("order-refund");
      await refund.getByText("A frond arrived bent").waitFor();
      await refund.getByText("Succeeded").waitFor();
      // Something is still left: 'Refund' stays.
      await page.getByRole("button", { name: "Refund", exact: true }).waitFor();
    });
  });

  it("an admin makes an API key (shown once, then revoked) and a webhook endpoint that receives a signed test event", async () => {
    // A receiver on loopback, as an integrator's would be (loopback URLs are allowed outside production).
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/e2e-hook`;
    try {
      await journey(browser(), "admin sets up integrations", async ({ page }) => {
        await signIn(page, shop().url, demo.admin);
        await page.goto(`${shop().url}/admin/dashboard`);
        await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Integrations" }).click();
        await page.getByRole("heading", { name: "Integrations", exact: true }).waitFor();

        await page.getByRole("textbox", { name: "Name" }).fill("E2E ERP");
        await page.getByRole("checkbox", { name: /^orders:read/ }).check();
        await page.getByRole("button", { name: "Create key" }).click();
        const secret = ((await page.getByTestId("revealed-secret").textContent()) ?? "").trim();
        expect(secret).toMatch(/^vrd_/);
        const asKey = await graphql<{ orders: { totalCount: number } }>(shop().url, "{ orders { totalCount } }", {}, secret);
        expect(asKey.orders.totalCount).toBeGreaterThan(0);
        await page.getByRole("button", { name: "I have copied it" }).click();
        await expect(page.getByTestId("revealed-secret").count()).resolves.toBe(0);
        await page.getByRole("button", { name: "Revoke E2E ERP" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
        await toast(page, "The key 'E2E ERP' was revoked.");
        await expect(graphql(shop().url, "{ orders { totalCount } }", {}, secret)).rejects.toThrow(/sign in/i);

        await page.getByRole("tab", { name: "Webhooks" }).click();
        await page.getByRole("textbox", { name: "URL" }).fill(hookUrl);
        await page.getByRole("checkbox", { name: /^order\.placed/ }).check();
        await page.getByRole("button", { name: "Add endpoint" }).click();
        const signingSecret = ((await page.getByTestId("revealed-secret").textContent()) ?? "").trim();
        expect(signingSecret).toMatch(/^whsec_/);
        await page.getByRole("link", { name: `Delivery log of ${hookUrl}` }).click();
        await page.getByRole("button", { name: "Send a test event" }).click();
        const log = page.getByRole("table", { name: "Delivery log" });
        await log.getByText("webhook.test").waitFor();
        // The log refreshes itself every 5 s.
        await log.getByText("Delivered", { exact: true }).waitFor({ timeout: 15_000 });

        expect(received).toHaveLength(1);
        const [request] = received;
        const id = String(request.headers["webhook-id"]);
        const timestamp = String(request.headers["webhook-timestamp"]);
        const expected = crypto.createHmac("sha256", Buffer.from(signingSecret.slice("whsec_".length), "base64")).update(`${id}.${timestamp}.${request.body}`).digest("base64");
        expect(String(request.headers["webhook-signature"]).split(" ")).toContain(`v1,${expected}`);
        expect(JSON.parse(request.body)).toMatchObject({ id, type: "webhook.test" });
      });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
