// Sales reports as the server answers them (AdminSalesReport), for the dashboard's tests.
const day = (date: string, sales: number, orders: number) => ({ __typename: "SalesDay" as const, day: date, sales, orders });

export const emptyReport = {
  __typename: "SalesReport" as const,
  range: "LAST_30_DAYS" as const,
  from: "2026-11-03",
  to: "2026-12-02",
  sales: 0,
  orders: 0,
  items: 0,
  newCustomers: 0,
  averageOrderValue: 0,
  days: [day("2026-11-03", 0, 0)],
  categories: [],
  topProducts: [],
};

export const weekReport = {
  ...emptyReport,
  range: "LAST_7_DAYS" as const,
  from: "2026-11-26",
  to: "2026-12-02",
  sales: 180.5,
  orders: 4,
  items: 9,
  newCustomers: 2,
  averageOrderValue: 45.13,
  days: [day("2026-11-26", 0, 0), day("2026-11-27", 100, 2), day("2026-11-28", 80.5, 2)],
  categories: [
    { __typename: "CategorySales" as const, category: "Indoor Plants", items: 6, sales: 120 },
    { __typename: "CategorySales" as const, category: "Garden Tools", items: 3, sales: 45 },
  ],
  topProducts: [{ __typename: "ReportProduct" as const, id: 7, slug: "boston-fern", name: "Boston Fern", category: "Indoor Plants", items: 6, sales: 120 }],
};
