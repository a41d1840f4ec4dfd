import { describe, expect, it } from "vitest";
import { admin, catalogueManager, orderManager, shopper, specAdmin, support } from "../../test/renderWithShop";
import { ADMIN_MENU, ADMIN_PAGE_ABILITY, can, firstAdminPage, menuFor } from "./abilities";

const sections = (user: Parameters<typeof menuFor>[0]) => menuFor(user).map((section) => section.label);

describe("Which admin section needs which ability", () => {
  it("Dashboard: analytics:read; the catalogue's lists: catalogue:read; Orders: orders:read; Users: customers:read; Integrations: integrations:manage; Activity: activity:read; Import products: catalogue:write", () => {
    expect(Object.fromEntries(ADMIN_MENU.map((section) => [section.label, ADMIN_PAGE_ABILITY[section.to]]))).toEqual({
      Dashboard: "analytics:read",
      Products: "catalogue:read",
      Categories: "catalogue:read",
      Orders: "orders:read",
      Regions: "catalogue:read",
      Users: "customers:read",
      Promotions: "catalogue:read",
      Taxes: "catalogue:read",
      "Import products": "catalogue:write",
      Integrations: "integrations:manage",
      Activity: "activity:read",
    });
  });

  it("adding or editing an entry of the catalogue, or importing a file of them, needs catalogue:write", () => {
    for (const page of ["/admin/catalogue-import", "/admin/add-product", "/admin/edit-product/:slug", "/admin/add-category", "/admin/edit-category/:id", "/admin/add-region", "/admin/edit-region/:id", "/admin/promotions/new", "/admin/promotions/:id"] as const) {
      expect(ADMIN_PAGE_ABILITY[page]).toBe("catalogue:write");
    }
  });

  it("each staff role's menu, and where its back office starts", () => {
    expect(sections(admin)).toEqual(["Dashboard", "Products", "Categories", "Orders", "Regions", "Users", "Promotions", "Taxes", "Import products", "Integrations", "Activity"]);
    expect(sections(specAdmin)).toEqual(["Dashboard", "Products", "Categories", "Orders", "Regions", "Users", "Promotions", "Taxes", "Import products"]);
    expect(sections(catalogueManager)).toEqual(["Products", "Categories", "Regions", "Promotions", "Taxes", "Import products"]);
    expect(sections(orderManager)).toEqual(["Products", "Categories", "Orders", "Regions", "Users", "Promotions", "Taxes"]);
    expect(sections(support)).toEqual(["Products", "Categories", "Orders", "Regions", "Users", "Promotions", "Taxes"]);
    expect(firstAdminPage(admin)).toBe("/admin/dashboard");
    expect(firstAdminPage(catalogueManager)).toBe("/admin/manage-product");
  });

  it("only the owner reads the activity trail: not the spec's admin, nor any other staff role", () => {
    expect(can(admin, "activity:read")).toBe(true);
    for (const user of [specAdmin, catalogueManager, orderManager, support, shopper]) expect(can(user, "activity:read")).toBe(false);
  });

  it("a shopper and a guest may do nothing in the back office", () => {
    expect(sections(shopper)).toEqual([]);
    expect(firstAdminPage(null)).toBeUndefined();
    expect(can(undefined, "catalogue:read")).toBe(false);
  });
});
