// @vitest-environment node
import { describe, expect, it } from "vitest";
import { BUSINESS_NAME, INVOICE_THANKS } from "./invoice";
import { invoiceHtml, type InvoiceOrder } from "./invoiceDocument";

const order: InvoiceOrder = {
  orderNumber: "ORD-1",
  reference: "ABCDEFGH12345678",
  createdAt: "2026-03-02T10:00:00.000Z",
  updatedAt: "2026-03-05T10:00:00.000Z",
  subtotal: 40,
  deliveryFee: 5,
  total: 45,
  region: "Portland Metro",
  userEmail: "ada@example.com",
  userPhone: "555",
  userAddress: "1 Fern Street",
  lines: [{ name: "Fern <b>big</b>", unitPrice: 20, quantity: 2, lineTotal: 40 }],
};

describe("Invoice contents", () => {
  const html = invoiceHtml(order, "Ada");

  it("has a heading with the fixed business name and address and a thanks note", () => {
    expect(html).toContain(BUSINESS_NAME.replace("&", "&amp;"));
    expect(html).toContain("12 Greenhouse Lane");
    expect(html).toContain(INVOICE_THANKS);
  });

  it("payment terms Net 7 days; invoice date is the updated date; due date is the created date", () => {
    expect(html).toContain("Net 7 days");
    expect(html).toContain("<strong>Invoice date:</strong> March 5, 2026");
    expect(html).toContain("<strong>Due date:</strong> March 2, 2026");
  });

  it("lists the lines and totals in dollars, escaping text", () => {
    expect(html).toContain("Fern &lt;b&gt;big&lt;/b&gt;");
    expect(html).toContain("$40.00");
    expect(html).toContain("$45.00");
  });

  it("shows a variant's option values under the product name; a product without options shows its name alone", () => {
    const withVariant = invoiceHtml(
      {
        ...order,
        lines: [
          { name: "Monstera Deliciosa", options: [{ name: "Pot size", value: "24 cm" }], unitPrice: 59.99, quantity: 1, lineTotal: 59.99 },
          { name: "Planter", options: [{ name: "Size", value: "Small" }, { name: "Colour", value: "<Sand>" }], unitPrice: 34.99, quantity: 1, lineTotal: 34.99 },
          { name: "Trowel", options: [], unitPrice: 12, quantity: 1, lineTotal: 12 },
        ],
      },
      "Ada",
    );
    expect(withVariant).toContain('<td>Monstera Deliciosa<div class="options">Pot size: 24 cm</div></td>');
    expect(withVariant).toContain('<td>Planter<div class="options">Size: Small, Colour: &lt;Sand&gt;</div></td>');
    expect(withVariant).toContain("<td>Trowel</td>");
  });
});
