// Staff roles on the catalogue's screens: every staff role reads the catalogue's lists (catalogue:read), only
// those who may change it (catalogue:write: the catalogue manager, the spec's admin, the owner) are offered
// New, Edit, Delete, Pause and the tax settings' controls.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AdminCategoriesDocument, AdminProductsDocument } from "../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE } from "../../lib/apollo/pages";
import type { SessionUser } from "../../lib/session/session";
import { categories, connection, fern, queryMock, regions } from "../../test/fixtures";
import { catalogueManager, orderManager, renderWithShop, specAdmin, support } from "../../test/renderWithShop";
import { ManageCategoriesScreen } from "./categories/CategoryScreens";
import { ManageProductsScreen } from "./products/ManageProductsScreen";
import { AdminPromotionsDocument } from "./promotions/operations";
import { promotionFixture } from "./promotions/promotionFixtures";
import { PromotionsScreen } from "./promotions/PromotionsScreen";
import { AdminTaxSettingsDocument } from "./taxes/operations";
import { TaxesScreen } from "./taxes/TaxesScreen";

const readers = [
  { who: "support", user: support },
  { who: "an order manager", user: orderManager },
];
const writers = [
  { who: "a catalogue manager", user: catalogueManager },
  { who: "the spec's admin", user: specAdmin },
];

function renderCategories(user: SessionUser) {
  const mock = queryMock(AdminCategoriesDocument, { first: ADMIN_PAGE_SIZE }, { categories: connection("Category", categories) });
  return renderWithShop(<ManageCategoriesScreen />, { route: "/admin/manage-category", path: "/admin/manage-category", user, mocks: [mock] });
}

function renderProducts(user: SessionUser) {
  const product = { ...fern, totalQuantity: fern.quantity, variants: [{ __typename: "ProductVariant", id: 1010, enabled: true, quantity: fern.quantity }] };
  const mock = queryMock(AdminProductsDocument, { first: ADMIN_PAGE_SIZE }, { products: connection("Product", [product]) });
  return renderWithShop(<ManageProductsScreen />, { route: "/admin/manage-product", path: "/admin/manage-product", user, mocks: [mock] });
}

function renderPromotions(user: SessionUser) {
  const mock = { request: { query: AdminPromotionsDocument }, result: { data: { promotions: [promotionFixture(1, { name: "Autumn sale" })] } } };
  return renderWithShop(<PromotionsScreen />, { route: "/admin/promotions", path: "/admin/promotions", user, mocks: [mock] });
}

function renderTaxes(user: SessionUser) {
  const taxSettings = {
    __typename: "TaxSettings" as const,
    id: "tax-settings",
    pricesIncludeTax: false,
    classes: [
      { __typename: "TaxClass" as const, id: 1, name: "Standard", isDefault: true },
      { __typename: "TaxClass" as const, id: 2, name: "Reduced", isDefault: false },
    ],
    rates: [],
    deliveryRates: [],
    categoryClasses: [],
  };
  const mock = {
    request: { query: AdminTaxSettingsDocument },
    result: { data: { taxSettings, regions: { __typename: "RegionConnection", nodes: regions }, categories: { __typename: "CategoryConnection", nodes: categories } } },
  };
  return renderWithShop(<TaxesScreen />, { route: "/admin/taxes", path: "/admin/taxes", user, mocks: [mock as never] });
}

describe("Staff roles: changing the catalogue needs catalogue:write", () => {
  it.each(readers)("$who reads the categories without New, Edit or Delete", async ({ user }) => {
    renderCategories(user);
    const card = await screen.findByRole("article", { name: "Garden Tools" });
    expect(screen.queryByRole("link", { name: "New Category" })).not.toBeInTheDocument();
    expect(within(card).queryByRole("link", { name: "Edit Category" })).not.toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Delete Category" })).not.toBeInTheDocument();
  });

  it.each(writers)("$who is offered New, Edit and Delete on the categories", async ({ user }) => {
    renderCategories(user);
    const card = await screen.findByRole("article", { name: "Garden Tools" });
    expect(screen.getByRole("link", { name: "New Category" })).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Edit Category" })).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Delete Category" })).toBeInTheDocument();
  });

  it.each(readers)("$who reads the products without New, Edit or Delete", async ({ user }) => {
    renderProducts(user);
    const card = await screen.findByRole("article", { name: "Boston Fern" });
    expect(screen.queryByRole("link", { name: "New Product" })).not.toBeInTheDocument();
    expect(within(card).queryByRole("link", { name: "Edit Product" })).not.toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Delete Product" })).not.toBeInTheDocument();
  });

  it.each(writers)("$who is offered New, Edit and Delete on the products", async ({ user }) => {
    renderProducts(user);
    const card = await screen.findByRole("article", { name: "Boston Fern" });
    expect(screen.getByRole("link", { name: "New Product" })).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Edit Product" })).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Delete Product" })).toBeInTheDocument();
  });

  it.each(readers)("$who reads the promotions without New promotion, Edit, Pause or Delete", async ({ user }) => {
    renderPromotions(user);
    const row = await screen.findByRole("row", { name: "Autumn sale" });
    expect(screen.queryByRole("link", { name: "New promotion" })).not.toBeInTheDocument();
    expect(within(row).queryAllByRole("button")).toEqual([]);
    expect(within(row).queryAllByRole("link")).toEqual([]);
  });

  it.each(writers)("$who is offered New promotion, Edit, Pause and Delete", async ({ user }) => {
    renderPromotions(user);
    const row = await screen.findByRole("row", { name: "Autumn sale" });
    expect(screen.getByRole("link", { name: "New promotion" })).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Edit Autumn sale" })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: /^(Pause|Resume) Autumn sale$/ })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Delete Autumn sale" })).toBeInTheDocument();
  });

  it.each(readers)("$who reads the tax settings with every control disabled, and is told why", async ({ user }) => {
    renderTaxes(user);
    expect(await screen.findByRole("switch", { name: /^Prices include tax/ })).toBeDisabled();
    expect(screen.getByText("Your staff role lets you read this page, not change it.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete Reduced" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save the rates for Portland Metro" })).toBeDisabled();
    expect(screen.getByLabelText("Name of the tax class Standard")).toBeDisabled();
  });

  it.each(writers)("$who may change the tax settings", async ({ user }) => {
    renderTaxes(user);
    expect(await screen.findByRole("switch", { name: /^Prices include tax/ })).toBeEnabled();
    expect(screen.queryByText("Your staff role lets you read this page, not change it.")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete Reduced" })).toBeEnabled();
  });
});
