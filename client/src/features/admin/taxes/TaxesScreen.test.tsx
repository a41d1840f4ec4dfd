import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminTaxSettingsDocument, DeleteTaxClassDocument, SaveTaxClassDocument, SetCategoryTaxClassDocument, SetDeliveryTaxRateDocument, SetPricesIncludeTaxDocument, SetTaxRateDocument } from "./operations";
import { categories, regions } from "../../../test/fixtures";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { PRICES_INCLUDE_TAX_HELP, TaxesScreen } from "./TaxesScreen";

afterEach(() => notifications.clean());

const taxClass = (id: number, name: string, isDefault = false) => ({ __typename: "TaxClass" as const, id, name, isDefault });
const rate = (regionId: number, taxClassId: number, percent: number, name: string) => ({ __typename: "TaxRate" as const, regionId, taxClassId, rate: percent, name });
const deliveryRate = (regionId: number, percent: number, name: string) => ({ __typename: "DeliveryTaxRate" as const, regionId, rate: percent, name });

const settings = {
  __typename: "TaxSettings" as const,
  id: "tax-settings",
  pricesIncludeTax: false,
  classes: [taxClass(1, "Standard", true), taxClass(2, "Reduced")],
  rates: [rate(1, 1, 8.875, "Sales tax")],
  deliveryRates: [] as ReturnType<typeof deliveryRate>[],
  categoryClasses: [{ __typename: "CategoryTaxClass" as const, categoryId: 2, taxClassId: 2 }],
};
type Settings = typeof settings;

const screenMock = (taxSettings: Settings = settings) => ({
  request: { query: AdminTaxSettingsDocument },
  result: {
    data: { taxSettings, regions: { __typename: "RegionConnection", nodes: regions }, categories: { __typename: "CategoryConnection", nodes: categories } },
  },
});
const renderTaxes = (mocks: object[] = []) =>
  renderWithShop(<TaxesScreen />, { route: "/admin/taxes", path: "/admin/taxes", user: admin, mocks: [screenMock(), ...mocks] as never });

/** Puts text into a field in one go (as a paste). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const rateInput = (what: string) => screen.getByLabelText(`${what}, percent`);
const nameInput = (what: string) => screen.getByLabelText(`${what}, name on invoices`);

describe("Taxes", () => {
  it("shows the prices-include-tax switch with its explanation, the classes, the rates grid by region and class (and delivery), and each category's class", async () => {
    renderTaxes();
    expect(await screen.findByRole("heading", { name: "Taxes" })).toBeInTheDocument();
    const prices = await screen.findByRole("switch", { name: /^Prices include tax/ });
    expect(prices).not.toBeChecked();
    expect(prices).toHaveAccessibleDescription(PRICES_INCLUDE_TAX_HELP.off);

    const classes = within(screen.getByRole("table", { name: "Tax classes" }));
    expect(classes.getByLabelText("Name of the tax class Standard")).toHaveValue("Standard");
    expect(classes.getByText("Default")).toBeInTheDocument();
    expect(classes.queryByRole("button", { name: "Delete Standard" })).not.toBeInTheDocument();
    expect(classes.getByRole("button", { name: "Delete Reduced" })).toBeInTheDocument();

    const grid = within(screen.getByRole("table", { name: "Tax rates by region" }));
    expect(grid.getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["Region", "Standard", "Reduced", "Delivery", "Save"]);
    expect(grid.getAllByRole("rowheader").map((header) => header.textContent)).toEqual(["Portland Metro", "Rest of Oregon"]);
    expect(rateInput("Standard rate in Portland Metro")).toHaveValue("8.875%");
    expect(nameInput("Standard rate in Portland Metro")).toHaveValue("Sales tax");
    expect(rateInput("Reduced rate in Portland Metro")).toHaveValue("");
    expect(rateInput("Delivery tax in Rest of Oregon")).toHaveValue("");
    expect(grid.getByRole("button", { name: "Save the rates for Portland Metro" })).toBeDisabled();

    expect(screen.getByLabelText("Tax class of Indoor Plants")).toHaveDisplayValue("Standard (default)");
    expect(screen.getByLabelText("Tax class of Garden Tools")).toHaveDisplayValue("Reduced");
  });

  it("saves a region's row: each changed cell's rate and name (a class's, delivery's), then says so", async () => {
    const sentRate = vi.fn();
    const afterRate = { ...settings, rates: [...settings.rates, rate(2, 1, 20, "VAT 20%")] };
    const afterDelivery = { ...afterRate, deliveryRates: [deliveryRate(2, 20, "VAT 20%")] };
    renderTaxes([
      {
        request: { query: SetTaxRateDocument, variables: { regionId: 2, taxClassId: 1, rate: 20, name: "VAT 20%" } },
        result: () => (sentRate(), { data: { setTaxRate: afterRate } }),
      },
      { request: { query: SetDeliveryTaxRateDocument, variables: { regionId: 2, rate: 20, name: "VAT 20%" } }, result: { data: { setDeliveryTaxRate: afterDelivery } } },
    ]);
    await screen.findByRole("table", { name: "Tax rates by region" });
    await fill(rateInput("Standard rate in Rest of Oregon"), "20");
    await fill(nameInput("Standard rate in Rest of Oregon"), "VAT 20%");
    await fill(rateInput("Delivery tax in Rest of Oregon"), "20");
    await fill(nameInput("Delivery tax in Rest of Oregon"), "VAT 20%");
    await userEvent.click(screen.getByRole("button", { name: "Save the rates for Rest of Oregon" }));
    expect(await screen.findByText("Tax rates for Rest of Oregon saved.")).toBeInTheDocument();
    expect(sentRate).toHaveBeenCalledTimes(1);
    expect(rateInput("Standard rate in Rest of Oregon")).toHaveValue("20%");
    expect(nameInput("Delivery tax in Rest of Oregon")).toHaveValue("VAT 20%");
    expect(screen.getByRole("button", { name: "Save the rates for Rest of Oregon" })).toBeDisabled();
  });

  it("an emptied rate removes it (rate null)", async () => {
    renderTaxes([
      { request: { query: SetTaxRateDocument, variables: { regionId: 1, taxClassId: 1, rate: null, name: null } }, result: { data: { setTaxRate: { ...settings, rates: [] } } } },
    ]);
    await screen.findByRole("table", { name: "Tax rates by region" });
    await userEvent.clear(rateInput("Standard rate in Portland Metro"));
    await userEvent.click(screen.getByRole("button", { name: "Save the rates for Portland Metro" }));
    expect(await screen.findByText("Tax rates for Portland Metro saved.")).toBeInTheDocument();
    expect(nameInput("Standard rate in Portland Metro")).toHaveValue("");
  });

  it("a refused rate shows the server's message at that cell", async () => {
    renderTaxes([
      {
        request: { query: SetTaxRateDocument, variables: { regionId: 2, taxClassId: 2, rate: 5, name: "" } },
        result: { errors: [{ message: "Invalid input", extensions: { code: "BAD_USER_INPUT", fields: { name: ["The name field is required."] } } }] },
      },
    ]);
    await screen.findByRole("table", { name: "Tax rates by region" });
    await userEvent.type(rateInput("Reduced rate in Rest of Oregon"), "5");
    await userEvent.click(screen.getByRole("button", { name: "Save the rates for Rest of Oregon" }));
    const name = nameInput("Reduced rate in Rest of Oregon");
    await waitFor(() => expect(name).toHaveAttribute("aria-invalid", "true"));
    expect(name).toHaveAccessibleDescription("The name field is required.");
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.queryByText("Tax rates for Rest of Oregon saved.")).not.toBeInTheDocument();
  });

  it("the switch makes prices include tax, and its explanation follows", async () => {
    renderTaxes([{ request: { query: SetPricesIncludeTaxDocument, variables: { included: true } }, result: { data: { setPricesIncludeTax: { ...settings, pricesIncludeTax: true } } } }]);
    await userEvent.click(await screen.findByRole("switch", { name: /^Prices include tax/ }));
    expect(await screen.findByText("Prices now include tax.")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: /^Prices include tax/ })).toBeChecked();
    expect(screen.getByRole("switch", { name: /^Prices include tax/ })).toHaveAccessibleDescription(PRICES_INCLUDE_TAX_HELP.on);
  });

  it("adds a class (a new column of the grid), renames one, and deletes one after asking", async () => {
    const withZero = { ...settings, classes: [...settings.classes, taxClass(3, "Zero")] };
    const renamed = { ...withZero, classes: [taxClass(1, "Standard", true), taxClass(2, "Food"), taxClass(3, "Zero")] };
    const deleted = { ...renamed, classes: [taxClass(1, "Standard", true), taxClass(2, "Food")] };
    renderTaxes([
      { request: { query: SaveTaxClassDocument, variables: { name: "Zero" } }, result: { data: { saveTaxClass: withZero } } },
      { request: { query: SaveTaxClassDocument, variables: { id: 2, name: "Food" } }, result: { data: { saveTaxClass: renamed } } },
      { request: { query: DeleteTaxClassDocument, variables: { id: 3 } }, result: { data: { deleteTaxClass: deleted } } },
    ]);
    await userEvent.type(await screen.findByLabelText("New tax class"), "Zero");
    await userEvent.click(screen.getByRole("button", { name: "Add class" }));
    expect(await screen.findByText("Tax class Zero added.")).toBeInTheDocument();
    expect(screen.getByLabelText("New tax class")).toHaveValue("");
    const grid = () => within(screen.getByRole("table", { name: "Tax rates by region" }));
    expect(grid().getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["Region", "Standard", "Reduced", "Zero", "Delivery", "Save"]);

    const reduced = screen.getByLabelText("Name of the tax class Reduced");
    await userEvent.clear(reduced);
    await userEvent.type(reduced, "Food");
    await userEvent.click(screen.getByRole("button", { name: "Rename Reduced" }));
    expect(await screen.findByText("Tax class renamed to Food.")).toBeInTheDocument();
    expect(screen.getByLabelText("Tax class of Garden Tools")).toHaveDisplayValue("Food");

    await userEvent.click(screen.getByRole("button", { name: "Delete Zero" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete the tax class Zero?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete class" }));
    expect(await screen.findByText("Tax class Zero deleted.")).toBeInTheDocument();
    await waitFor(() => expect(grid().getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["Region", "Standard", "Food", "Delivery", "Save"]));
  });

  it("puts a category in a class; back to the default sends none", async () => {
    const sent = vi.fn();
    renderTaxes([
      {
        request: { query: SetCategoryTaxClassDocument, variables: { categoryId: 1, taxClassId: 2 } },
        result: () => (sent("Reduced"), { data: { setCategoryTaxClass: { ...settings, categoryClasses: [...settings.categoryClasses, { __typename: "CategoryTaxClass", categoryId: 1, taxClassId: 2 }] } } }),
      },
      {
        request: { query: SetCategoryTaxClassDocument, variables: { categoryId: 2, taxClassId: null } },
        result: () => (sent("default"), { data: { setCategoryTaxClass: { ...settings, categoryClasses: [] } } }),
      },
    ]);
    await userEvent.selectOptions(await screen.findByLabelText("Tax class of Indoor Plants"), "Reduced");
    expect(await screen.findByText("Indoor Plants is taxed as Reduced from now on.")).toBeInTheDocument();
    expect(screen.getByLabelText("Tax class of Indoor Plants")).toHaveDisplayValue("Reduced");
    await userEvent.selectOptions(screen.getByLabelText("Tax class of Garden Tools"), "Standard (default)");
    expect(await screen.findByText("Garden Tools is taxed as Standard from now on.")).toBeInTheDocument();
    expect(sent.mock.calls).toEqual([["Reduced"], ["default"]]);
  });
});
