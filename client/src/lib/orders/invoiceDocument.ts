// The printable invoice as a standalone HTML page: a heading with the business name
// and address, who it is billed to, Net 7 days, invoice date = the order's updated date, due date =
// the order's created date, the lines, the totals and a thanks note.
import { optionWords, type ChosenValue } from "../catalog/variants";
import { formatMoney } from "../money";
import { BUSINESS_ADDRESS, BUSINESS_NAME, INVOICE_THANKS, invoiceDates } from "./invoice";

export interface InvoiceOrder {
  orderNumber: string;
  reference: string;
  createdAt: string;
  updatedAt: string;
  subtotal: number;
  deliveryFee: number;
  total: number;
  region: string;
  userEmail: string;
  userPhone: string;
  userAddress: string;
  /** Each line's product name, with its variant's option values ("Pot size: 24 cm") under it when it has options. */
  lines: ReadonlyArray<{ name: string; options?: readonly ChosenValue[] | null; unitPrice: number; quantity: number; lineTotal: number }>;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!);

export function invoiceHtml(order: InvoiceOrder, billedTo: string): string {
  const { paymentTerms, invoiceDate, dueDate } = invoiceDates(order);
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}${optionWords(line.options) ? `<div class="options">${escapeHtml(optionWords(line.options))}</div>` : ""}</td><td class="n">${formatMoney(line.unitPrice)}</td><td class="n">${line.quantity}</td><td class="n">${formatMoney(line.lineTotal)}</td></tr>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<title>Invoice ${escapeHtml(order.orderNumber)}</title>
<style>
  body { font-family: system-ui, sans-serif; color: #1b1b1b; margin: 40px; }
  header { display: flex; justify-content: space-between; border-bottom: 2px solid #2b8a3e; padding-bottom: 16px; }
  h1 { color: #2b8a3e; margin: 0 0 4px; }
  table { width: 100%; border-collapse: collapse; margin-top: 24px; }
  th, td { text-align: left; padding: 8px; border-bottom: 1px solid #dee2e6; }
  .n { text-align: right; }
  .options { color: #495057; font-size: 0.875em; }
  .meta { display: grid; grid-template-columns: repeat(2, 1fr); gap: 8px 32px; margin-top: 24px; }
  .totals { margin-top: 16px; margin-left: auto; width: 280px; }
  .totals div { display: flex; justify-content: space-between; padding: 4px 0; }
  .grand { font-weight: 700; border-top: 2px solid #1b1b1b; }
  footer { margin-top: 40px; color: #495057; }
</style>
</head>
<body>
<header>
  <div><h1>${escapeHtml(BUSINESS_NAME)}</h1>${BUSINESS_ADDRESS.map((line) => `<div>${escapeHtml(line)}</div>`).join("")}</div>
  <div><h2>Invoice</h2><div>Order ${escapeHtml(order.orderNumber)}</div><div>Reference ${escapeHtml(order.reference)}</div></div>
</header>
<section class="meta">
  <div><strong>Billed to</strong><div>${escapeHtml(billedTo)}</div><div>${escapeHtml(order.userEmail)}</div><div>${escapeHtml(order.userPhone)}</div><div>${escapeHtml(order.userAddress)}</div></div>
  <div>
    <div><strong>Invoice date:</strong> ${invoiceDate}</div>
    <div><strong>Due date:</strong> ${dueDate}</div>
    <div><strong>Payment terms:</strong> ${paymentTerms}</div>
    <div><strong>Delivery region:</strong> ${escapeHtml(order.region)}</div>
  </div>
</section>
<table>
  <thead><tr><th>Product</th><th class="n">Unit price</th><th class="n">Quantity</th><th class="n">Amount</th></tr></thead>
  <tbody>${rows}</tbody>
</table>
<div class="totals">
  <div><span>Subtotal</span><span>${formatMoney(order.subtotal)}</span></div>
  <div><span>Delivery fee</span><span>${formatMoney(order.deliveryFee)}</span></div>
  <div class="grand"><span>Total</span><span>${formatMoney(order.total)}</span></div>
</div>
<footer>${escapeHtml(INVOICE_THANKS)}</footer>
</body>
</html>`;
}

/** Opens the invoice in a new window that prints itself and closes after printing. */
export function printInvoice(html: string, openWindow: typeof window.open = window.open.bind(window)): boolean {
  const invoiceWindow = openWindow("", "_blank", "width=900,height=1000");
  if (!invoiceWindow) return false;
  invoiceWindow.document.open();
  invoiceWindow.document.write(html);
  invoiceWindow.document.close();
  invoiceWindow.onafterprint = () => invoiceWindow.close();
  invoiceWindow.focus();
  invoiceWindow.print();
  return true;
}
