import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MockLink } from "@apollo/client/testing";
import { CancelMyOrderDocument, ConfirmPaymentDocument, OrderDetailDocument, PayForOrderDocument, type PaymentStatus } from "../../graphql/generated/graphql";
import { createTestLive } from "../../test/liveEvents";
import { renderWithShop, shopper } from "../../test/renderWithShop";
import { picture } from "../../test/fixtures";
import { CANCEL_THIS_ORDER, CANCEL_THIS_ORDER_TEXT, CANCELLED_UNPAID, OrderDetailScreen } from "./OrderDetailScreen";

// Notifications live in a module-wide store: one test's messages must not answer the next one's queries.
afterEach(() => notifications.clean());

const order = {
  __typename: "Order" as const,
  id: 4,
  orderNumber: "ORD-000004",
  reference: "ABCDEFGH12345678",
  status: "DELIVERED" as const,
  totalItems: 2,
  subtotal: 40,
  deliveryFee: 5,
  total: 45,
  region: "Portland Metro",
  userEmail: "ada@example.com",
  userPhone: "+1 555 0100",
  userAddress: "1 Fern Street",
  createdAt: "2026-03-02T10:00:00.000Z",
  updatedAt: "2026-03-05T10:00:00.000Z",
  // A shop without promotions or tax: every figure of theirs is 0.
  discountTotal: 0,
  deliveryDiscount: 0,
  pricesIncludeTax: false,
  taxLines: [] as Array<{ __typename: "TaxLineView"; name: string; net: number; tax: number }>,
  promotions: [] as Array<{ __typename: "AppliedPromotionView"; name: string; code: string | null; amount: number; itemsAmount: number; deliveryAmount: number }>,
  // Nothing refunded.
  refunded: 0,
  paymentStatus: "PAID" as PaymentStatus,
  refunds: [] as Array<{ __typename: "OrderRefundView"; id: number; amount: number; reason: string; state: string; createdAt: string }>,
  // Paid at checkout (the simulated payments): no payment on a provider's page.
  payment: null as null | { __typename: "OrderPaymentView"; provider: string; state: string; url: string | null; expiresAt: string; paidAt: string | null },
  lines: [
    {
      __typename: "OrderLine" as const,
      productId: 101,
      variantId: 11,
      sku: "FERN",
      options: [],
      slug: "boston-fern",
      name: "Boston Fern",
      imageOne: "/f.svg",
      image: picture("fern", "Boston Fern"),
      unitPrice: 20,
      quantity: 2,
      lineTotal: 40,
      discount: 0,
    },
  ],
};

/** An order of two variants of one product. */
const monsteraOrder = {
  ...order,
  orderNumber: "ORD-000005",
  lines: [12, 24].map((size, index) => ({
    __typename: "OrderLine" as const,
    productId: 7,
    variantId: 70 + index,
    sku: `MON-DEL-${size}`,
    options: [{ __typename: "VariantOption" as const, name: "Pot size", value: `${size} cm` }],
    slug: "monstera-deliciosa",
    name: "Monstera Deliciosa",
    imageOne: "/m.svg",
    image: picture("monstera", "Monstera Deliciosa"),
    unitPrice: size === 12 ? 24.99 : 59.99,
    quantity: 1,
    lineTotal: size === 12 ? 24.99 : 59.99,
    discount: 0,
  })),
};

const at = { route: "/user/order/ORD-000004", path: "/user/order/:orderNumber", user: shopper };
const orderMock = (extra: object = {}) => ({
  request: { query: OrderDetailDocument, variables: { orderNumber: "ORD-000004" } },
  result: { data: { order } },
  ...extra,
});

describe("Own order detail", () => {
  it("shows the loading view, then the order", async () => {
    renderWithShop(<OrderDetailScreen />, { ...at, mocks: [orderMock({ delay: 20 })] });
    expect(screen.getByRole("status", { name: "Loading the order" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Order ORD-000004" })).toBeInTheDocument();
    expect(screen.getByText("delivered")).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: /Boston Fern/ })).toBeInTheDocument();
    expect(screen.getByText("$45.00")).toBeInTheDocument();
  });

  it("shows each line's option values under the product name; the invoice does too", async () => {
    const invoiceWindow = { document: { open: vi.fn(), write: vi.fn(), close: vi.fn() }, focus: vi.fn(), print: vi.fn(), close: vi.fn(), onafterprint: null };
    vi.spyOn(window, "open").mockReturnValue(invoiceWindow as unknown as Window);
    renderWithShop(<OrderDetailScreen />, {
      ...at,
      route: "/user/order/ORD-000005",
      mocks: [{ request: { query: OrderDetailDocument, variables: { orderNumber: "ORD-000005" } }, result: { data: { order: monsteraOrder } } }],
    });
    const rows = await screen.findAllByRole("cell", { name: /Monstera Deliciosa/ });
    expect(rows.map((cell) => cell.textContent)).toEqual(["Monstera DeliciosaPot size: 12 cm", "Monstera DeliciosaPot size: 24 cm"]);
    await userEvent.click(screen.getByRole("button", { name: "Print Invoice" }));
    const html = String(invoiceWindow.document.write.mock.calls[0][0]);
    expect(html).toContain('Monstera Deliciosa<div class="options">Pot size: 24 cm</div>');
    vi.restoreAllMocks();
  });

  it("says so when the order cannot be loaded", async () => {
    renderWithShop(<OrderDetailScreen />, {
      ...at,
      mocks: [{ request: { query: OrderDetailDocument, variables: { orderNumber: "ORD-000004" } }, result: { errors: [{ message: "Order not found." }] } }],
    });
    expect(await screen.findByText("We could not find this order.")).toBeInTheDocument();
  });

  it("Print Invoice opens a new window that prints itself and closes after printing, billed to the name in 'Billed to'", async () => {
    const invoiceWindow = {
      document: { open: vi.fn(), write: vi.fn(), close: vi.fn() },
      focus: vi.fn(),
      print: vi.fn(),
      close: vi.fn(),
      onafterprint: null as null | (() => void),
    };
    const open = vi.spyOn(window, "open").mockReturnValue(invoiceWindow as unknown as Window);
    renderWithShop(<OrderDetailScreen />, { ...at, mocks: [orderMock()] });
    const billedTo = await screen.findByLabelText("Billed to");
    expect(billedTo).toHaveValue(shopper.name);
    await userEvent.clear(billedTo);
    await userEvent.type(billedTo, "Fern & Co.");
    await userEvent.click(screen.getByRole("button", { name: "Print Invoice" }));
    expect(open).toHaveBeenCalledWith("", "_blank", expect.any(String));
    const html = invoiceWindow.document.write.mock.calls[0][0] as string;
    expect(html).toContain("Fern &amp; Co.");
    expect(html).toContain("Net 7 days");
    expect(html).toContain("<strong>Invoice date:</strong> March 5, 2026");
    expect(html).toContain("<strong>Due date:</strong> March 2, 2026");
    expect(invoiceWindow.print).toHaveBeenCalled();
    invoiceWindow.onafterprint?.();
    expect(invoiceWindow.close).toHaveBeenCalled();
  });

  it("follows the order live: an admin's status change shows in place without a reload, with a toast", async () => {
    const live = createTestLive();
    renderWithShop(<OrderDetailScreen />, { ...at, mocks: [orderMock()], live });
    expect(await screen.findByText("delivered")).toBeInTheDocument();
    expect(live.listening("LiveOrderStatus")).toEqual([{ orderNumber: "ORD-000004" }]);

    live.emit("LiveOrderStatus", {
      orderStatusChanged: { __typename: "Order", id: 4, orderNumber: "ORD-000004", status: "IN_TRANSIT", paymentStatus: "PAID", updatedAt: "2026-03-06T10:00:00.000Z" },
    });
    expect(await screen.findByText("in-transit")).toBeInTheDocument();
    expect(screen.queryByText("delivered")).not.toBeInTheDocument();
    expect(await screen.findByText("Order ORD-000004 is now in-transit.")).toBeInTheDocument();
  });
});

describe("Own order detail with promotions and tax", () => {
  // Two ferns at $20 with 10% off ($4.00 on the line), delivery $5.00 taken off, prices holding 20% VAT.
  const promotedOrder = {
    ...order,
    orderNumber: "ORD-000006",
    total: 36,
    discountTotal: 4,
    deliveryDiscount: 5,
    pricesIncludeTax: true,
    taxLines: [{ __typename: "TaxLineView" as const, name: "VAT 20%", net: 30, tax: 6 }],
    promotions: [
      { __typename: "AppliedPromotionView" as const, name: "Spring sale: 10% off", code: "SPRING10", amount: 4, itemsAmount: 4, deliveryAmount: 0 },
      { __typename: "AppliedPromotionView" as const, name: "Free delivery over $30", code: null, amount: 5, itemsAmount: 0, deliveryAmount: 5 },
    ],
    lines: [{ ...order.lines[0], discount: 4 }],
  };
  const renderOrder = (shown: typeof order) =>
    renderWithShop(<OrderDetailScreen />, {
      ...at,
      route: `/user/order/${shown.orderNumber}`,
      mocks: [{ request: { query: OrderDetailDocument, variables: { orderNumber: shown.orderNumber } }, result: { data: { order: shown } } }],
    });
  const printed = async () => {
    const invoiceWindow = { document: { open: vi.fn(), write: vi.fn(), close: vi.fn() }, focus: vi.fn(), print: vi.fn(), close: vi.fn(), onafterprint: null };
    vi.spyOn(window, "open").mockReturnValue(invoiceWindow as unknown as Window);
    await userEvent.click(screen.getByRole("button", { name: "Print Invoice" }));
    const html = String(invoiceWindow.document.write.mock.calls[0][0]);
    return new DOMParser().parseFromString(html, "text/html");
  };
  /** Each element's text, its parts (a row's label and amount) parted by a space. */
  const texts = (page: Document, selector: string) =>
    Array.from(page.querySelectorAll(selector), (element) => (element.children.length > 0 ? Array.from(element.children, (part) => part.textContent).join(" ") : element.textContent));

  it("shows each line's share, the discounts in the totals with each promotion (and its code) once under the row it reduces, 'Includes VAT 20%' under the total and the tax per rate", async () => {
    renderOrder(promotedOrder);
    await screen.findByRole("heading", { name: "Order ORD-000006" });
    expect(within(screen.getByRole("list", { name: "Promotion discount by line" })).getByRole("listitem")).toHaveTextContent("Boston Fern−$4.00");
    expect(screen.getByTestId("discount-total")).toHaveTextContent("Discount−$4.00");
    expect(screen.getByTestId("delivery-discount")).toHaveTextContent("Delivery discount−$5.00");
    expect(screen.getByTestId("included-tax")).toHaveTextContent("Includes VAT 20%$6.00");
    expect(screen.queryByTestId("added-tax")).not.toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Promotions in the discount" })).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Spring sale: 10% off (SPRING10)−$4.00"]);
    expect(within(screen.getByRole("list", { name: "Promotions in the delivery discount" })).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Free delivery over $30−$5.00"]);
    // Each promotion shows once, straight under the row it reduces.
    expect(screen.getAllByTestId("promotion")).toHaveLength(2);
    expect(screen.getByTestId("discount-total").nextElementSibling).toBe(screen.getByRole("list", { name: "Promotions in the discount" }));
    expect(screen.getByTestId("delivery-discount").nextElementSibling).toBe(screen.getByRole("list", { name: "Promotions in the delivery discount" }));
    expect(screen.queryByRole("list", { name: "Promotions" })).not.toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Tax" })).getByRole("listitem")).toHaveTextContent("VAT 20%: net $30.00, tax $6.00");
    expect(screen.getByText("Prices include VAT")).toBeInTheDocument();
  });

  it("tax added on top shows 'VAT 20%' before the total, and no 'Prices include VAT'", async () => {
    renderOrder({ ...promotedOrder, pricesIncludeTax: false, total: 42 });
    await screen.findByRole("heading", { name: "Order ORD-000006" });
    expect(screen.getByTestId("added-tax")).toHaveTextContent("VAT 20%$6.00");
    expect(screen.queryByTestId("included-tax")).not.toBeInTheDocument();
    expect(screen.queryByText("Prices include VAT")).not.toBeInTheDocument();
  });

  it("the invoice shows the same: a Discount column, the discount rows each with its promotions under it, the tax under the total and the tax per rate", async () => {
    renderOrder(promotedOrder);
    await screen.findByRole("heading", { name: "Order ORD-000006" });
    const invoice = await printed();
    expect(texts(invoice, "thead th")).toEqual(["Product", "Unit price", "Quantity", "Discount", "Amount"]);
    expect(texts(invoice, "tbody td")).toEqual(["Boston Fern", "$20.00", "2", "−$4.00", "$40.00"]);
    expect(texts(invoice, ".totals > div")).toEqual([
      "Subtotal $40.00",
      "Discount −$4.00",
      "Spring sale: 10% off (SPRING10) −$4.00",
      "Delivery fee $5.00",
      "Delivery discount −$5.00",
      "Free delivery over $30 −$5.00",
      "Total $36.00",
      "Includes VAT 20% $6.00",
    ]);
    expect(texts(invoice, ".totals > .promotion")).toEqual(["Spring sale: 10% off (SPRING10) −$4.00", "Free delivery over $30 −$5.00"]);
    expect(texts(invoice, ".pricing li")).toEqual(["VAT 20%: net $30.00, tax $6.00"]);
    expect(texts(invoice, ".pricing h2")).toEqual(["Tax"]);
    expect(invoice.body.textContent).toContain("Prices include VAT");
    // The content is the page's main part, between the heading and the thanks note.
    expect(Array.from(invoice.body.children, (child) => child.tagName)).toEqual(["HEADER", "MAIN", "FOOTER"]);
  });

  it("an invoice with tax added lists it before the total", async () => {
    renderOrder({ ...promotedOrder, pricesIncludeTax: false, total: 42 });
    await screen.findByRole("heading", { name: "Order ORD-000006" });
    const invoice = await printed();
    expect(texts(invoice, ".totals > div").slice(-2)).toEqual(["VAT 20% $6.00", "Total $42.00"]);
    expect(invoice.body.textContent).not.toContain("Prices include VAT");
  });

  it("an order without promotions or tax shows nothing of them, on the page or the invoice", async () => {
    renderWithShop(<OrderDetailScreen />, { ...at, mocks: [orderMock()] });
    await screen.findByRole("heading", { name: "Order ORD-000004" });
    for (const testId of ["discount-total", "delivery-discount", "added-tax", "included-tax", "promotion", "tax-line", "line-discount"]) {
      expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
    }
    expect(screen.queryByText(/Promotion|Prices include VAT|^Tax$/)).not.toBeInTheDocument();
    const invoice = await printed();
    expect(texts(invoice, "thead th")).toEqual(["Product", "Unit price", "Quantity", "Amount"]);
    expect(texts(invoice, ".totals > div")).toEqual(["Subtotal $40.00", "Delivery fee $5.00", "Total $45.00"]);
    expect(invoice.querySelector(".pricing")).toBeNull();
  });
});

describe("Own order detail with refunds", () => {
  const refund = (id: number, amount: number, reason: string, state: string, createdAt: string) => ({ __typename: "OrderRefundView" as const, id, amount, reason, state, createdAt });
  // $45.00 paid; $10.00 and $2.50 given back; one refund the payment provider refused (it gave nothing back).
  const refundedOrder = {
    ...order,
    orderNumber: "ORD-000007",
    refunded: 12.5,
    paymentStatus: "PARTIALLY_REFUNDED" as const,
    refunds: [
      refund(1, 10, "A fern arrived with a broken frond", "succeeded", "2026-03-06T10:00:00.000Z"),
      refund(2, 5, "Goodwill", "failed", "2026-03-07T10:00:00.000Z"),
      refund(3, 2.5, "Late delivery", "succeeded", "2026-03-08T10:00:00.000Z"),
    ],
  };
  const renderOrder = (shown: typeof order) =>
    renderWithShop(<OrderDetailScreen />, {
      ...at,
      route: `/user/order/${shown.orderNumber}`,
      mocks: [{ request: { query: OrderDetailDocument, variables: { orderNumber: shown.orderNumber } }, result: { data: { order: shown } } }],
    });
  const printed = async () => {
    const invoiceWindow = { document: { open: vi.fn(), write: vi.fn(), close: vi.fn() }, focus: vi.fn(), print: vi.fn(), close: vi.fn(), onafterprint: null };
    vi.spyOn(window, "open").mockReturnValue(invoiceWindow as unknown as Window);
    await userEvent.click(screen.getByRole("button", { name: "Print Invoice" }));
    vi.restoreAllMocks();
    const html = String(invoiceWindow.document.write.mock.calls[0][0]);
    return new DOMParser().parseFromString(html, "text/html");
  };
  const totals = (page: Document) => Array.from(page.querySelectorAll(".totals > div"), (row) => Array.from(row.children, (part) => part.textContent).join(" "));

  it("says what was refunded and the payment status, and lists only the refunds that went through (date, amount, reason)", async () => {
    renderOrder(refundedOrder);
    await screen.findByRole("heading", { name: "Order ORD-000007" });
    expect(screen.getByTestId("refunded")).toHaveTextContent("Refunded$12.50");
    expect(screen.getByTestId("payment-status")).toHaveTextContent("Partially refunded");
    const refunds = within(screen.getByRole("list", { name: "Refunds" })).getAllByRole("listitem");
    expect(refunds.map((item) => item.textContent)).toEqual([
      "Mar 6, 2026, 10:00 AM$10.00A fern arrived with a broken frond",
      "Mar 8, 2026, 10:00 AM$2.50Late delivery",
    ]);
    // The refused refund gave nothing back: the shopper does not see it.
    expect(screen.queryByText("Goodwill")).not.toBeInTheDocument();
  });

  it("a fully refunded order says Refunded", async () => {
    renderOrder({ ...refundedOrder, refunded: 45, paymentStatus: "REFUNDED", refunds: [refund(1, 45, "Order cancelled", "succeeded", "2026-03-06T10:00:00.000Z")] });
    expect(await screen.findByTestId("payment-status")).toHaveTextContent(/^Refunded$/);
    expect(screen.getByTestId("refunded")).toHaveTextContent("Refunded$45.00");
  });

  it("the invoice adds 'Refunded' and the payment status after the totals", async () => {
    renderOrder(refundedOrder);
    await screen.findByRole("heading", { name: "Order ORD-000007" });
    expect(totals(await printed())).toEqual(["Subtotal $40.00", "Delivery fee $5.00", "Total $45.00", "Refunded $12.50", "Payment Partially refunded"]);
  });

  it("an order without refunds shows no refund, no payment status and no refunds, on the page or the invoice", async () => {
    renderOrder(order);
    await screen.findByRole("heading", { name: "Order ORD-000004" });
    expect(screen.queryByTestId("refunded")).not.toBeInTheDocument();
    expect(screen.queryByTestId("payment-status")).not.toBeInTheDocument();
    expect(screen.queryByText(/Refund/)).not.toBeInTheDocument();
    expect(totals(await printed())).toEqual(["Subtotal $40.00", "Delivery fee $5.00", "Total $45.00"]);
  });
});

describe("Cancelling an own order", () => {
  const pending = { ...order, status: "PENDING" as const };
  const orderRequest = { query: OrderDetailDocument, variables: { orderNumber: "ORD-000004" } };
  const cancelRequest = { query: CancelMyOrderDocument, variables: { id: 4 } };
  const cancelled = {
    data: {
      cancelMyOrder: {
        __typename: "OrderPayload",
        message: "Your order has been cancelled.",
        order: { __typename: "Order", id: 4, status: "CANCELLED", paymentStatus: "REFUNDED", updatedAt: "2026-03-06T10:00:00.000Z" },
      },
    },
  };
  const tooLate = "This order can no longer be cancelled: it is already on its way. Please contact us.";

  it("a pending order has 'Cancel order'", async () => {
    renderWithShop(<OrderDetailScreen />, { ...at, mocks: [{ request: orderRequest, result: { data: { order: pending } } }] });
    expect(await screen.findByRole("button", { name: "Cancel order" })).toBeInTheDocument();
  });

  it.each(["IN_TRANSIT", "DELIVERED", "CANCELLED"] as const)("a %s order has no 'Cancel order'", async (status) => {
    renderWithShop(<OrderDetailScreen />, { ...at, mocks: [{ request: orderRequest, result: { data: { order: { ...order, status } } } }] });
    await screen.findByRole("heading", { name: "Order ORD-000004" });
    expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();
  });

  it("asks first; 'Keep order' sends nothing and gives focus back to the button", async () => {
    const cancel = vi.fn(() => cancelled);
    renderWithShop(<OrderDetailScreen />, { ...at, mocks: [{ request: orderRequest, result: { data: { order: pending } } }, { request: cancelRequest, result: cancel }] });
    const button = await screen.findByRole("button", { name: "Cancel order" });
    await userEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: CANCEL_THIS_ORDER });
    expect(CANCEL_THIS_ORDER).toBe("Cancel this order?");
    expect(within(dialog).getByText(CANCEL_THIS_ORDER_TEXT)).toBeInTheDocument();
    expect(CANCEL_THIS_ORDER_TEXT).toBe("Anything you paid for it is refunded to your card.");
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Keep order" })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep order" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(cancel).not.toHaveBeenCalled();
    expect(screen.getByTestId("order-status")).toHaveTextContent("pending");
  });

  it("'Cancel order' in the dialog cancels (busy meanwhile): the server's message, the page says cancelled, the button goes and focus is on the status; the live news is not told twice", async () => {
    const live = createTestLive();
    renderWithShop(<OrderDetailScreen />, {
      ...at,
      live,
      mocks: [
        { request: orderRequest, result: { data: { order: pending } } },
        { request: cancelRequest, result: cancelled, delay: 50 },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Cancel order" }));
    const dialog = await screen.findByRole("dialog", { name: CANCEL_THIS_ORDER });
    const confirm = within(dialog).getByRole("button", { name: "Cancel order" });
    await userEvent.click(confirm);
    expect(confirm).toHaveAttribute("data-loading", "true");
    // The shop's news of the move may come before its answer.
    live.emit("LiveOrderStatus", {
      orderStatusChanged: { __typename: "Order", id: 4, orderNumber: "ORD-000004", status: "CANCELLED", paymentStatus: "REFUNDED", updatedAt: "2026-03-06T10:00:00.000Z" },
    });
    expect(await screen.findByText("Your order has been cancelled.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const status = screen.getByTestId("order-status");
    expect(status).toHaveTextContent("cancelled");
    expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.queryByText("Order ORD-000004 is now cancelled.")).not.toBeInTheDocument();
  });

  it("too late: the server's words in the dialog; the order is read again (on its way: the button goes) and closing the dialog focuses the status", async () => {
    const load = vi
      .fn()
      .mockReturnValueOnce({ data: { order: pending } })
      .mockReturnValue({ data: { order: { ...order, status: "IN_TRANSIT" } } });
    const refusal = { errors: [{ message: "Invalid input.", extensions: { code: "BAD_USER_INPUT", fields: { order: [tooLate] } } }] };
    renderWithShop(<OrderDetailScreen />, { ...at, mocks: [{ request: orderRequest, result: load, maxUsageCount: 2 }, { request: cancelRequest, result: refusal }] });
    await userEvent.click(await screen.findByRole("button", { name: "Cancel order" }));
    const dialog = await screen.findByRole("dialog", { name: CANCEL_THIS_ORDER });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(tooLate);
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveTextContent("in-transit"));
    // The only 'Cancel order' left is the dialog's.
    expect(screen.getAllByRole("button", { name: "Cancel order" })).toEqual([within(dialog).getByRole("button", { name: "Cancel order" })]);
    // The dialog stays until the shopper has read it.
    await userEvent.click(within(screen.getByRole("dialog", { name: CANCEL_THIS_ORDER })).getByRole("button", { name: "Keep order" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveFocus());
  });
});

describe("An order paid on Stripe's page", () => {
  const stripeUrl = "https://checkout.stripe.test/c/pay/cs_test_4";
  const openPayment = {
    __typename: "OrderPaymentView" as const,
    provider: "stripe",
    state: "open",
    url: stripeUrl,
    expiresAt: "2026-03-02T10:30:00.000Z",
    paidAt: null as string | null,
  };
  const awaiting = { ...order, status: "AWAITING_PAYMENT" as const, paymentStatus: "AWAITING" as PaymentStatus, payment: openPayment as typeof order.payment };
  const paid = { ...awaiting, status: "PENDING" as const, paymentStatus: "PAID" as PaymentStatus, payment: { ...openPayment, state: "paid", url: null, paidAt: "2026-03-02T10:05:00.000Z" } };
  const orderRequest = { query: OrderDetailDocument, variables: { orderNumber: "ORD-000004" } };
  const confirmRequest = { query: ConfirmPaymentDocument, variables: { id: 4 } };
  const confirmed = (message: string, answered: object) => ({ data: { confirmPayment: { __typename: "OrderPayload", message, order: answered } } });
  const received = "Payment received: your order is confirmed.";
  const notHeard = "We have not heard from the payment provider yet: this page updates as soon as we do.";
  const news = (status: string, paymentStatus: string) => ({
    orderStatusChanged: { __typename: "Order", id: 4, orderNumber: "ORD-000004", status, paymentStatus, updatedAt: "2026-03-02T10:06:00.000Z" },
  });
  const renderAt = (route: string, mocks: MockLink.MockedResponse[], live = createTestLive()) => renderWithShop(<OrderDetailScreen />, { ...at, route, mocks, live });

  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("awaiting payment: the status 'Awaiting payment', until when the items are held, 'Pay now' and 'Cancel order'", async () => {
    renderAt("/user/order/ORD-000004", [{ request: orderRequest, result: { data: { order: awaiting } } }]);
    expect(await screen.findByTestId("order-status")).toHaveTextContent("Awaiting payment");
    expect(screen.getByTestId("payment-notice")).toHaveTextContent(/^Your items are held until Mar 2, 2026, 10:30 AM\.$/);
    expect(screen.getByRole("button", { name: "Pay now" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel order" })).toBeInTheDocument();
    // Nothing to confirm without coming back from the provider's page.
    expect(screen.queryByTestId("payment-confirmation")).not.toBeInTheDocument();
  });

  it.each([
    ["PENDING", "PAID"],
    ["CANCELLED", "REFUNDED"],
  ] as const)("a %s order has no 'Pay now' and no hold", async (status, paymentStatus) => {
    renderAt("/user/order/ORD-000004", [{ request: orderRequest, result: { data: { order: { ...awaiting, status, paymentStatus } } } }]);
    await screen.findByRole("heading", { name: "Order ORD-000004" });
    expect(screen.queryByRole("button", { name: "Pay now" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("payment-notice")).not.toBeInTheDocument();
  });

  it("'Pay now' opens the order's payment page (payForOrder) and goes there, busy until it has gone", async () => {
    const asked = vi.fn(() => ({ data: { payForOrder: { ...openPayment, url: `${stripeUrl}-again` } } }));
    renderAt("/user/order/ORD-000004", [
      { request: orderRequest, result: { data: { order: awaiting } } },
      { request: { query: PayForOrderDocument, variables: { id: 4 } }, result: asked, delay: 30 },
    ]);
    const button = await screen.findByRole("button", { name: "Pay now" });
    await userEvent.click(button);
    expect(button).toHaveAttribute("data-loading", "true");
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${stripeUrl}-again`));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute("data-loading", "true");
  });

  it("'Pay now' refused (already paid): the server's words, and the order read again (paid: the button goes)", async () => {
    const load = vi.fn().mockReturnValueOnce({ data: { order: awaiting } }).mockReturnValue({ data: { order: paid } });
    const refusal = { errors: [{ message: "Invalid input.", extensions: { code: "BAD_USER_INPUT", fields: { order: ["This order is already paid."] } } }] };
    renderAt("/user/order/ORD-000004", [
      { request: orderRequest, result: load, maxUsageCount: 2 },
      { request: { query: PayForOrderDocument, variables: { id: 4 } }, result: refusal },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Pay now" }));
    expect(await screen.findByText("This order is already paid.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveTextContent("pending"));
    expect(screen.queryByRole("button", { name: "Pay now" })).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it("'Pay now' with the provider out of reach: the server's words, and the button is there to try again", async () => {
    const unavailable = { errors: [{ message: "The payment page could not be opened just now. Please try again in a moment.", extensions: { code: "SERVICE_UNAVAILABLE" } }] };
    renderAt("/user/order/ORD-000004", [
      { request: orderRequest, result: { data: { order: awaiting } } },
      { request: { query: PayForOrderDocument, variables: { id: 4 } }, result: unavailable },
    ]);
    const button = await screen.findByRole("button", { name: "Pay now" });
    await userEvent.click(button);
    expect(await screen.findByText("The payment page could not be opened just now. Please try again in a moment.")).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveAttribute("data-loading"));
    expect(assign).not.toHaveBeenCalled();
  });

  it("back with ?payment=return: confirmPayment is asked once, its message is said in a status region and the order shows paid", async () => {
    const live = createTestLive();
    const confirm = vi.fn(() => confirmed(received, paid));
    renderAt(
      "/user/order/ORD-000004?payment=return",
      [
        { request: orderRequest, result: { data: { order: awaiting } } },
        { request: confirmRequest, result: confirm, maxUsageCount: Number.POSITIVE_INFINITY, delay: 30 },
      ],
      live,
    );
    // A status region, there from the start, so that screen readers hear what it comes to say.
    const region = await screen.findByTestId("payment-confirmation");
    expect(region).toHaveAttribute("role", "status");
    expect(region).toHaveTextContent("Checking your payment…");
    await waitFor(() => expect(region).toHaveTextContent(received));
    expect(screen.getByTestId("order-status")).toHaveTextContent("pending");
    expect(screen.queryByRole("button", { name: "Pay now" })).not.toBeInTheDocument();
    // The news of the move it asked for is not told a second time.
    live.emit("LiveOrderStatus", news("PENDING", "PAID"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText("Order ORD-000004 is now pending.")).not.toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it("back before the provider told: the server says so; the order is followed live and shows paid when it is, with the news", async () => {
    const live = createTestLive();
    const confirm = vi.fn(() => confirmed(notHeard, awaiting));
    renderAt(
      "/user/order/ORD-000004?payment=return",
      [
        { request: orderRequest, result: { data: { order: awaiting } } },
        { request: confirmRequest, result: confirm, maxUsageCount: Number.POSITIVE_INFINITY },
      ],
      live,
    );
    const region = await screen.findByTestId("payment-confirmation");
    await waitFor(() => expect(region).toHaveTextContent(notHeard));
    expect(screen.getByTestId("order-status")).toHaveTextContent("Awaiting payment");
    expect(live.listening("LiveOrderStatus")).toEqual([{ orderNumber: "ORD-000004" }]);
    live.emit("LiveOrderStatus", news("PENDING", "PAID"));
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveTextContent("pending"));
    expect(await screen.findByText("Order ORD-000004 is now pending.")).toBeInTheDocument();
    // Its words no longer say how the order stands.
    expect(region).not.toHaveTextContent(notHeard);
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it("back with ?payment=return on an order cancelled since: nothing to confirm", async () => {
    const confirm = vi.fn(() => confirmed(received, paid));
    renderAt("/user/order/ORD-000004?payment=return", [
      { request: orderRequest, result: { data: { order: { ...awaiting, status: "CANCELLED", paymentStatus: "UNPAID" } } } },
      { request: confirmRequest, result: confirm },
    ]);
    expect(await screen.findByText("This order was cancelled because its payment was not completed. Nothing was charged.")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByTestId("payment-confirmation")).toBeEmptyDOMElement();
  });

  it("back with ?payment=cancelled: 'You have not paid yet. Your items are held until …' with 'Pay now' and 'Cancel order'; nothing is asked", async () => {
    const confirm = vi.fn(() => confirmed(received, paid));
    renderAt("/user/order/ORD-000004?payment=cancelled", [
      { request: orderRequest, result: { data: { order: awaiting } } },
      { request: confirmRequest, result: confirm },
    ]);
    expect(await screen.findByTestId("payment-notice")).toHaveTextContent(/^You have not paid yet\. Your items are held until Mar 2, 2026, 10:30 AM\.$/);
    expect(screen.getByRole("button", { name: "Pay now" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel order" })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it("cancelled because its payment did not complete: 'Nothing was charged.'; the printed invoice says Payment Unpaid", async () => {
    renderAt("/user/order/ORD-000004", [{ request: orderRequest, result: { data: { order: { ...awaiting, status: "CANCELLED", paymentStatus: "UNPAID", payment: { ...openPayment, state: "expired", url: null } } } } }]);
    expect(await screen.findByTestId("payment-notice")).toHaveTextContent(CANCELLED_UNPAID);
    expect(CANCELLED_UNPAID).toBe("This order was cancelled because its payment was not completed. Nothing was charged.");
    expect(screen.queryByRole("button", { name: "Pay now" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();
    const invoiceWindow = { document: { open: vi.fn(), write: vi.fn(), close: vi.fn() }, focus: vi.fn(), print: vi.fn(), close: vi.fn(), onafterprint: null };
    vi.spyOn(window, "open").mockReturnValue(invoiceWindow as unknown as Window);
    await userEvent.click(screen.getByRole("button", { name: "Print Invoice" }));
    const invoice = new DOMParser().parseFromString(String(invoiceWindow.document.write.mock.calls[0][0]), "text/html");
    expect(Array.from(invoice.querySelectorAll(".totals > div"), (row) => Array.from(row.children, (part) => part.textContent).join(" "))).toEqual([
      "Subtotal $40.00",
      "Delivery fee $5.00",
      "Total $45.00",
      "Payment Unpaid",
    ]);
  });

  it("the shopper cancels an order awaiting payment: the page says it is cancelled and that nothing was charged", async () => {
    const cancelled = {
      data: { cancelMyOrder: { __typename: "OrderPayload", message: "Your order has been cancelled.", order: { __typename: "Order", id: 4, status: "CANCELLED", paymentStatus: "UNPAID", updatedAt: "2026-03-02T10:08:00.000Z" } } },
    };
    renderAt("/user/order/ORD-000004", [
      { request: orderRequest, result: { data: { order: awaiting } } },
      { request: { query: CancelMyOrderDocument, variables: { id: 4 } }, result: cancelled },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Cancel order" }));
    const dialog = await screen.findByRole("dialog", { name: CANCEL_THIS_ORDER });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await screen.findByText("Your order has been cancelled.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveTextContent("cancelled"));
    expect(screen.getByTestId("payment-notice")).toHaveTextContent(CANCELLED_UNPAID);
    expect(screen.queryByRole("button", { name: "Pay now" })).not.toBeInTheDocument();
  });
});
