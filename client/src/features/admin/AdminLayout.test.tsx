import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { WebhookAlertsDocument } from "../../graphql/generated/graphql";
import { ADMIN_PAGE_ABILITY, type AdminPage } from "../../lib/session/abilities";
import type { SessionUser } from "../../lib/session/session";
import { admin, catalogueManager, orderManager, renderRoutes, specAdmin, support, type ShopRenderOptions } from "../../test/renderWithShop";
import { AdminLayout } from "./AdminLayout";

/** The admin frame over every admin page (each a plain heading), named in its route's handle as the app's routes do. */
function renderAdminFrame(route: string, user: SessionUser = admin, mocks: ShopRenderOptions["mocks"] = []) {
  const pages = (Object.keys(ADMIN_PAGE_ABILITY) as AdminPage[]).map((path) => ({ path, element: <h1>Admin page</h1>, handle: { adminPage: path } }));
  return renderRoutes([{ element: <AdminLayout />, children: pages }], { route, user, mocks });
}

const sideNavigation = () => screen.getAllByRole("navigation", { name: "Admin" })[0];

describe("Admin navigation: links to the six admin areas, the current one highlighted", () => {
  it("links to /admin/dashboard, /admin/manage-product, /admin/manage-category, /admin/manage-order, /admin/manage-region, /admin/manage-users, then Promotions, Taxes, Import products, Integrations and Activity", async () => {
    renderAdminFrame("/admin/dashboard");
    await screen.findByRole("heading", { name: "Admin page" });
    const links = within(sideNavigation()).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/admin/dashboard",
      "/admin/manage-product",
      "/admin/manage-category",
      "/admin/manage-order",
      "/admin/manage-region",
      "/admin/manage-users",
      "/admin/promotions",
      "/admin/taxes",
      "/admin/catalogue-import",
      "/admin/integrations",
      "/admin/activity",
    ]);
  });

  it("highlights the current link", async () => {
    renderAdminFrame("/admin/manage-order");
    await screen.findByRole("heading", { name: "Admin page" });
    const current = within(sideNavigation()).getByRole("link", { current: "page" });
    expect(current).toHaveAttribute("href", "/admin/manage-order");
    expect(current).toHaveAttribute("data-active");
    expect(within(sideNavigation()).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
  });

  it.each([
    ["/admin/add-product", "/admin/manage-product"],
    ["/admin/edit-product/boston-fern", "/admin/manage-product"],
    ["/admin/edit-category/3", "/admin/manage-category"],
    ["/admin/view-order/ORD-000004", "/admin/manage-order"],
    ["/admin/add-region", "/admin/manage-region"],
    ["/admin/manage-users/7", "/admin/manage-users"],
    ["/admin/promotions/new", "/admin/promotions"],
    ["/admin/promotions/12", "/admin/promotions"],
  ])("on %s the link of its area (%s) is the current one", async (route, area) => {
    renderAdminFrame(route);
    await screen.findByRole("heading", { name: "Admin page" });
    expect(within(sideNavigation()).getByRole("link", { current: "page" })).toHaveAttribute("href", area);
  });

  it("moves the highlight when another link is followed", async () => {
    const { router } = renderAdminFrame("/admin/dashboard");
    await screen.findByRole("heading", { name: "Admin page" });
    await userEvent.click(within(sideNavigation()).getByRole("link", { name: "Users" }));
    expect(router.state.location.pathname).toBe("/admin/manage-users");
    expect(within(sideNavigation()).getByRole("link", { current: "page" })).toHaveTextContent("Users");
  });
});

describe("On small screens the admin menu is a slide-in drawer", () => {
  it("opens from the menu button with the same links and closes when a link is followed", async () => {
    const { router } = renderAdminFrame("/admin/dashboard");
    await userEvent.click(await screen.findByRole("button", { name: "Open the admin menu" }));
    const drawer = await screen.findByRole("dialog", { name: "Admin" });
    const links = within(drawer).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Dashboard",
      "Products",
      "Categories",
      "Orders",
      "Regions",
      "Users",
      "Promotions",
      "Taxes",
      "Import products",
      "Integrations",
      "Activity",
    ]);
    await userEvent.click(within(drawer).getByRole("link", { name: "Regions" }));
    expect(router.state.location.pathname).toBe("/admin/manage-region");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Admin" })).not.toBeInTheDocument());
  });
});

describe("The admin page layout has a left side gutter", () => {
  it("keeps the navigation in a column left of the page", async () => {
    renderAdminFrame("/admin/dashboard");
    const page = await screen.findByRole("heading", { name: "Admin page" });
    const gutter = screen.getByRole("complementary");
    expect(within(gutter).getByRole("navigation", { name: "Admin" })).toBeInTheDocument();
    expect(gutter.compareDocumentPosition(page) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

const menuOf = () => within(sideNavigation()).getAllByRole("link").map((link) => link.textContent);

describe("Staff roles: the admin menu shows only the sections the user's staff role allows", () => {
  it("the owner sees every section, Integrations (API keys and webhooks) and Activity (the audit trail) among them", async () => {
    renderAdminFrame("/admin/dashboard", admin);
    await screen.findByRole("heading", { name: "Admin page" });
    expect(menuOf()).toEqual(["Dashboard", "Products", "Categories", "Orders", "Regions", "Users", "Promotions", "Taxes", "Import products", "Integrations", "Activity"]);
  });

  it("the spec's admin (no staff role) sees every section of the spec, but not Integrations or Activity", async () => {
    renderAdminFrame("/admin/dashboard", specAdmin);
    await screen.findByRole("heading", { name: "Admin page" });
    expect(menuOf()).toEqual(["Dashboard", "Products", "Categories", "Orders", "Regions", "Users", "Promotions", "Taxes", "Import products"]);
  });

  it("a catalogue manager sees only the catalogue: Products, Categories, Regions, Promotions, Taxes and Import products", async () => {
    renderAdminFrame("/admin/manage-product", catalogueManager);
    await screen.findByRole("heading", { name: "Admin page" });
    expect(menuOf()).toEqual(["Products", "Categories", "Regions", "Promotions", "Taxes", "Import products"]);
  });

  it("an order manager sees the catalogue's lists, Orders and Users, but not the dashboard, Import products or Integrations", async () => {
    renderAdminFrame("/admin/manage-order", orderManager);
    await screen.findByRole("heading", { name: "Admin page" });
    expect(menuOf()).toEqual(["Products", "Categories", "Orders", "Regions", "Users", "Promotions", "Taxes"]);
  });

  it("support sees Orders and Users (and the catalogue's lists), not the dashboard or Integrations", async () => {
    renderAdminFrame("/admin/manage-order", support);
    await screen.findByRole("heading", { name: "Admin page" });
    const menu = menuOf();
    expect(menu).toContain("Orders");
    expect(menu).toContain("Users");
    expect(menu).not.toContain("Dashboard");
    expect(menu).not.toContain("Integrations");
    expect(menu).not.toContain("Activity");
    expect(menu).not.toContain("Import products");
  });

  it("the drawer on small screens shows the same sections as the side menu", async () => {
    renderAdminFrame("/admin/manage-product", catalogueManager);
    await userEvent.click(await screen.findByRole("button", { name: "Open the admin menu" }));
    const drawer = await screen.findByRole("dialog", { name: "Admin" });
    expect(within(drawer).getAllByRole("link").map((link) => link.textContent)).toEqual(["Products", "Categories", "Regions", "Promotions", "Taxes", "Import products"]);
  });
});

describe("Staff roles: a page the staff role does not allow says 'Not allowed'", () => {
  it.each([
    { who: "a catalogue manager", user: catalogueManager, route: "/admin/manage-order", section: "Products", to: "/admin/manage-product" },
    { who: "a catalogue manager", user: catalogueManager, route: "/admin/dashboard", section: "Products", to: "/admin/manage-product" },
    { who: "support", user: support, route: "/admin/add-product", section: "Products", to: "/admin/manage-product" },
    { who: "support", user: support, route: "/admin/edit-category/3", section: "Products", to: "/admin/manage-product" },
    { who: "the spec's admin", user: specAdmin, route: "/admin/integrations", section: "Dashboard", to: "/admin/dashboard" },
    { who: "the spec's admin", user: specAdmin, route: "/admin/integrations/webhooks/4", section: "Dashboard", to: "/admin/dashboard" },
    { who: "the spec's admin", user: specAdmin, route: "/admin/activity", section: "Dashboard", to: "/admin/dashboard" },
    { who: "support", user: support, route: "/admin/activity", section: "Products", to: "/admin/manage-product" },
    { who: "an order manager", user: orderManager, route: "/admin/catalogue-import", section: "Products", to: "/admin/manage-product" },
  ])("$who opening $route sees 'Not allowed' and the way to $section, not the page", async ({ user, route, section, to }) => {
    const { router } = renderAdminFrame(route, user);
    expect(await screen.findByRole("heading", { level: 1, name: "Not allowed" })).toBeInTheDocument();
    expect(screen.getByText("Your staff role does not allow this page.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Admin page" })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(route);
    const wayOn = screen.getByRole("link", { name: `Go to ${section}` });
    expect(wayOn).toHaveAttribute("href", to);
    await userEvent.click(wayOn);
    expect(await screen.findByRole("heading", { name: "Admin page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(to);
  });

  it.each([
    { who: "the owner", user: admin, route: "/admin/integrations" },
    { who: "the owner", user: admin, route: "/admin/activity" },
    { who: "the spec's admin", user: specAdmin, route: "/admin/manage-users/7" },
    { who: "an order manager", user: orderManager, route: "/admin/view-order/ORD-000004" },
    { who: "support", user: support, route: "/admin/manage-users/7" },
    { who: "a catalogue manager", user: catalogueManager, route: "/admin/edit-product/boston-fern" },
    { who: "a catalogue manager", user: catalogueManager, route: "/admin/catalogue-import" },
  ])("$who opens $route", async ({ user, route }) => {
    renderAdminFrame(route, user);
    expect(await screen.findByRole("heading", { name: "Admin page" })).toBeInTheDocument();
    expect(screen.queryByText("Not allowed")).not.toBeInTheDocument();
  });
});

describe("Staff roles: the notice of a turned-off webhook endpoint is for those who manage webhooks", () => {
  const turnedOff = {
    request: { query: WebhookAlertsDocument },
    result: {
      data: {
        webhookEndpoints: [
          { __typename: "WebhookEndpoint", id: 4, url: "https://hooks.example.com/shop", active: false, disabledAt: "2026-11-20T10:00:00.000Z" },
        ],
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };

  it("the owner is told", async () => {
    renderAdminFrame("/admin/dashboard", admin, [turnedOff]);
    expect(await screen.findByRole("alert")).toHaveTextContent("A webhook endpoint was turned off");
  });

  it("the spec's admin is not (nor asked: the server would refuse)", async () => {
    renderAdminFrame("/admin/dashboard", specAdmin, [turnedOff]);
    await screen.findByRole("heading", { name: "Admin page" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText("A webhook endpoint was turned off")).not.toBeInTheDocument();
  });
});
