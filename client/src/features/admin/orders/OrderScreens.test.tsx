import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminOrderDocument, AdminOrdersDocument, UpdateOrderStatusDocument } from "../../../graphql/generated/graphql";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { ManageOrdersScreen, ViewOrderScreen } from "./OrderScreens";

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
const ordersMock = (orders: object[], extra: object = {}) => ({ request: { query: AdminOrdersDocument }, result: { data: { orders } }, ...extra });
const rowNames = () =>
  screen
    .getAllByRole("row")
    .map((row) => row.getAttribute("aria-label"))
    .filter(Boolean);

describe("Orders list", () => {
  it("shows the loading view, then the count and the orders newest first", async () => {
    renderWithShop(<ManageOrdersScreen />, { ...list, mocks: [ordersMock([listed(1), listed(3), listed(2)], { delay: 30 })] });
    expect(screen.getByRole("status", { name: "Loading orders" })).toBeInTheDocument();
    expect(await screen.findByText("Total orders: 3")).toBeInTheDocument();
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

  it("searches by order number or reference, case-insensitive substring", async () => {
    renderWithShop(<ManageOrdersScreen />, { ...list, mocks: [ordersMock([listed(1), listed(2), listed(3)])] });
    await screen.findByText("Total orders: 3");
    const search = screen.getByPlaceholderText("Search order number or reference");
    await userEvent.type(search, "ord-000002");
    expect(rowNames()).toEqual(["Order ORD-000002"]);
    await userEvent.clear(search);
    await userEvent.type(search, "ref3abc");
    expect(rowNames()).toEqual(["Order ORD-000003"]);
  });

  it("'No orders found matching your search.' when nothing matches", async () => {
    renderWithShop(<ManageOrdersScreen />, { ...list, mocks: [ordersMock([listed(1)])] });
    await screen.findByText("Total orders: 1");
    await userEvent.type(screen.getByPlaceholderText("Search order number or reference"), "ORD-999");
    expect(screen.getByText("No orders found matching your search.")).toBeInTheDocument();
  });

  it("'No orders yet.' when there are none", async () => {
    renderWithShop(<ManageOrdersScreen />, { ...list, mocks: [ordersMock([])] });
    expect(await screen.findByText("No orders yet.")).toBeInTheDocument();
  });

  it("a failed load is silent (logged)", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithShop(<ManageOrdersScreen />, { ...list, mocks: [{ request: { query: AdminOrdersDocument }, error: new Error("offline") }] });
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
  lines: [
    { __typename: "OrderLine" as const, productId: 101, slug: "boston-fern", name: "Boston Fern", imageOne: "/f.svg", unitPrice: 20, quantity: 2, lineTotal: 40 },
    { __typename: "OrderLine" as const, productId: null, slug: "old-trowel", name: "Old Trowel", imageOne: "/t.svg", unitPrice: 12.5, quantity: 1, lineTotal: 12.5 },
  ],
};

const view = { route: "/admin/view-order/ORD-000004", path: "/admin/view-order/:orderNumber", user: admin };
const orderRequest = { query: AdminOrderDocument, variables: { orderNumber: "ORD-000004" } };
const statusRequest = (status: string) => ({ query: UpdateOrderStatusDocument, variables: { id: 4, status } });

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

  it("'Manage Status' offers pending, in-transit and delivered, set to the order's status", async () => {
    renderWithShop(<ViewOrderScreen />, { ...view, mocks: [{ request: orderRequest, result: { data: { order } } }] });
    const select = await screen.findByLabelText("Manage Status");
    expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual(["pending", "in-transit", "delivered"]);
    expect(select).toHaveDisplayValue("pending");
    expect(screen.getByRole("button", { name: "Change" })).toBeInTheDocument();
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

  it("says so when the order cannot be loaded", async () => {
    renderWithShop(<ViewOrderScreen />, {
      ...view,
      mocks: [{ request: orderRequest, result: { errors: [{ message: "Order not found.", extensions: { code: "NOT_FOUND" } }] } }],
    });
    expect(await screen.findByText("We could not find this order.")).toBeInTheDocument();
    expect(screen.getByText("Order not found.")).toBeInTheDocument();
  });
});
