import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { OrderDetailDocument } from "../../graphql/generated/graphql";
import { createTestLive } from "../../test/liveEvents";
import { renderWithShop, shopper } from "../../test/renderWithShop";
import { picture } from "../../test/fixtures";
import { OrderDetailScreen } from "./OrderDetailScreen";

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
  taxTotal: 0,
  pricesIncludeTax: false,
  taxLines: [] as Array<{ __typename: "TaxLineView"; name: string; rate: number; net: number; tax: number }>,
  promotions: [] as Array<{ __typename: "AppliedPromotionView"; name: string; code: string | null; amount: number }>,
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
      tax: 0,
      taxRate: 0,
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
    tax: 0,
    taxRate: 0,
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
      orderStatusChanged: { __typename: "Order", id: 4, orderNumber: "ORD-000004", status: "IN_TRANSIT", updatedAt: "2026-03-06T10:00:00.000Z" },
    });
    expect(await screen.findByText("in-transit")).toBeInTheDocument();
    expect(screen.queryByText("delivered")).not.toBeInTheDocument();
    expect(await screen.findByText("Order ORD-000004 is now in-transit.")).toBeInTheDocument();
  });
});
