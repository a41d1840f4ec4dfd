// The printable invoice with what promotions and tax did to the order. The invoice page itself is written by
// lib/orders/invoiceDocument.ts (the spec's invoice); when the order got a promotion or was taxed, this adds
// to it: a Discount column with each line's share, the Discount and Delivery discount rows, each with the
// promotions that made it under it (indented, each promotion once with its part of that row, and its code),
// the tax added before the total (or held in the prices, under it), and the tax per rate ('VAT 20%: net
// $10.00, tax $2.00') with 'Prices include VAT' when they did. An order without
// promotions or tax prints exactly as before. Once something was refunded, 'Refunded' with its amount and the
// payment status follow the totals (nothing more while nothing was); an order not paid (awaiting its payment
// on the provider's page, or cancelled unpaid) says so there: 'Payment Awaiting', 'Payment Unpaid'. The page's
// content sits in a main landmark either way.
import {
  amountOff,
  addedTaxLines,
  includedTaxLabel,
  includedTaxLines,
  PRICES_INCLUDE_TAX,
  promotionLabel,
  promotionsApplied,
  promotionsIn,
  taxLineWords,
  type PriceParts,
  type TaxedParts,
} from "../../components/PriceSummary";
import type { PaymentStatus } from "../../graphql/generated/graphql";
import { formatMoney } from "../../lib/money";
import { PAYMENT_STATUS_TEXT } from "../../lib/orders/paymentStatus";
import { invoiceHtml, type InvoiceOrder } from "../../lib/orders/invoiceDocument";

/** An order as the invoice prints it, with its promotions, its tax and each line's share of both. */
export interface PricedInvoiceOrder extends InvoiceOrder, Omit<PriceParts, "taxLines">, TaxedParts {
  lines: ReadonlyArray<InvoiceOrder["lines"][number] & { discount: number }>;
  /** What was given back of its payment (the order page always has it; 0 or absent: nothing was). */
  refunded?: number;
  paymentStatus?: PaymentStatus;
}

/** Whether promotions or tax touched the order (else its invoice is the plain one). */
export const hasPricing = (order: PricedInvoiceOrder) =>
  order.discountTotal > 0 ||
  order.deliveryDiscount > 0 ||
  order.taxLines.some((line) => line.tax > 0 || line.net > 0) ||
  promotionsApplied(order).length > 0 ||
  order.lines.some((line) => line.discount !== 0);

const PRICING_STYLE = `
  .pricing { display: grid; grid-template-columns: repeat(2, 1fr); gap: 8px 32px; margin-top: 24px; }
  .pricing h2 { font-size: 1em; margin: 0 0 4px; }
  .pricing ul { list-style: none; margin: 0; padding: 0; }
  .pricing li { display: flex; justify-content: space-between; gap: 16px; padding: 2px 0; }
  .note { color: #495057; font-size: 0.875em; }
  .totals .promotion { padding-left: 16px; font-size: 0.875em; }
`;

/** The invoice's HTML page for this order, billed to this name. */
export function pricedInvoiceHtml(order: PricedInvoiceOrder, billedTo: string): string {
  const page = new DOMParser().parseFromString(invoiceHtml(order, billedTo), "text/html");
  const { body } = page;
  const element = (tag: string, text = "", className = "") => {
    const made = page.createElement(tag);
    if (text) made.textContent = text;
    if (className) made.className = className;
    return made;
  };
  const row = (label: string, amount: string, className = "") => {
    const line = element("div", "", className);
    line.append(element("span", label), element("span", amount));
    return line;
  };

  if (hasPricing(order)) {
    page.head.append(element("style", PRICING_STYLE));

    // Each line's share of the promotions, in a column before its amount.
    if (order.lines.some((line) => line.discount !== 0)) {
      const amountHeading = body.querySelector("table thead th:last-child");
      amountHeading?.before(element("th", "Discount", "n"));
      body.querySelectorAll("table tbody tr").forEach((tableRow, index) => {
        const discount = order.lines[index]?.discount ?? 0;
        tableRow.querySelector("td:last-child")?.before(element("td", discount !== 0 ? amountOff(discount) : "", "n"));
      });
    }

    // The totals: Subtotal, Discount, Delivery fee, Delivery discount, tax added, Total, tax included.
    const totals = body.querySelector(".totals");
    const grandTotal = totals?.querySelector(".grand");
    if (totals && grandTotal) {
      // Each discount row, then the promotions that made it, in the order they were applied.
      const withPromotions = (label: string, amount: number, part: "items" | "delivery") => [
        row(label, amountOff(amount)),
        ...promotionsIn(order, part).map(({ promotion, amount: share }) => row(promotionLabel(promotion, true), amountOff(share), "promotion")),
      ];
      if (order.discountTotal > 0) totals.children[1]?.before(...withPromotions("Discount", order.discountTotal, "items"));
      if (order.deliveryDiscount > 0) grandTotal.before(...withPromotions("Delivery discount", order.deliveryDiscount, "delivery"));
      for (const line of addedTaxLines(order)) grandTotal.before(row(line.name, formatMoney(line.tax)));
      for (const line of includedTaxLines(order).reverse()) grandTotal.after(row(includedTaxLabel(line.name), formatMoney(line.tax)));
    }

    // The tax per rate.
    const pricing = element("section", "", "pricing");
    const taxLines = order.taxLines.filter((line) => line.tax > 0 || line.net > 0);
    if (taxLines.length > 0) {
      const list = element("ul");
      for (const line of taxLines) list.append(element("li", taxLineWords(line)));
      const part = element("div");
      part.append(element("h2", "Tax"), list);
      if (order.pricesIncludeTax) part.append(element("p", PRICES_INCLUDE_TAX, "note"));
      pricing.append(part);
    }
    if (pricing.children.length > 0) (totals ?? body.querySelector("table"))?.after(pricing);
  }

  // What was refunded, after the totals; or that it was not paid.
  const refunded = (order.refunded ?? 0) > 0;
  const unpaid = order.paymentStatus === "AWAITING" || order.paymentStatus === "UNPAID";
  if (refunded || unpaid) {
    const totals = body.querySelector(".totals");
    if (refunded) totals?.append(row("Refunded", formatMoney(order.refunded ?? 0), "refunded"));
    if (order.paymentStatus) totals?.append(row("Payment", PAYMENT_STATUS_TEXT[order.paymentStatus], "payment"));
  }

  // Between the heading and the thanks note, the invoice's content is the page's main part (a landmark
  // for screen readers to jump to; axe asks every page for one).
  const main = element("main");
  const content = Array.from(body.children).filter((child) => child.tagName !== "HEADER" && child.tagName !== "FOOTER");
  content[0]?.before(main);
  main.append(...content);

  return `<!doctype html>\n${page.documentElement.outerHTML}`;
}
