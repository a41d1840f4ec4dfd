import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminOrderDocument, AdminOrdersDocument, UpdateOrderStatusDocument } from "../../../graphql/generated/graphql";
import { ORDERS_PAGE_SIZE } from "../../../lib/apollo/pages";
import { connection, cursorOf, picture, queryMock, type PageOptions } from "../../../test/fixtures";
import { createTestLive } from "../../../test/liveEvents";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { CANCEL_ORDER_TEXT, CANCELLED_IS_FINAL, ManageOrdersScreen, ViewOrderScreen } from "./OrderScreens";

// Notifications live in a module-wide store: one test's messages must not answer the next one's queries.
afterEach(() => notifications.clean());

const listed = (id: number, overrides: object = {}) => ({
  __typename: "Order" as const,
  id,
  orderNumber: `ORD-00000${id}`,
  reference: `REF${id}ABCDEFGHIJKL`,
  status: "PENDING" as const,
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
    expect(within(status).getAllByRole("option").map((option) => option.textContent)).toEqual(["All statuses", "pending", "in-transit", "delivered", "cancelled"]);
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
  lines: [
    { __typename: "OrderLine" as const, productId: 101, variantId: 1010, sku: "BOSTON-FERN", options: [], slug: "boston-fern", name: "Boston Fern", imageOne: "/f.svg", image: picture("fern", "Boston Fern"), unitPrice: 20, quantity: 2, lineTotal: 40 },
    { __typename: "OrderLine" as const, productId: null, variantId: null, sku: "", options: [], slug: "old-trowel", name: "Old Trowel", imageOne: "/t.svg", image: picture("trowel", "Old Trowel"), unitPrice: 12.5, quantity: 1, lineTotal: 12.5 },
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
    expect(CANCEL_ORDER_TEXT).toBe("Its items go back into stock and any promotion code can be used again. The shopper is e-mailed. This cannot be undone.");
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
      orderStatusChanged: { __typename: "Order", id: 1, orderNumber: "ORD-000001", status: "DELIVERED", updatedAt: "2026-03-06T10:00:00.000Z" },
    });
    expect(await within(screen.getByRole("row", { name: "Order ORD-000001" })).findByText("delivered")).toBeInTheDocument();
    // The admin's own list tells no toast for a status change: the admin who made it already has the confirmation.
    expect(screen.queryByText("Order ORD-000001 is now delivered.")).not.toBeInTheDocument();
  });
});
