import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AdminAnalyticsDocument, AdminSalesReportDocument, AdminTopProductsDocument } from "../../../graphql/generated/graphql";
import { emptyReport } from "./salesReportFixtures";
import { createTestLive } from "../../../test/liveEvents";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { picture } from "../../../test/fixtures";
import { DashboardScreen, salesBreakdownText } from "./DashboardScreen";

const analytics = {
  __typename: "AnalyticsSummary" as const,
  totalUsers: 42,
  userGrowthPercentage: 12,
  totalRevenue: 1234.5,
  totalDiscounts: 0,
  totalTax: 0,
  revenueChangePercentage: -4,
  totalOrders: 17,
  orderGrowthPercentage: 0,
  lastThreeMonths: [
    { __typename: "MonthFigures" as const, month: "September", yearMonth: "2026-09", newUsers: 3, revenue: 300, newOrders: 4 },
    { __typename: "MonthFigures" as const, month: "October", yearMonth: "2026-10", newUsers: 5, revenue: 250.25, newOrders: 6 },
    { __typename: "MonthFigures" as const, month: "November", yearMonth: "2026-11", newUsers: 8, revenue: 684.25, newOrders: 7 },
  ],
};

/** A top product's sales of one variant: its SKU when bought and its option values, [name, value]. */
const sold = (sku: string, purchasedQuantity: number, options: Array<[string, string]> = []) => ({
  __typename: "TopProductVariant" as const,
  sku,
  purchasedQuantity,
  options: options.map(([name, value]) => ({ __typename: "VariantOption" as const, name, value })),
});

const topProducts = [
  { __typename: "TopProduct" as const, id: 101, slug: "boston-fern", name: "Boston Fern", category: "Indoor Plants", image: picture("fern", "Boston Fern"), purchasedQuantity: 9, variants: [sold("BOSTON-FERN", 9)] },
  { __typename: "TopProduct" as const, id: 102, slug: "steel-shovel", name: "Steel Shovel", category: "Garden Tools", image: picture("shovel", "Steel Shovel"), purchasedQuantity: 4, variants: [sold("STEEL-SHOVEL", 4)] },
];

const monstera = {
  __typename: "TopProduct" as const,
  id: 103,
  slug: "monstera-deliciosa",
  name: "Monstera Deliciosa",
  category: "Indoor Plants",
  image: picture("monstera", "Monstera Deliciosa"),
  purchasedQuantity: 8,
  variants: [sold("MON-DEL-12", 5, [["Pot size", "12 cm"]]), sold("MON-DEL-24", 2, [["Pot size", "24 cm"]]), sold("", 1)],
};
const planter = {
  __typename: "TopProduct" as const,
  id: 104,
  slug: "glazed-ceramic-planter-ocean",
  name: "Glazed Ceramic Planter 'Ocean'",
  category: "Pots & Planters",
  image: picture("planter", "Glazed Ceramic Planter"),
  purchasedQuantity: 3,
  variants: [sold("PLANTER-S-SAND", 3, [["Size", "Small"], ["Colour", "Sand"]])],
};

const analyticsMock = (outcome: { error?: Error; delay?: number } = {}) => ({
  request: { query: AdminAnalyticsDocument },
  ...(outcome.error ? { error: outcome.error } : { result: { data: { analytics } } }),
  delay: outcome.delay ?? 0,
});
const topProductsMock = (outcome: { error?: Error; products?: Array<(typeof topProducts)[number] | typeof monstera>; delay?: number } = {}) => ({
  request: { query: AdminTopProductsDocument },
  ...(outcome.error ? { error: outcome.error } : { result: { data: { topProducts: outcome.products ?? topProducts } } }),
  delay: outcome.delay ?? 0,
});

// The sales report under the spec's figures (SalesReport.test.tsx tests it): an empty period here.
const reportMock = () => ({
  request: { query: AdminSalesReportDocument, variables: { range: "LAST_30_DAYS" } },
  result: { data: { salesReport: emptyReport } },
});

const at = { route: "/admin/dashboard", path: "/admin/dashboard", user: admin };

// jsdom lays nothing out, so the charts measure 0 x 0 and recharts says so; every other warning still shows.
beforeEach(() => {
  const warn = console.warn.bind(console);
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes("of chart should be greater than 0")) warn(...args);
  });
});

describe("Dashboard", () => {
  it("greets the admin: 'Welcome back {name}, here is what is been happening in your store.'", async () => {
    renderWithShop(<DashboardScreen />, { ...at, mocks: [reportMock(), analyticsMock(), topProductsMock()] });
    expect(await screen.findByText("Welcome back Root Admin, here is what is been happening in your store.")).toBeInTheDocument();
  });

  it("shows the loading view until the figures have loaded", async () => {
    renderWithShop(<DashboardScreen />, { ...at, mocks: [reportMock(), analyticsMock({ delay: 30 }), topProductsMock({ delay: 30 })] });
    expect(screen.getByRole("status", { name: "Loading the dashboard" })).toBeInTheDocument();
    expect(screen.getByLabelText("Loading the top selling products")).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Total customers" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading the dashboard" })).not.toBeInTheDocument();
  });

  it("three cards: total customers, total sales (in dollars) and total orders", async () => {
    renderWithShop(<DashboardScreen />, { ...at, mocks: [reportMock(), analyticsMock(), topProductsMock()] });
    const customers = await screen.findByRole("article", { name: "Total customers" });
    expect(within(customers).getByTestId("summary-value")).toHaveTextContent("42");
    expect(within(screen.getByRole("article", { name: "Total sales" })).getByTestId("summary-value")).toHaveTextContent("$1,234.50");
    expect(within(screen.getByRole("article", { name: "Total orders" })).getByTestId("summary-value")).toHaveTextContent("17");
  });

  it("each card shows its 'This month' growth as a whole number with a leading plus sign when positive", async () => {
    renderWithShop(<DashboardScreen />, { ...at, mocks: [reportMock(), analyticsMock(), topProductsMock()] });
    const customers = await screen.findByRole("article", { name: "Total customers" });
    expect(within(customers).getByTestId("summary-growth")).toHaveTextContent("+12%");
    expect(within(customers).getByText("This month")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Total sales" })).getByTestId("summary-growth")).toHaveTextContent("-4%");
    expect(within(screen.getByRole("article", { name: "Total orders" })).getByTestId("summary-growth")).toHaveTextContent(/^0%$/);
  });

  it("each card has a small line chart over the last three months", async () => {
    renderWithShop(<DashboardScreen />, { ...at, mocks: [reportMock(), analyticsMock(), topProductsMock()] });
    expect(await screen.findByRole("img", { name: "Total customers over the last three months: September 3, October 5, November 8" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Total sales over the last three months: September $300.00, October $250.25, November $684.25" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Total orders over the last three months: September 4, October 6, November 7" })).toBeInTheDocument();
  });

  it("'Top selling products': Product Name, Category, Total Sales; each row links to /products/{slug} with a small round image and the purchased quantity", async () => {
    renderWithShop(<DashboardScreen />, { ...at, mocks: [reportMock(), analyticsMock(), topProductsMock()] });
    const table = within((await screen.findByRole("heading", { name: "Top selling products" })).closest("section")!);
    expect(await table.findByRole("columnheader", { name: "Product Name" })).toBeInTheDocument();
    expect(table.getByRole("columnheader", { name: "Category" })).toBeInTheDocument();
    expect(table.getByRole("columnheader", { name: "Total Sales" })).toBeInTheDocument();
    const fernRow = table.getByRole("link", { name: /Boston Fern/ }).closest("tr")!;
    expect(within(fernRow).getByRole("link", { name: /Boston Fern/ })).toHaveAttribute("href", "/products/boston-fern");
    expect(within(fernRow).getByRole("presentation")).toHaveAttribute("src", "/uploads/fern-640.jpg");
    expect(within(fernRow).getByText("Indoor Plants")).toBeInTheDocument();
    expect(within(fernRow).getByText("9")).toBeInTheDocument();
    expect(table.getByRole("link", { name: /Steel Shovel/ })).toHaveAttribute("href", "/products/steel-shovel");
  });

  it("under a product sold in several variants, its sales by variant: 'MON-DEL-12 · Pot size: 12 cm — 5'; none under a product sold in one", async () => {
    renderWithShop(<DashboardScreen />, { ...at, mocks: [reportMock(), analyticsMock(), topProductsMock({ products: [monstera, planter, ...topProducts] })] });
    const link = await screen.findByRole("link", { name: /Monstera Deliciosa/ });
    const row = link.closest("tr")!;
    const breakdown = within(row).getByRole("list", { name: "Sales of Monstera Deliciosa by variant" });
    expect(within(breakdown).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "MON-DEL-12 · Pot size: 12 cm — 5",
      "MON-DEL-24 · Pot size: 24 cm — 2",
      // Bought before SKUs existed.
      "No SKU — 1",
    ]);
    // The product's own figures stay as the spec has them: the link names the product alone, the total beside.
    expect(link).toHaveAccessibleName("Monstera Deliciosa");
    expect(within(row).getByText("8")).toBeInTheDocument();
    const planterRow = screen.getByRole("link", { name: /Glazed Ceramic Planter/ }).closest("tr")!;
    expect(within(planterRow).getByRole("listitem")).toHaveTextContent("PLANTER-S-SAND · Size: Small, Colour: Sand — 3");
    const fernRow = screen.getByRole("link", { name: /Boston Fern/ }).closest("tr")!;
    expect(within(fernRow).queryByRole("list")).not.toBeInTheDocument();
  });

  it("says so when nothing has sold yet", async () => {
    renderWithShop(<DashboardScreen />, { ...at, mocks: [reportMock(), analyticsMock(), topProductsMock({ products: [] })] });
    expect(await screen.findByText("No sales yet.")).toBeInTheDocument();
  });

  it("a failed analytics load is ignored: no message, no cards, the rest of the dashboard stays", async () => {
    renderWithShop(<DashboardScreen />, { ...at, mocks: [reportMock(), analyticsMock({ error: new Error("offline") }), topProductsMock()] });
    expect(await screen.findByRole("link", { name: /Boston Fern/ })).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "Total customers" })).not.toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading the dashboard" })).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("a failed top-products load is logged", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithShop(<DashboardScreen />, { ...at, mocks: [reportMock(), analyticsMock(), topProductsMock({ error: new Error("offline") })] });
    expect(await screen.findByText("No sales yet.")).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith("Could not load the top selling products", expect.any(Error));
  });

  it("a new order arriving live reloads the figures and the top products", async () => {
    const live = createTestLive();
    const later = { ...analytics, totalOrders: 18 };
    renderWithShop(<DashboardScreen />, {
      ...at,
      live,
      mocks: [
        reportMock(),
        analyticsMock(),
        topProductsMock(),
        { request: { query: AdminAnalyticsDocument }, result: { data: { analytics: later } } },
        topProductsMock(),
        reportMock(),
      ],
    });
    const orders = await screen.findByRole("article", { name: "Total orders" });
    expect(within(orders).getByText("17")).toBeInTheDocument();
    expect(live.listening("LiveOrderPlaced")).toHaveLength(1);
    live.emit("LiveOrderPlaced", { orderPlaced: { __typename: "Order", id: 99, orderNumber: "ORD-000099" } });
    expect(await within(await screen.findByRole("article", { name: "Total orders" })).findByText("18")).toBeInTheDocument();
    expect(await screen.findByText("New order ORD-000099.")).toBeInTheDocument();
  });
});

describe("discounts and tax under the cards", () => {
  it("nothing while the shop has given no discount and charged no tax; then the discounts, the tax and the sales net of tax", () => {
    expect(salesBreakdownText({ totalRevenue: 1234.5, totalDiscounts: 0, totalTax: 0 })).toBeNull();
    expect(salesBreakdownText({ totalRevenue: 1234.5, totalDiscounts: 40, totalTax: 205.75 })).toBe("Discounts given: $40.00 · Tax charged: $205.75 · Sales net of tax: $1,028.75");
  });
});
