import type { MockLink } from "@apollo/client/testing";
import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminOrdersDocument, UpdateOrderStatusDocument, type PaymentStatus } from "../../../graphql/generated/graphql";
import { ORDERS_PAGE_SIZE } from "../../../lib/apollo/pages";
import { connection, cursorOf, picture, queryMock, type PageOptions } from "../../../test/fixtures";
import { createTestLive } from "../../../test/liveEvents";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { AWAITING_PAYMENT_MOVES, CANCEL_ORDER_TEXT, CANCELLED_IS_FINAL, ManageOrdersScreen, ViewOrderScreen } from "./OrderScreens";
import { AdminOrderDocument, RefundOrderDocument } from "./viewOperations";

// Notifications live in a module-wide store: one test's messages must not answer the next one's queries.
afterEach(() => notifications.clean());

const listed = (id: number, overrides: object = {}) => ({
  __typename: "Order" as const,
  id,
  orderNumber: `ORD-00000${id}`,
  reference: `REF${id}ABCDEFGHIJKL`,
  status: "PENDING" as const,
  paymentStatus: "PAID" as const,
  totalItems: id,
  total: 10 * id + 0.5,
  createdAt: `2026-03-0${id}T15:04:00.000Z`,
  ...overrides,
});

const list = { route: "/admin/manage-order", path: "/admin/manage-order", user: admin };
/** A page of the admin order list as the server sends it (newest first), for a search and status (or none). */
const ordersMock = (orders: Array<{ id: number }>, ask: { search?: string; status?: string; after?: string } = {}, page: PageOptions = {}, extra: object = {}) =>
  queryMock(AdminOrdersDocument, { first: ORDERS_PAGE_SIZE, ...ask }, { orders: connection("Order", orders, page) }, extra);
const rowNames = () =>
  screen
    .getAllByRole("row")
    .map((row) => row.getAttribute("aria-label"))
    .filter(Boolean);

describe("Orders list", () => {
  it("shows the loading view, then the count and the orders in the server's order (newest first)", async () => {
    renderWithShop(<ManageOrdersScreen />, { ...list, mocks: [ordersMock([listed(3), listed(2), listed(1)], {}, { hasNextPage: true, totalCount: 1234 }, { delay: 30 })] });
    expect(screen.getByRole("status", { name: "Loading orders" })).toBeInTheDocument();
    // The count is the server's total over all pages.
    expect(await screen.findByText("Total orders: 1234")).toBeInTheDocument();
    expect(rowNames()).toEqual(["Order ORD-000003", "Order ORD-000002", "Order ORD-000001"]);
  });

  it("each row shows order number (linking to the order view), status badge, total items, date and time, total price", async () => {
    renderWithShop(<ManageOrdersScreen />, { ...list, mocks: [ordersMock([listed(4, { status: "IN_TRANSIT", totalItems: 3, total: 57.5 })])] });
    const row = await screen.findByRole("row", { name: "Order ORD-000004" });
    expect(within(row).getByRole("link", { name: "ORD-000004" })).toHaveAttribute("href", "/admin/view-order/ORD-000004");
    expect(within(row).getByText("in-transit")).toBeInTheDocument();
    expect(within(row).getByRole("cell", { name: "3" })).toBeInTheDocument();
    expect(within(row).getByText("Mar 4, 2026, 3:04 PM")).toBeInTheDocument();
    expect(within(row).getByText("$57.50")).toBeInTheDocument();
  });

  it("searches by order number or reference on the server once the typing pauses", async () => {
    const asked = vi.fn();
    renderWithShop(<ManageOrdersScreen />, {
      ...list,
      mocks: [
        ordersMock([listed(3), listed(2), listed(1)]),
        ordersMock([listed(2)], { search: "ord-000002" }),
        { ...ordersMock([listed(3)], { search: "ref3abc" }), result: () => (asked(), { data: { orders: connection("Order", [listed(3)]) } }) },
      ],
    });
    await screen.findByText("Total orders: 3");
    const search = screen.getByPlaceholderText("Search order number or reference");
    await userEvent.type(search, "ord-000002");
    await waitFor(() => expect(rowNames()).toEqual(["Order ORD-000002"]));
    expect(screen.getByText("Total orders: 1")).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, "ref3abc");
    await waitFor(() => expect(rowNames()).toEqual(["Order ORD-000003"]));
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it("filters by status on the server", async () => {
    renderWithShop(<ManageOrdersScreen />, {
      ...list,
      mocks: [ordersMock([listed(3), listed(2, { status: "DELIVERED" })]), ordersMock([listed(2, { status: "DELIVERED" })], { status: "DELIVERED" })],
    });
    await screen.findByText("Total orders: 2");
    const status = screen.getByRole("combobox", { name: "Status" });
    expect(within(status).getAllByRole("option").map((option) => option.textContent)).toEqual(["All statuses", "Awaiting payment", "pending", "in-transit", "delivered", "cancelled"]);
    await userEvent.selectOptions(status, "DELIVERED");
    await waitFor(() => expect(rowNames()).toEqual(["Order ORD-000002"]));
    expect(screen.getByText("Total orders: 1")).toBeInTheDocument();
  });

  it("page by page: 'Load more' fetches the orders after the last cursor and appends them", async () => {
    renderWithShop(<ManageOrdersScreen />, {
      ...list,
      mocks: [ordersMock([listed(3), listed(2)], {}, { hasNextPage: true, totalCount: 3 }), ordersMock([listed(1)], { after: cursorOf(listed(2)) }, { totalCount: 3 })],
    });
    expect(await screen.findByText("Showing 2 of 3 orders")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load more orders" }));
    await screen.findByRole("row", { name: "Order ORD-000001" });
    expect(rowNames()).toEqual(["Order ORD-000003", "Order ORD-000002", "Order ORD-000001"]);
  });

  it("'No orders found matching your search.' when nothing matches", async () => {
    renderWithShop(<ManageOrdersScreen />, { ...list, mocks: [ordersMock([listed(1)]), ordersMock([], { search: "ORD-999" })] });
    await screen.findByText("Total orders: 1");
    await userEvent.type(screen.getByPlaceholderText("Search order number or reference"), "ORD-999");
    expect(await screen.findByText("No orders found matching your search.")).toBeInTheDocument();
  });

  it("'No orders yet.' when there are none", async () => {
    renderWithShop(<ManageOrdersScreen />, { ...list, mocks: [ordersMock([])] });
    expect(await screen.findByText("No orders yet.")).toBeInTheDocument();
  });

  it("a failed load is silent (logged)", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithShop(<ManageOrdersScreen />, { ...list, mocks: [ordersMock([], {}, {}, { error: new Error("offline") })] });
    expect(await screen.findByText("No orders yet.")).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith("Could not load the orders", expect.any(Error));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

interface RefundFixture {
  __typename: "OrderRefundView";
  id: number;
  amount: number;
  reason: string;
  state: string;
  createdAt: string;
  lines: Array<{ __typename: "RefundedLineView"; lineId: number; quantity: number; amount: number }>;
}

interface PaymentFixture {
  __typename: "OrderPaymentView";
  provider: string;
  state: string;
  url: string | null;
  expiresAt: string;
  paidAt: string | null;
  sessionId: string;
  paymentIntentId: string | null;
  problem: string | null;
  dashboardUrl: string | null;
}

const order = {
  __typename: "Order" as const,
  id: 4,
  orderNumber: "ORD-000004",
  reference: "ABCDEFGH12345678",
  status: "PENDING" as const,
  totalItems: 3,
  subtotal: 52.5,
  deliveryFee: 5,
  total: 57.5,
  region: "Portland Metro",
  userEmail: "ada@example.com",
  userPhone: "+1 555 0100",
  userAddress: "1 Fern Street, Portland",
  createdAt: "2026-03-02T15:04:00.000Z",
  updatedAt: "2026-03-02T15:04:00.000Z",
  discountTotal: 0,
  deliveryDiscount: 0,
  taxTotal: 0,
  pricesIncludeTax: false,
  promotions: [] as Array<{ __typename: "AppliedPromotionView"; name: string; code: string | null; amount: number }>,
  taxLines: [] as Array<{ __typename: "TaxLineView"; name: string; rate: number; net: number; tax: number }>,
  // Paid, nothing refunded yet.
  refunded: 0,
  paymentStatus: "PAID" as PaymentStatus,
  refunds: [] as RefundFixture[],
  // Paid at checkout (the simulated payments): no payment on a provider's page.
  payment: null as PaymentFixture | null,
  lines: [
    { __typename: "OrderLine" as const, id: 41, productId: 101, variantId: 1010, sku: "BOSTON-FERN", options: [], slug: "boston-fern", name: "Boston Fern", imageOne: "/f.svg", image: picture("fern", "Boston Fern"), unitPrice: 20, quantity: 2, lineTotal: 40 },
    { __typename: "OrderLine" as const, id: 42, productId: null, variantId: null, sku: "", options: [], slug: "old-trowel", name: "Old Trowel", imageOne: "/t.svg", image: picture("trowel", "Old Trowel"), unitPrice: 12.5, quantity: 1, lineTotal: 12.5 },
  ],
};

const view = { route: "/admin/view-order/ORD-000004", path: "/admin/view-order/:orderNumber", user: admin };
const orderRequest = { query: AdminOrderDocument, variables: { orderNumber: "ORD-000004" } };
const statusRequest = (status: string) => ({ query: UpdateOrderStatusDocument, variables: { id: 4, status } });
const cancelAnswer = {
  __typename: "OrderPayload",
  message: "Order status updated successfully.",
  order: { __typename: "Order", id: 4, status: "CANCELLED", updatedAt: "2026-03-05T10:00:00.000Z" },
};

describe("Order view", () => {
  it("shows the loading view, then reference, status, subtotal, delivery fee and total; email, phone, address and region; the lines", async () => {
    renderWithShop(<ViewOrderScreen />, { ...view, mocks: [{ request: orderRequest, result: { data: { order } }, delay: 30 }] });
    expect(screen.getByRole("status", { name: "Loading the order" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Order ORD-000004" })).toBeInTheDocument();
    const details = within(screen.getByRole("region", { name: "Order details" }));
    expect(details.getByText("ABCDEFGH12345678")).toBeInTheDocument();
    expect(details.getByText("pending")).toBeInTheDocument();
    expect(details.getByText("$52.50")).toBeInTheDocument();
    expect(details.getByText("$5.00")).toBeInTheDocument();
    expect(details.getByText("$57.50")).toBeInTheDocument();
    const delivery = within(screen.getByRole("region", { name: "Delivery details" }));
    for (const text of ["ada@example.com", "+1 555 0100", "1 Fern Street, Portland", "Portland Metro"]) expect(delivery.getByText(text)).toBeInTheDocument();
    const lines = within(screen.getByRole("region", { name: "Items" }));
    const fernRow = lines.getByRole("cell", { name: /Boston Fern/ }).closest("tr")!;
    expect(within(fernRow).getByText("$20.00")).toBeInTheDocument();
    expect(within(fernRow).getByText("2")).toBeInTheDocument();
    expect(lines.getByRole("cell", { name: /Old Trowel/ })).toBeInTheDocument();
  });

  it("an order without promotions or tax shows no discount, no tax and no promotions", async () => {
    renderWithShop(<ViewOrderScreen />, { ...view, mocks: [{ request: orderRequest, result: { data: { order } } }] });
    const details = within(await screen.findByRole("region", { name: "Order details" }));
    expect(details.queryByText("Discount")).not.toBeInTheDocument();
    expect(details.queryByText("Delivery discount")).not.toBeInTheDocument();
    expect(details.queryByText(/^Tax/)).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Promotions" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /^Tax/ })).not.toBeInTheDocument();
  });

  it("an order that got promotions and paid tax shows each promotion (name, code or Automatic, amount), the discounts and the tax per rate", async () => {
    const discounted = {
      ...order,
      discountTotal: 7.88,
      deliveryDiscount: 5,
      taxTotal: 8.92,
      total: 53.54,
      promotions: [
        { __typename: "AppliedPromotionView" as const, name: "Autumn sale", code: "AUTUMN15", amount: 7.88 },
        { __typename: "AppliedPromotionView" as const, name: "Free delivery weekend", code: null, amount: 5 },
      ],
      taxLines: [
        { __typename: "TaxLineView" as const, name: "VAT 20%", rate: 20, net: 44.62, tax: 8.92 },
        { __typename: "TaxLineView" as const, name: "Delivery VAT", rate: 20, net: 0, tax: 0 },
      ],
    };
    renderWithShop(<ViewOrderScreen />, { ...view, mocks: [{ request: orderRequest, result: { data: { order: discounted } } }] });
    const details = within(await screen.findByRole("region", { name: "Order details" }));
    expect(details.getByText("Discount").nextElementSibling).toHaveTextContent("−$7.88");
    expect(details.getByText("Delivery discount").nextElementSibling).toHaveTextContent("−$5.00");
    expect(details.getByText("Tax").nextElementSibling).toHaveTextContent("$8.92");
    const promotions = within(screen.getByRole("region", { name: "Promotions" }));
    const rows = promotions.getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Autumn sale", "AUTUMN15", "−$7.88"],
      ["Free delivery weekend", "Automatic", "−$5.00"],
    ]);
    const tax = within(screen.getByRole("region", { name: "Tax" }));
    // A rate that charged nothing is left out.
    expect(tax.getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([["VAT 20%", "20%", "$44.62", "$8.92"]]);
  });

  it("with prices that include tax, the tax is said to be included", async () => {
    const included = { ...order, taxTotal: 8.75, pricesIncludeTax: true, taxLines: [{ __typename: "TaxLineView" as const, name: "VAT 20%", rate: 20, net: 43.75, tax: 8.75 }] };
    renderWithShop(<ViewOrderScreen />, { ...view, mocks: [{ request: orderRequest, result: { data: { order: included } } }] });
    const details = within(await screen.findByRole("region", { name: "Order details" }));
    expect(details.getByText("Tax (included)").nextElementSibling).toHaveTextContent("$8.75");
    expect(screen.getByRole("region", { name: "Tax (included in the prices)" })).toBeInTheDocument();
  });

  it.each([
    ["PENDING", "pending", ["pending", "in-transit", "delivered", "cancelled"]],
    ["IN_TRANSIT", "in-transit", ["pending", "in-transit", "delivered", "cancelled"]],
    ["DELIVERED", "delivered", ["pending", "in-transit", "delivered"]],
  ] as const)("'Manage Status' of a %s order offers only the moves the server allows, set to the order's status", async (status, shown, offered) => {
    renderWithShop(<ViewOrderScreen />, { ...view, mocks: [{ request: orderRequest, result: { data: { order: { ...order, status } } } }] });
    const select = await screen.findByLabelText("Manage Status");
    expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual(offered);
    expect(select).toHaveDisplayValue(shown);
    expect(screen.getByRole("button", { name: "Change" })).toBeInTheDocument();
  });

  it("a cancelled order offers no choice: its status is final", async () => {
    renderWithShop(<ViewOrderScreen />, { ...view, mocks: [{ request: orderRequest, result: { data: { order: { ...order, status: "CANCELLED" } } } }] });
    expect(await screen.findByText(CANCELLED_IS_FINAL)).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Order details" })).getByText("cancelled")).toBeInTheDocument();
    expect(screen.queryByLabelText("Manage Status")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change" })).not.toBeInTheDocument();
  });

  it("Change sets the chosen status, shows the server's message and reloads the order", async () => {
    const load = vi
      .fn()
      .mockReturnValueOnce({ data: { order } })
      .mockReturnValue({ data: { order: { ...order, status: "DELIVERED" } } });
    renderWithShop(<ViewOrderScreen />, {
      ...view,
      mocks: [
        { request: orderRequest, result: load, maxUsageCount: 2 },
        {
          request: statusRequest("DELIVERED"),
          result: { data: { updateOrderStatus: { __typename: "OrderPayload", message: "Order status updated successfully.", order: { __typename: "Order", id: 4, status: "DELIVERED", updatedAt: "2026-03-05T10:00:00.000Z" } } } },
        },
      ],
    });
    await userEvent.selectOptions(await screen.findByLabelText("Manage Status"), "delivered");
    await userEvent.click(screen.getByRole("button", { name: "Change" }));
    expect(await screen.findByText("Order status updated successfully.")).toBeInTheDocument();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(within(screen.getByRole("region", { name: "Order details" })).getByText("delivered")).toBeInTheDocument();
    expect(screen.getByLabelText("Manage Status")).toHaveDisplayValue("delivered");
  });

  it("a failed change shows 'Failed to update status.'", async () => {
    renderWithShop(<ViewOrderScreen />, {
      ...view,
      mocks: [
        { request: orderRequest, result: { data: { order } } },
        { request: statusRequest("IN_TRANSIT"), result: { errors: [{ message: "Order not found.", extensions: { code: "NOT_FOUND" } }] } },
      ],
    });
    await userEvent.selectOptions(await screen.findByLabelText("Manage Status"), "in-transit");
    await userEvent.click(screen.getByRole("button", { name: "Change" }));
    expect(await screen.findByText("Failed to update status.")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Order details" })).getByText("pending")).toBeInTheDocument();
  });

  it("choosing cancelled asks first; 'Keep order' sends nothing and gives focus back to Change", async () => {
    const cancelled = vi.fn(() => ({ data: { updateOrderStatus: cancelAnswer } }));
    renderWithShop(<ViewOrderScreen />, { ...view, mocks: [{ request: orderRequest, result: { data: { order } } }, { request: statusRequest("CANCELLED"), result: cancelled }] });
    await userEvent.selectOptions(await screen.findByLabelText("Manage Status"), "cancelled");
    const change = screen.getByRole("button", { name: "Change" });
    await userEvent.click(change);
    const dialog = await screen.findByRole("dialog", { name: "Cancel order ORD-000004?" });
    expect(within(dialog).getByText(CANCEL_ORDER_TEXT)).toBeInTheDocument();
    // Cancelling refunds what is left of the payment (the server does it): the admin is told before choosing.
    expect(CANCEL_ORDER_TEXT).toBe(
      "Its items go back into stock and any promotion code can be used again. Anything paid is refunded to the shopper's card. The shopper is e-mailed. This cannot be undone.",
    );
    // Focus starts on the choice that changes nothing.
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Keep order" })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep order" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(change).toHaveFocus());
    expect(cancelled).not.toHaveBeenCalled();
    expect(within(screen.getByRole("region", { name: "Order details" })).getByText("pending")).toBeInTheDocument();
  });

  it("'Cancel order' in the dialog cancels (busy meanwhile): the server's message, the badge says cancelled, no choice is left and focus is on the sentence that says so", async () => {
    const load = vi
      .fn()
      .mockReturnValueOnce({ data: { order } })
      .mockReturnValue({ data: { order: { ...order, status: "CANCELLED" } } });
    renderWithShop(<ViewOrderScreen />, {
      ...view,
      mocks: [
        { request: orderRequest, result: load, maxUsageCount: 2 },
        { request: statusRequest("CANCELLED"), result: { data: { updateOrderStatus: cancelAnswer } }, delay: 50 },
      ],
    });
    await userEvent.selectOptions(await screen.findByLabelText("Manage Status"), "cancelled");
    await userEvent.click(screen.getByRole("button", { name: "Change" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel order ORD-000004?" });
    const confirm = within(dialog).getByRole("button", { name: "Cancel order" });
    await userEvent.click(confirm);
    expect(confirm).toHaveAttribute("data-loading", "true");
    expect(within(dialog).getByRole("button", { name: "Keep order" })).toBeDisabled();
    expect(await screen.findByText("Order status updated successfully.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(screen.getByRole("region", { name: "Order details" })).getByText("cancelled")).toBeInTheDocument();
    expect(screen.queryByLabelText("Manage Status")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(CANCELLED_IS_FINAL)).toHaveFocus());
  });

  it("a refused cancellation shows the server's message in the dialog, which stays open", async () => {
    const refusal = { errors: [{ message: "Invalid input.", extensions: { code: "BAD_USER_INPUT", fields: { status: ["An order that is delivered cannot become cancelled."] } } }] };
    renderWithShop(<ViewOrderScreen />, { ...view, mocks: [{ request: orderRequest, result: { data: { order } } }, { request: statusRequest("CANCELLED"), result: refusal }] });
    await userEvent.selectOptions(await screen.findByLabelText("Manage Status"), "cancelled");
    await userEvent.click(screen.getByRole("button", { name: "Change" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel order ORD-000004?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("An order that is delivered cannot become cancelled.");
    expect(screen.getByRole("dialog", { name: "Cancel order ORD-000004?" })).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Order details" })).getByText("pending")).toBeInTheDocument();
  });

  it("says so when the order cannot be loaded", async () => {
    renderWithShop(<ViewOrderScreen />, {
      ...view,
      mocks: [{ request: orderRequest, result: { errors: [{ message: "Order not found.", extensions: { code: "NOT_FOUND" } }] } }],
    });
    expect(await screen.findByText("We could not find this order.")).toBeInTheDocument();
    expect(screen.getByText("Order not found.")).toBeInTheDocument();
  });

  it("live: a new order reloads the list (and is announced); another admin's status change shows in place", async () => {
    const live = createTestLive();
    renderWithShop(<ManageOrdersScreen />, {
      ...list,
      live,
      // The first page once (as the screen opens), then the list as it is after the new order.
      mocks: [ordersMock([listed(2), listed(1)], {}, { totalCount: 2 }, { times: 1 }), ordersMock([listed(3), listed(2), listed(1)], {}, { totalCount: 3 })],
    });
    await screen.findByText("Total orders: 2");
    expect(live.listening("LiveOrderPlaced")).toHaveLength(1);
    live.emit("LiveOrderPlaced", { orderPlaced: { __typename: "Order", id: 3, orderNumber: "ORD-000003" } });
    expect(await screen.findByText("Total orders: 3")).toBeInTheDocument();
    expect(rowNames()).toEqual(["Order ORD-000003", "Order ORD-000002", "Order ORD-000001"]);
    expect(await screen.findByText("New order ORD-000003.")).toBeInTheDocument();

    live.emit("LiveOrderStatus", {
      orderStatusChanged: { __typename: "Order", id: 1, orderNumber: "ORD-000001", status: "DELIVERED", paymentStatus: "PAID", updatedAt: "2026-03-06T10:00:00.000Z" },
    });
    expect(await within(screen.getByRole("row", { name: "Order ORD-000001" })).findByText("delivered")).toBeInTheDocument();
    // The admin's own list tells no toast for a status change: the admin who made it already has the confirmation.
    expect(screen.queryByText("Order ORD-000001 is now delivered.")).not.toBeInTheDocument();
  });
});

describe("Order view: payment and refunds", () => {
  const refundRow = (id: number, amount: number, reason: string, state: string, lines: Array<[number, number, number]> = []): RefundFixture => ({
    __typename: "OrderRefundView",
    id,
    amount,
    reason,
    state,
    createdAt: `2026-03-0${id + 4}T09:30:00.000Z`,
    lines: lines.map(([lineId, quantity, lineAmount]) => ({ __typename: "RefundedLineView", lineId, quantity, amount: lineAmount })),
  });
  // $57.50 paid: one Boston Fern ($20.00) given back; a later refund of the trowel ($5.00 of it) the payment
  // provider refused: it gave nothing back, neither money nor units.
  const partlyRefunded = {
    ...order,
    refunded: 20,
    paymentStatus: "PARTIALLY_REFUNDED" as const,
    refunds: [refundRow(1, 20, "Frond broken in transit", "succeeded", [[41, 1, 20]]), refundRow(2, 5, "Goodwill", "failed", [[42, 1, 5]])],
  };
  const refundRequest = (input: object) => ({ query: RefundOrderDocument, variables: { id: 4, input } });
  const refundAnswer = (answered: object) => ({ data: { refundOrder: { __typename: "OrderPayload", message: "Refund issued successfully.", order: answered } } });
  const renderOrder = (shown: object, more: MockLink.MockedResponse[] = []) =>
    renderWithShop(<ViewOrderScreen />, { ...view, mocks: [{ request: orderRequest, result: { data: { order: shown } } }, ...more] });
  const openRefund = async () => {
    await userEvent.click(await screen.findByRole("button", { name: "Refund" }));
    return within(await screen.findByRole("dialog", { name: "Refund order ORD-000004" }));
  };
  const details = () => within(screen.getByRole("region", { name: "Order details" }));

  it("shows the payment status (Paid) and no refunds while nothing was refunded; 'Refund' is offered", async () => {
    renderOrder(order);
    expect(await screen.findByTestId("payment-status")).toHaveTextContent(/^Paid$/);
    expect(details().queryByText("Refunded")).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Refunds" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Refund" })).toBeInTheDocument();
  });

  it("lists the refunds (date, amount, reason with the items, state), failed ones marked; the figures say what was refunded", async () => {
    renderOrder(partlyRefunded);
    expect(await screen.findByTestId("payment-status")).toHaveTextContent("Partially refunded");
    expect(details().getByText("Refunded").nextElementSibling).toHaveTextContent("$20.00");
    const rows = within(screen.getByRole("region", { name: "Refunds" })).getAllByTestId("order-refund");
    expect(rows.map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([
      ["Mar 5, 2026, 9:30 AM", "$20.00", "Frond broken in transit1 × Boston Fern", "Succeeded"],
      ["Mar 6, 2026, 9:30 AM", "$5.00", "Goodwill1 × Old Trowel", "FailedNothing was refunded."],
    ]);
    expect(rows[1]).toHaveAttribute("data-state", "failed");
  });

  it("a fully refunded order says Refunded and offers no 'Refund'", async () => {
    renderOrder({ ...order, refunded: 57.5, paymentStatus: "REFUNDED", refunds: [refundRow(1, 57.5, "Order cancelled", "succeeded")] });
    expect(await screen.findByTestId("payment-status")).toHaveTextContent(/^Refunded$/);
    expect(screen.queryByRole("button", { name: "Refund" })).not.toBeInTheDocument();
  });

  it("an amount: says what is left (total less refunded), names the amount on the button, and 'Keep' sends nothing", async () => {
    const sent = vi.fn(() => refundAnswer(partlyRefunded));
    renderOrder(partlyRefunded, [{ request: refundRequest({ amount: 10, reason: "x" }), result: sent }]);
    const dialog = await openRefund();
    // $57.50 paid, $20.00 refunded (the failed $5.00 gave nothing back).
    expect(dialog.getByTestId("refund-left")).toHaveTextContent("$37.50 of $57.50 can still be refunded.");
    expect(dialog.getByRole("radio", { name: "An amount" })).toBeChecked();
    expect(dialog.getByRole("button", { name: "Refund" })).toBeInTheDocument();
    await userEvent.type(dialog.getByRole("textbox", { name: "Amount" }), "12.5");
    expect(dialog.getByRole("button", { name: "Refund $12.50" })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole("button", { name: "Keep" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent).not.toHaveBeenCalled();
  });

  it("refunds an amount (busy meanwhile): the server's message, and the order shows the answer's figures and refund", async () => {
    const answered = {
      ...partlyRefunded,
      refunded: 32.5,
      refunds: [...partlyRefunded.refunds, refundRow(3, 12.5, "Late delivery", "succeeded")],
    };
    renderOrder(partlyRefunded, [{ request: refundRequest({ amount: 12.5, reason: "Late delivery" }), result: refundAnswer(answered), delay: 300 }]);
    const dialog = await openRefund();
    await userEvent.type(dialog.getByRole("textbox", { name: "Amount" }), "12.50");
    await userEvent.type(dialog.getByRole("textbox", { name: "Reason" }), "  Late delivery ");
    const confirm = dialog.getByRole("button", { name: "Refund $12.50" });
    await userEvent.click(confirm);
    expect(confirm).toHaveAttribute("data-loading", "true");
    expect(dialog.getByRole("button", { name: "Keep" })).toBeDisabled();
    expect(await screen.findByText("Refund issued successfully.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(details().getByText("Refunded").nextElementSibling).toHaveTextContent("$32.50");
    expect(within(screen.getByRole("region", { name: "Refunds" })).getAllByTestId("order-refund")).toHaveLength(3);
    expect(screen.getByText("Late delivery")).toBeInTheDocument();
  });

  it("items: each line with the units left (its refunds that did not fail counted), and the chosen units sent by line", async () => {
    const answered = {
      ...partlyRefunded,
      refunded: 32.5,
      refunds: [...partlyRefunded.refunds, refundRow(3, 12.5, "Rusty", "succeeded", [[42, 1, 12.5]])],
    };
    const sent = vi.fn(() => refundAnswer(answered));
    renderOrder(partlyRefunded, [{ request: refundRequest({ lines: [{ lineId: 42, quantity: 1 }], reason: "Rusty" }), result: sent }]);
    const dialog = await openRefund();
    await userEvent.click(dialog.getByRole("radio", { name: "Items" }));
    expect(dialog.queryByRole("textbox", { name: "Amount" })).not.toBeInTheDocument();
    const rows = dialog.getAllByTestId("refund-line").map((row) => within(row).getAllByRole("cell").slice(0, 3).map((cell) => cell.textContent));
    // Two ferns bought, one refunded. The trowel's refund failed: all of it is still left.
    expect(rows).toEqual([
      ["Boston Fern", "2", "1"],
      ["Old Trowel", "1", "1"],
    ]);
    expect(dialog.getByRole("button", { name: "Refund selected items" })).toBeInTheDocument();
    const trowel = dialog.getByRole("textbox", { name: "Units of Old Trowel to refund" });
    await userEvent.clear(trowel);
    await userEvent.type(trowel, "1");
    await userEvent.type(dialog.getByRole("textbox", { name: "Reason" }), "Rusty");
    await userEvent.click(dialog.getByRole("button", { name: "Refund selected items" }));
    expect(await screen.findByText("Refund issued successfully.")).toBeInTheDocument();
    expect(sent).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(details().getByText("Refunded").nextElementSibling).toHaveTextContent("$32.50");
  });

  it("a line whose units were all refunded cannot be chosen again", async () => {
    const fernsBack = { ...partlyRefunded, refunds: [refundRow(1, 40, "Ferns wilted", "succeeded", [[41, 2, 40]])], refunded: 40 };
    renderOrder(fernsBack);
    const dialog = await openRefund();
    await userEvent.click(dialog.getByRole("radio", { name: "Items" }));
    expect(dialog.getByRole("textbox", { name: "Units of Boston Fern to refund" })).toBeDisabled();
    expect(dialog.getByRole("textbox", { name: "Units of Old Trowel to refund" })).toBeEnabled();
  });

  it("asks nothing of the server without a reason, an amount over what is left, or no item chosen: the message beside the field", async () => {
    const sent = vi.fn(() => refundAnswer(partlyRefunded));
    renderOrder(partlyRefunded, [{ request: refundRequest({ amount: 40, reason: "x" }), result: sent }]);
    const dialog = await openRefund();
    await userEvent.type(dialog.getByRole("textbox", { name: "Amount" }), "40");
    await userEvent.click(dialog.getByRole("button", { name: "Refund $40.00" }));
    const amount = dialog.getByRole("textbox", { name: "Amount" });
    await waitFor(() => expect(amount).toHaveAttribute("aria-invalid", "true"));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining("At most $37.50 can still be refunded on this order."));
    expect(dialog.getByRole("textbox", { name: "Reason" })).toHaveAccessibleDescription(expect.stringContaining("Required"));
    expect(amount).toHaveFocus();
    await userEvent.click(dialog.getByRole("radio", { name: "Items" }));
    await userEvent.click(dialog.getByRole("button", { name: "Refund selected items" }));
    expect(await dialog.findByText("Choose at least one item to refund.")).toBeInTheDocument();
    expect(dialog.getByRole("group", { name: "Items to refund" })).toHaveAccessibleDescription("Choose at least one item to refund.");
    expect(sent).not.toHaveBeenCalled();
  });

  it.each([
    ["amount", { amount: 10, reason: "Goodwill" }, { amount: ["At most $25.00 can still be refunded on this order."] }, "Amount"],
    ["reason", { amount: 10, reason: "Goodwill" }, { reason: ["The reason is at most 500 characters."] }, "Reason"],
  ] as const)("the server's message at %s shows beside its field, and the dialog stays open", async (_field, input, fields, label) => {
    const refusal = { errors: [{ message: "Invalid input.", extensions: { code: "BAD_USER_INPUT", fields } }] };
    renderOrder(partlyRefunded, [{ request: refundRequest(input), result: refusal }]);
    const dialog = await openRefund();
    await userEvent.type(dialog.getByRole("textbox", { name: "Amount" }), "10");
    await userEvent.type(dialog.getByRole("textbox", { name: "Reason" }), "Goodwill");
    await userEvent.click(dialog.getByRole("button", { name: "Refund $10.00" }));
    const field = dialog.getByRole("textbox", { name: label });
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(Object.values(fields)[0]![0]));
    expect(dialog.queryByTestId("refund-failure")).not.toBeInTheDocument();
    expect(details().getByText("Refunded").nextElementSibling).toHaveTextContent("$20.00");
  });

  it("the server's message about items shows under the items, and focus goes to the first of them", async () => {
    const refusal = { errors: [{ message: "Invalid input.", extensions: { code: "BAD_USER_INPUT", fields: { lines: ["Only 1 of Boston Fern can still be refunded."] } } }] };
    renderOrder(partlyRefunded, [{ request: refundRequest({ lines: [{ lineId: 41, quantity: 1 }], reason: "Wilted" }), result: refusal }]);
    const dialog = await openRefund();
    await userEvent.click(dialog.getByRole("radio", { name: "Items" }));
    const fern = dialog.getByRole("textbox", { name: "Units of Boston Fern to refund" });
    await userEvent.clear(fern);
    await userEvent.type(fern, "1");
    await userEvent.type(dialog.getByRole("textbox", { name: "Reason" }), "Wilted");
    await userEvent.click(dialog.getByRole("button", { name: "Refund selected items" }));
    expect(await dialog.findByText("Only 1 of Boston Fern can still be refunded.")).toBeInTheDocument();
    expect(dialog.getByRole("group", { name: "Items to refund" })).toHaveAccessibleDescription("Only 1 of Boston Fern can still be refunded.");
    await waitFor(() => expect(fern).toHaveFocus());
    expect(fern).toHaveAttribute("aria-invalid", "true");
  });

  it("a refusal by the payment provider (CONFLICT) shows its words at the top; nothing changes", async () => {
    const conflict = {
      errors: [{ message: "The payment provider did not refund it: card expired. Nothing was refunded; you can try again.", extensions: { code: "CONFLICT" } }],
    };
    renderOrder(partlyRefunded, [{ request: refundRequest({ amount: 10, reason: "Goodwill" }), result: conflict }]);
    const dialog = await openRefund();
    await userEvent.type(dialog.getByRole("textbox", { name: "Amount" }), "10");
    await userEvent.type(dialog.getByRole("textbox", { name: "Reason" }), "Goodwill");
    await userEvent.click(dialog.getByRole("button", { name: "Refund $10.00" }));
    expect(await dialog.findByRole("alert")).toHaveTextContent("The payment provider did not refund it: card expired. Nothing was refunded; you can try again.");
    expect(screen.getByRole("dialog", { name: "Refund order ORD-000004" })).toBeInTheDocument();
    expect(dialog.getByRole("textbox", { name: "Amount" })).not.toHaveAttribute("aria-invalid");
    expect(details().getByText("Refunded").nextElementSibling).toHaveTextContent("$20.00");
  });

  it("a refund of all that was left: the 'Refund' button goes and focus moves to the payment status, which says Refunded", async () => {
    const answered = { ...partlyRefunded, refunded: 57.5, paymentStatus: "REFUNDED" as const, refunds: [...partlyRefunded.refunds, refundRow(3, 37.5, "Returned", "succeeded")] };
    renderOrder(partlyRefunded, [{ request: refundRequest({ amount: 37.5, reason: "Returned" }), result: refundAnswer(answered) }]);
    const dialog = await openRefund();
    await userEvent.type(dialog.getByRole("textbox", { name: "Amount" }), "37.5");
    await userEvent.type(dialog.getByRole("textbox", { name: "Reason" }), "Returned");
    await userEvent.click(dialog.getByRole("button", { name: "Refund $37.50" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Refund" })).not.toBeInTheDocument();
    const status = screen.getByTestId("payment-status");
    expect(status).toHaveTextContent(/^Refunded$/);
    await waitFor(() => expect(status).toHaveFocus());
  });
});

describe("Orders paid on Stripe's page", () => {
  const stripePayment = (overrides: Partial<PaymentFixture> = {}): PaymentFixture => ({
    __typename: "OrderPaymentView",
    provider: "stripe",
    state: "paid",
    url: null,
    expiresAt: "2026-03-02T15:34:00.000Z",
    paidAt: "2026-03-02T15:10:00.000Z",
    sessionId: "cs_test_a1B2c3",
    paymentIntentId: "pi_3Abc",
    problem: null,
    dashboardUrl: "https://dashboard.stripe.com/test/payments/pi_3Abc",
    ...overrides,
  });
  const awaiting = { ...order, status: "AWAITING_PAYMENT" as const, paymentStatus: "AWAITING" as PaymentStatus, payment: stripePayment({ state: "open", url: "https://checkout.stripe.test/cs", paidAt: null, paymentIntentId: null, dashboardUrl: null }) };
  const renderOrder = (shown: object, more: MockLink.MockedResponse[] = [], live = createTestLive()) =>
    renderWithShop(<ViewOrderScreen />, { ...view, live, mocks: [{ request: orderRequest, result: { data: { order: shown } } }, ...more] });
  const payment = () => within(screen.getByRole("region", { name: "Payment" }));
  const detail = (label: string) => payment().getByText(label).nextElementSibling;

  it("the list shows each order's payment status in its own column", async () => {
    renderWithShop(<ManageOrdersScreen />, { ...list, mocks: [ordersMock([listed(2, { status: "AWAITING_PAYMENT", paymentStatus: "AWAITING" }), listed(1, { paymentStatus: "UNPAID", status: "CANCELLED" })])] });
    const row = await screen.findByRole("row", { name: "Order ORD-000002" });
    const headings = screen.getAllByRole("columnheader").map((heading) => heading.textContent);
    expect(headings).toEqual(["Order number", "Status", "Payment", "Total items", "Date", "Total price"]);
    const cells = within(row).getAllByRole("cell");
    expect(cells[1]).toHaveTextContent("Awaiting payment");
    expect(cells[2]).toHaveTextContent(/^Awaiting$/);
    expect(within(screen.getByRole("row", { name: "Order ORD-000001" })).getAllByRole("cell")[2]).toHaveTextContent(/^Unpaid$/);
  });

  it("filters by payment status on the server (paymentStatus sent), with the status filter too", async () => {
    const asked: Array<Record<string, unknown>> = [];
    const answer = (orders: Array<{ id: number }>) => ({ data: { orders: connection("Order", orders) } });
    renderWithShop(<ManageOrdersScreen />, {
      ...list,
      mocks: [
        {
          request: { query: AdminOrdersDocument, variables: (variables: Record<string, unknown>) => (asked.push(variables), true) },
          result: (variables: { paymentStatus?: string; status?: string }) =>
            variables.paymentStatus === "UNPAID" ? answer([listed(1, { status: "CANCELLED", paymentStatus: "UNPAID" })]) : answer([listed(3), listed(2, { status: "AWAITING_PAYMENT", paymentStatus: "AWAITING" }), listed(1, { status: "CANCELLED", paymentStatus: "UNPAID" })]),
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
      ],
    });
    await screen.findByText("Total orders: 3");
    const filter = screen.getByRole("combobox", { name: "Payment status" });
    expect(within(filter).getAllByRole("option").map((option) => option.textContent)).toEqual(["All", "Awaiting payment", "Paid", "Partially refunded", "Refunded", "Unpaid"]);
    expect(asked[0]).toEqual({ first: ORDERS_PAGE_SIZE });
    await userEvent.selectOptions(filter, "UNPAID");
    await waitFor(() => expect(rowNames()).toEqual(["Order ORD-000001"]));
    expect(asked.at(-1)).toEqual({ first: ORDERS_PAGE_SIZE, paymentStatus: "UNPAID" });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "CANCELLED");
    await waitFor(() => expect(asked.at(-1)).toEqual({ first: ORDERS_PAGE_SIZE, paymentStatus: "UNPAID", status: "CANCELLED" }));
    // Back to every payment status: the whole list again, not the filtered one kept under the same name.
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "");
    await userEvent.selectOptions(filter, "");
    await waitFor(() => expect(rowNames()).toEqual(["Order ORD-000003", "Order ORD-000002", "Order ORD-000001"]));
  });

  it("the order view shows its payment: provider, state, session id, payment intent id linked to Stripe's dashboard (new tab), paid at, expires at", async () => {
    renderOrder({ ...order, payment: stripePayment() });
    await screen.findByRole("heading", { name: "Order ORD-000004" });
    expect(detail("Provider")).toHaveTextContent("Stripe");
    expect(detail("State")).toHaveTextContent("Paid");
    expect(detail("Session id")).toHaveTextContent("cs_test_a1B2c3");
    const link = payment().getByRole("link", { name: /pi_3Abc/ });
    expect(link).toHaveAttribute("href", "https://dashboard.stripe.com/test/payments/pi_3Abc");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")?.split(" ")).toContain("noopener");
    expect(link).toHaveAccessibleName("pi_3Abc (in Stripe's dashboard, opens in a new tab)");
    expect(detail("Paid at")).toHaveTextContent("Mar 2, 2026, 3:10 PM");
    expect(detail("Expires at")).toHaveTextContent("Mar 2, 2026, 3:34 PM");
    expect(screen.queryByTestId("payment-problem")).not.toBeInTheDocument();
  });

  it("without a dashboard link (not yet paid, or not an admin's) the payment intent id is plain text", async () => {
    renderOrder({ ...order, payment: stripePayment({ dashboardUrl: null }) });
    await screen.findByRole("heading", { name: "Order ORD-000004" });
    expect(detail("Payment intent id")).toHaveTextContent("pi_3Abc");
    expect(payment().queryByRole("link")).not.toBeInTheDocument();
  });

  it("an order paid at checkout (simulated) shows no Payment section", async () => {
    renderOrder(order);
    await screen.findByRole("heading", { name: "Order ORD-000004" });
    expect(screen.queryByRole("region", { name: "Payment" })).not.toBeInTheDocument();
  });

  it("a payment the shop did not count says why in an alert", async () => {
    const problem = "Paid $5.00 USD where the order is $57.50 USD: not counted. Refund it in Stripe's dashboard and cancel the order.";
    renderOrder({ ...awaiting, payment: { ...awaiting.payment, problem } });
    expect(await screen.findByTestId("payment-problem")).toHaveTextContent(problem);
    expect(screen.getByTestId("payment-problem")).toHaveTextContent("This payment was not counted");
  });

  it("an order awaiting payment offers only 'Cancel order' (never 'Awaiting payment' as a choice), confirmed as any cancellation", async () => {
    const cancel = vi.fn(() => ({ data: { updateOrderStatus: cancelAnswer } }));
    renderOrder(awaiting, [{ request: statusRequest("CANCELLED"), result: cancel }]);
    expect(within(await screen.findByRole("region", { name: "Order details" })).getByText("Awaiting payment")).toBeInTheDocument();
    expect(screen.queryByLabelText("Manage Status")).not.toBeInTheDocument();
    expect(screen.queryByRole("option", { name: "Awaiting payment" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change" })).not.toBeInTheDocument();
    const button = screen.getByRole("button", { name: "Cancel order" });
    expect(button).toHaveAccessibleDescription(AWAITING_PAYMENT_MOVES);
    await userEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Cancel order ORD-000004?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await screen.findByText("Order status updated successfully.")).toBeInTheDocument();
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it("live: once its payment settles, the view reads the order again for what became of the payment", async () => {
    const live = createTestLive();
    const load = vi.fn().mockReturnValueOnce({ data: { order: awaiting } }).mockReturnValue({ data: { order: { ...order, payment: stripePayment() } } });
    renderWithShop(<ViewOrderScreen />, { ...view, live, mocks: [{ request: orderRequest, result: load, maxUsageCount: 2 }] });
    await waitFor(() => expect(detailText("State")).toHaveTextContent("Open"));
    live.emit("LiveOrderStatus", { orderStatusChanged: { __typename: "Order", id: 4, orderNumber: "ORD-000004", status: "PENDING", paymentStatus: "PAID", updatedAt: "2026-03-02T15:10:00.000Z" } });
    await waitFor(() => expect(detailText("State")).toHaveTextContent("Paid"));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId("payment-status")).toHaveTextContent("Paid");
  });
  const detailText = (label: string) => within(screen.getByRole("region", { name: "Payment" })).getByText(label).nextElementSibling;
});
