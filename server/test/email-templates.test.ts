// Every email is accessible HTML in the shop's look with a plain-text part saying the same, and
// shows what it concerns without letting a customer's text become markup.
import { describe, expect, it } from "vitest";
import { renderEmail } from "../src/delivery/email/templates.js";
import type { EmailContent, EmailOrder } from "../src/domain/messaging/index.js";
import { priceOfPlacedOrder } from "../src/domain/orders/index.js";

const SHOP_URL = "https://shop.example.test";

const placed = {
  id: 7,
  orderNumber: "ORD-261125-ABC123",
  reference: "ABCDEFGHIJKLMNOP",
  status: "pending",
  userId: 3,
  regionId: 1,
  regionName: "North <Coast>",
  subtotalCents: 11249,
  deliveryFeeCents: 799,
  totalCents: 12048,
  userEmail: "fern@example.com",
  userPhone: "+1 555 0100",
  userAddress: "1 Garden Lane",
  createdAt: new Date("2026-11-25T10:00:00Z"),
  updatedAt: new Date("2026-11-25T10:00:00Z"),
  discountCents: 0,
  deliveryDiscountCents: 0,
  deliveryTaxCents: 0,
  deliveryTaxRatePpm: 0,
  deliveryTaxName: "",
  taxCents: 0,
  pricesIncludeTax: false,
  promotions: [],
  lines: [
    { id: 1, orderId: 7, productId: 1, slug: "fern", name: "Boston Fern", description: "", categoryName: "Ferns", priceCents: 1250, discountPriceCents: null, unitPriceCents: 1250, quantity: 3, imageOne: "", imageTwo: null, discountCents: 0, taxCents: 0, taxRatePpm: 0, taxName: "" },
    { id: 2, orderId: 7, productId: 2, slug: "palm", name: "Parlour Palm & Pot", description: "", categoryName: "Palms", priceCents: 4000, discountPriceCents: 2999, unitPriceCents: 2999, quantity: 1, imageOne: "", imageTwo: null, discountCents: 0, taxCents: 0, taxRatePpm: 0, taxName: "" },
    { id: 3, orderId: 7, productId: 3, variantId: 9, sku: "MON-24", options: [{ name: "Pot size", value: "24 cm" }, { name: "Colour", value: "White" }], slug: "monstera", name: "Monstera", description: "", categoryName: "Indoor", priceCents: 4500, discountPriceCents: null, unitPriceCents: 4500, quantity: 1, imageOne: "", imageTwo: null, discountCents: 0, taxCents: 0, taxRatePpm: 0, taxName: "" },
  ],
};
const order: EmailOrder = { ...placed, price: priceOfPlacedOrder(placed) };

const every: Array<[string, EmailContent]> = [
  ["Welcome to Verdant", { kind: "welcome", name: "Fern <b>Green</b>" }],
  ["Your Verdant order ORD-261125-ABC123 is confirmed", { kind: "order-confirmation", order }],
  ["Your order ORD-261125-ABC123 is on its way", { kind: "order-status", order, status: "in-transit" }],
  ["Reset your Verdant password", { kind: "password-reset", token: "tok_en-123", expiresAt: new Date("2026-11-25T10:30:00Z") }],
  ["Your Verdant password was changed", { kind: "password-changed", name: "Fern", changedAt: new Date("2026-11-25T10:00:00Z") }],
];

describe("the emails' HTML and text", () => {
  it.each(every)("%s: lang, a title, one h1, layout tables marked presentation, the shop's green, a text part", (subject, content) => {
    const { html, text } = renderEmail(content, { subject, recipient: "fern@example.com", shopUrl: SHOP_URL });
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain(`<title>${subject.replace(/&/g, "&amp;")}</title>`);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    for (const table of html.match(/<table\b[^>]*>/g) ?? []) {
      // Only the order's figures are a data table (with a caption and header cells); the rest is layout.
      if (!table.includes('role="presentation"')) expect(html).toContain('<th scope="col"');
    }
    expect(html).toContain("#2b8a3e");
    expect(html).toContain(`<a href="${SHOP_URL}/"`);
    expect(text).toMatch(/^VERDANT\n\n/);
    expect(text).toContain(`${SHOP_URL}/`);
    expect(html).not.toMatch(/<b>Green|<Coast>|Palm & Pot/);
  });

  it("a cancelled order says its money is refunded; one whose payment never arrived says nothing was charged", () => {
    const paidThenCancelled = renderEmail({ kind: "order-status", order, status: "cancelled" }, { subject: "s", recipient: "fern@example.com", shopUrl: SHOP_URL });
    expect(paidThenCancelled.text).toContain("Anything you paid for it is refunded to the card you used.");
    const neverPaid = renderEmail({ kind: "order-status", order: { ...order, paymentState: "unpaid" }, status: "cancelled" }, { subject: "s", recipient: "fern@example.com", shopUrl: SHOP_URL });
    expect(neverPaid.text).toContain("Your order has been cancelled because its payment was not completed. Nothing was charged, and its items are back on sale.");
    expect(neverPaid.text).not.toContain("refunded");
  });

  it("the order's figures, in the invoice's format, in both parts", () => {
    const { html, text } = renderEmail({ kind: "order-confirmation", order }, { subject: "s", recipient: "fern@example.com", shopUrl: SHOP_URL });
    expect(text).toContain("- Product: Boston Fern, Unit price: $12.50, Quantity: 3, Amount: $37.50");
    expect(text).toContain("- Product: Parlour Palm & Pot, Unit price: $29.99, Quantity: 1, Amount: $29.99");
    // A variant's option values follow its product's name.
    expect(text).toContain("- Product: Monstera (Pot size: 24 cm, Colour: White), Unit price: $45.00, Quantity: 1, Amount: $45.00");
    expect(text).toContain("Subtotal: $112.49\nDelivery fee (North <Coast>): $7.99\nTotal: $120.48");
    expect(html).toContain("Parlour Palm &amp; Pot");
    expect(html).toContain("Delivery fee (North &lt;Coast&gt;)");
    expect(html).toContain('<caption style="text-align:left;font-weight:bold;padding:0 0 8px;">Your order</caption>');
    expect(html).toContain(`<a href="${SHOP_URL}/user/order/ORD-261125-ABC123"`);
  });

  it("an order's promotions and tax as charged: a row per promotion and per rate, added or 'Includes' as prices held it", () => {
    const promoted = {
      ...placed,
      discountCents: 1_000,
      taxCents: 2_049,
      promotions: [{ id: 1, orderId: 7, promotionId: 3, codeId: 4, name: "Spring sale", code: "SPRING10", amountCents: 1_000, customer: "fern@example.com", releasedAt: null, createdAt: placed.createdAt }],
      lines: placed.lines.map((line, index) => ({ ...line, discountCents: [334, 266, 400][index], taxCents: [683, 547, 819][index], taxRatePpm: 200_000, taxName: "VAT 20%" })),
      totalCents: 11_048 + 2_049,
    };
    const added = renderEmail({ kind: "order-confirmation", order: { ...promoted, price: priceOfPlacedOrder(promoted) } }, { subject: "s", recipient: "fern@example.com", shopUrl: SHOP_URL }).text;
    expect(added).toContain("Subtotal: $112.49\nSpring sale (SPRING10): -$10.00\nDelivery fee (North <Coast>): $7.99\nVAT 20%: $20.49\nTotal: $130.97");
    const included = { ...promoted, pricesIncludeTax: true, totalCents: 11_048 };
    const inside = renderEmail({ kind: "order-confirmation", order: { ...included, price: priceOfPlacedOrder(included) } }, { subject: "s", recipient: "fern@example.com", shopUrl: SHOP_URL }).text;
    expect(inside).toContain("Delivery fee (North <Coast>): $7.99\nTotal: $110.48\nIncludes VAT 20%: $20.49");
  });

  it("the reset email states its 30 minutes and its end in UTC, and carries the token only in the link's fragment", () => {
    const { html, text } = renderEmail(
      { kind: "password-reset", token: "tok_en-123", expiresAt: new Date("2026-11-25T10:30:00Z") },
      { subject: "s", recipient: "fern@example.com", shopUrl: SHOP_URL },
    );
    expect(text).toContain("The link below works once, for 30 minutes (until November 25, 2026 at 10:30 AM UTC).");
    expect(html).toContain(`href="${SHOP_URL}/reset-password#token=tok_en-123"`);
  });
});
