import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MyOrdersDocument } from "../../graphql/generated/graphql";
import { ORDERS_PAGE_SIZE } from "../../lib/apollo/pages";
import { connection, cursorOf } from "../../test/fixtures";
import { createTestLive } from "../../test/liveEvents";
import { renderWithShop, shopper } from "../../test/renderWithShop";
import { OrdersScreen } from "./OrdersScreen";

const at = { route: "/user/order", path: "/user/order", user: shopper };
const firstPage = { query: MyOrdersDocument, variables: { first: ORDERS_PAGE_SIZE } };
const order = {
  __typename: "Order" as const,
  id: 4,
  orderNumber: "ORD-000004",
  reference: "ABCDEFGH12345678",
  status: "IN_TRANSIT" as const,
  totalItems: 3,
  total: 57.5,
  createdAt: "2026-03-02T15:04:00.000Z",
};

describe("Own orders", () => {
  it("shows each order's number, status, total items, date and time and total price, linking to its detail", async () => {
    renderWithShop(<OrdersScreen />, { ...at, mocks: [{ request: firstPage, result: { data: { myOrders: connection("Order", [order]) } }, delay: 20 }] });
    expect(screen.getByRole("status", { name: "Loading your orders" })).toBeInTheDocument();
    const card = await screen.findByRole("article", { name: "Order ORD-000004" });
    expect(within(card).getByRole("link", { name: "ORD-000004" })).toHaveAttribute("href", "/user/order/ORD-000004");
    expect(within(card).getByText("in-transit")).toBeInTheDocument();
    expect(within(card).getByText("3 item(s)")).toBeInTheDocument();
    expect(within(card).getByText("Mar 2, 2026, 3:04 PM")).toBeInTheDocument();
    expect(within(card).getByText("$57.50")).toBeInTheDocument();
  });

  it("a cancelled order says so", async () => {
    renderWithShop(<OrdersScreen />, { ...at, mocks: [{ request: firstPage, result: { data: { myOrders: connection("Order", [{ ...order, status: "CANCELLED" }]) } } }] });
    const card = await screen.findByRole("article", { name: "Order ORD-000004" });
    expect(within(card).getByText("cancelled")).toBeInTheDocument();
  });

  it("'No orders yet.' when empty", async () => {
    renderWithShop(<OrdersScreen />, { ...at, mocks: [{ request: firstPage, result: { data: { myOrders: connection("Order", []) } } }] });
    expect(await screen.findByText("No orders yet.")).toBeInTheDocument();
  });

  it("a failed load is silent (logged)", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithShop(<OrdersScreen />, { ...at, mocks: [{ request: firstPage, error: new Error("offline") }] });
    expect(await screen.findByText("No orders yet.")).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });

  it("page by page, newest first: 'Load more' fetches the orders after the last cursor and appends them", async () => {
    const older = { ...order, id: 3, orderNumber: "ORD-000003" };
    renderWithShop(<OrdersScreen />, {
      ...at,
      mocks: [
        { request: firstPage, result: { data: { myOrders: connection("Order", [order], { hasNextPage: true, totalCount: 2 }) } } },
        {
          request: { query: MyOrdersDocument, variables: { first: ORDERS_PAGE_SIZE, after: cursorOf(order) } },
          result: { data: { myOrders: connection("Order", [older], { totalCount: 2 }) } },
        },
      ],
    });
    expect(await screen.findByText("Showing 1 of 2 orders")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load more orders" }));
    await screen.findByRole("article", { name: "Order ORD-000003" });
    expect(screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"))).toEqual(["Order ORD-000004", "Order ORD-000003"]);
  });

  it("follows all of the shopper's orders live: a status change shows on its card without a reload, with a toast", async () => {
    const live = createTestLive();
    renderWithShop(<OrdersScreen />, { ...at, live, mocks: [{ request: firstPage, result: { data: { myOrders: connection("Order", [order]) } } }] });
    const card = await screen.findByRole("article", { name: "Order ORD-000004" });
    expect(live.listening("LiveOrderStatus")).toEqual([{ orderNumber: null }]);
    live.emit("LiveOrderStatus", {
      orderStatusChanged: { __typename: "Order", id: 4, orderNumber: "ORD-000004", status: "DELIVERED", paymentStatus: "PAID", updatedAt: "2026-03-06T10:00:00.000Z" },
    });
    expect(await within(card).findByText("delivered")).toBeInTheDocument();
    expect(await screen.findByText("Order ORD-000004 is now delivered.")).toBeInTheDocument();
  });
});
