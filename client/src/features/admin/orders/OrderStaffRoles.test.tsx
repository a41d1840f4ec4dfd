// Staff roles on the admin order view: changing an order (its status, cancelling, refunding) needs the
// orders:write ability; support reads orders only.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../../lib/session/session";
import { picture } from "../../../test/fixtures";
import { admin, orderManager, renderWithShop, specAdmin, support } from "../../../test/renderWithShop";
import { ViewOrderScreen } from "./OrderScreens";
import { AdminOrderDocument } from "./viewOperations";

const order = {
  __typename: "Order" as const,
  id: 4,
  orderNumber: "ORD-000004",
  reference: "ABCDEFGH12345678",
  status: "PENDING" as string,
  totalItems: 1,
  subtotal: 20,
  deliveryFee: 5,
  total: 25,
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
  promotions: [],
  taxLines: [],
  refunded: 0,
  paymentStatus: "PAID" as string,
  refunds: [],
  payment: null,
  lines: [
    { __typename: "OrderLine" as const, id: 41, productId: 101, variantId: 1010, sku: "BOSTON-FERN", options: [], slug: "boston-fern", name: "Boston Fern", imageOne: "/f.svg", image: picture("fern", "Boston Fern"), unitPrice: 20, quantity: 1, lineTotal: 20 },
  ],
};

function renderOrder(user: SessionUser, overrides: Partial<typeof order> = {}) {
  return renderWithShop(<ViewOrderScreen />, {
    route: "/admin/view-order/ORD-000004",
    path: "/admin/view-order/:orderNumber",
    user,
    mocks: [{ request: { query: AdminOrderDocument, variables: { orderNumber: "ORD-000004" } }, result: { data: { order: { ...order, ...overrides } } } }],
  });
}

const writeActions = () => ({
  status: screen.queryByRole("combobox", { name: "Manage Status" }),
  change: screen.queryByRole("button", { name: "Change" }),
  refund: screen.queryByRole("button", { name: "Refund" }),
  cancel: screen.queryByRole("button", { name: "Cancel order" }),
});

describe("Staff roles: an order's status, cancellation and refund need orders:write", () => {
  it("support sees the order, but no status select, Change or Refund", async () => {
    renderOrder(support);
    expect(await screen.findByRole("heading", { name: "Order ORD-000004" })).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Order details" })).getByText("pending")).toBeInTheDocument();
    expect(writeActions()).toEqual({ status: null, change: null, refund: null, cancel: null });
  });

  it("support is not offered 'Cancel order' on an order awaiting payment", async () => {
    renderOrder(support, { status: "AWAITING_PAYMENT", paymentStatus: "AWAITING" });
    expect(await screen.findByRole("heading", { name: "Order ORD-000004" })).toBeInTheDocument();
    expect(writeActions().cancel).toBeNull();
  });

  it.each([
    { who: "an order manager", user: orderManager },
    { who: "the spec's admin", user: specAdmin },
    { who: "the owner", user: admin },
  ])("$who changes the status and refunds", async ({ user }) => {
    renderOrder(user);
    expect(await screen.findByRole("combobox", { name: "Manage Status" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Refund" })).toBeInTheDocument();
  });

  it("an order manager may cancel an order awaiting payment", async () => {
    renderOrder(orderManager, { status: "AWAITING_PAYMENT", paymentStatus: "AWAITING" });
    expect(await screen.findByRole("button", { name: "Cancel order" })).toBeInTheDocument();
  });
});
