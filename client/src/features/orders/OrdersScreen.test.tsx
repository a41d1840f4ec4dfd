import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { MyOrdersDocument } from "../../graphql/generated/graphql";
import { renderWithShop, shopper } from "../../test/renderWithShop";
import { OrdersScreen } from "./OrdersScreen";

const at = { route: "/user/order", path: "/user/order", user: shopper };
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
    renderWithShop(<OrdersScreen />, { ...at, mocks: [{ request: { query: MyOrdersDocument }, result: { data: { myOrders: [order] } }, delay: 20 }] });
    expect(screen.getByRole("status", { name: "Loading your orders" })).toBeInTheDocument();
    const card = await screen.findByRole("article", { name: "Order ORD-000004" });
    expect(within(card).getByRole("link", { name: "ORD-000004" })).toHaveAttribute("href", "/user/order/ORD-000004");
    expect(within(card).getByText("in-transit")).toBeInTheDocument();
    expect(within(card).getByText("3 item(s)")).toBeInTheDocument();
    expect(within(card).getByText("Mar 2, 2026, 3:04 PM")).toBeInTheDocument();
    expect(within(card).getByText("$57.50")).toBeInTheDocument();
  });

  it("'No orders yet.' when empty", async () => {
    renderWithShop(<OrdersScreen />, { ...at, mocks: [{ request: { query: MyOrdersDocument }, result: { data: { myOrders: [] } } }] });
    expect(await screen.findByText("No orders yet.")).toBeInTheDocument();
  });

  it("a failed load is silent (logged)", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithShop(<OrdersScreen />, { ...at, mocks: [{ request: { query: MyOrdersDocument }, error: new Error("offline") }] });
    expect(await screen.findByText("No orders yet.")).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });
});
