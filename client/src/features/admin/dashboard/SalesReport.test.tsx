import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AdminSalesReportCsvDocument, AdminSalesReportDocument } from "../../../graphql/generated/graphql";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { SalesReport, salesByDayText } from "./SalesReport";
import { emptyReport, weekReport } from "./salesReportFixtures";

const downloads: { text: string; fileName: string }[] = [];
vi.mock("../../../lib/downloadFile", () => ({ downloadTextFile: (text: string, fileName: string) => downloads.push({ text, fileName }) }));

const at = { route: "/admin/dashboard", path: "/admin/dashboard", user: admin };
const reportMock = (variables: Record<string, string>, salesReport: object, delay = 0) => ({ request: { query: AdminSalesReportDocument, variables }, result: { data: { salesReport } }, delay });

beforeEach(() => {
  downloads.length = 0;
  const warn = console.warn.bind(console);
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes("of chart should be greater than 0")) warn(...args);
  });
});

describe("Sales report", () => {
  it("loads the last 30 days with a loading state, and says so when the period has no sales", async () => {
    renderWithShop(<SalesReport />, { ...at, mocks: [reportMock({ range: "LAST_30_DAYS" }, emptyReport, 30)] });
    expect(screen.getByRole("status", { name: "Loading the sales report" })).toBeInTheDocument();
    expect(await screen.findByText("No sales in this period.")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Period" })).toHaveValue("LAST_30_DAYS");
  });

  it("a chosen period: sales, orders, average order value, items, the chart, sales by category and best sellers", async () => {
    renderWithShop(<SalesReport />, { ...at, mocks: [reportMock({ range: "LAST_30_DAYS" }, emptyReport), reportMock({ range: "LAST_7_DAYS" }, weekReport)] });
    await screen.findByText("No sales in this period.");
    fireEvent.change(screen.getByRole("combobox", { name: "Period" }), { target: { value: "LAST_7_DAYS" } });
    expect(await screen.findByRole("article", { name: "Average order value" })).toHaveTextContent("$45.13");
    expect(screen.getByRole("article", { name: "Sales" })).toHaveTextContent("$180.50");
    expect(screen.getByRole("article", { name: "Orders" })).toHaveTextContent("4");
    expect(screen.getByRole("article", { name: "Items sold" })).toHaveTextContent("9");
    expect(screen.getByRole("img", { name: "Sales by day from Nov 26 to Dec 2: $180.50 in all, the best day Nov 27 with $100.00." })).toBeInTheDocument();
    const rows = screen.getAllByRole("row").map((row) => within(row).queryAllByRole("cell").map((cell) => cell.textContent));
    expect(rows).toContainEqual(["Indoor Plants", "6", "$120.00"]);
    expect(rows).toContainEqual(["Garden Tools", "3", "$45.00"]);
    expect(screen.getByRole("link", { name: "Boston Fern" })).toHaveAttribute("href", "/products/boston-fern");
  });

  it("a custom period asks for both days, then loads them", async () => {
    const custom = { ...weekReport, range: "CUSTOM" as const, from: "2026-11-01", to: "2026-11-28" };
    renderWithShop(<SalesReport />, { ...at, mocks: [reportMock({ range: "LAST_30_DAYS" }, emptyReport), reportMock({ range: "CUSTOM", from: "2026-11-01", to: "2026-11-28" }, custom)] });
    await screen.findByText("No sales in this period.");
    fireEvent.change(screen.getByRole("combobox", { name: "Period" }), { target: { value: "CUSTOM" } });
    expect(screen.getByText("Choose the first and last day of the period.")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-28" } });
    expect(await screen.findByRole("img", { name: /^Sales by day from Nov 1 to Nov 28/ })).toBeInTheDocument();
  });

  it("Export CSV saves the server's file under its name", async () => {
    const csvMock = { request: { query: AdminSalesReportCsvDocument, variables: { range: "LAST_7_DAYS" } }, result: { data: { salesReportCsv: { __typename: "CsvFile", fileName: "sales-report-2026-11-26-to-2026-12-02.csv", csv: "Date,Orders\r\n" } } } };
    renderWithShop(<SalesReport />, { ...at, mocks: [reportMock({ range: "LAST_30_DAYS" }, emptyReport), reportMock({ range: "LAST_7_DAYS" }, weekReport), csvMock] });
    await screen.findByText("No sales in this period.");
    fireEvent.change(screen.getByRole("combobox", { name: "Period" }), { target: { value: "LAST_7_DAYS" } });
    await screen.findByRole("article", { name: "Average order value" });
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await vi.waitFor(() => expect(downloads).toEqual([{ text: "Date,Orders\r\n", fileName: "sales-report-2026-11-26-to-2026-12-02.csv" }]));
  });

  it("the chart's words without any sale name no best day", () => {
    expect(salesByDayText({ from: "2026-11-26", to: "2026-12-02", sales: 0, days: [] })).toBe("Sales by day from Nov 26 to Dec 2: $0.00 in all.");
  });
});
