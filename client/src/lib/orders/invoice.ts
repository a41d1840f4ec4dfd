// The printable invoice: payment terms Net 7 days; the invoice date is the order's
// updated date and the due date its created date (as the spec says, even though that reads backwards).

export const PAYMENT_TERMS = "Net 7 days";
export const BUSINESS_NAME = "Verdant Plant & Garden Shop";
export const BUSINESS_ADDRESS = ["12 Greenhouse Lane", "Portland, OR 97201", "United States"] as const;
export const INVOICE_THANKS = "Thank you for shopping with us. May everything you planted grow well!";

export interface InvoiceDatedOrder {
  createdAt: string;
  updatedAt: string;
}

const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });
const dateAndTime = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "November 22, 2026". */
export const formatDate = (iso: string) => longDate.format(new Date(iso));
/** "Nov 22, 2026, 3:04 PM". */
export const formatDateTime = (iso: string) => dateAndTime.format(new Date(iso));

export function invoiceDates(order: InvoiceDatedOrder) {
  return {
    paymentTerms: PAYMENT_TERMS,
    invoiceDate: formatDate(order.updatedAt),
    dueDate: formatDate(order.createdAt),
  };
}
