import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { admin, renderRoutes } from "../../test/renderWithShop";
import { AdminLayout } from "./AdminLayout";

function renderAdminFrame(route: string) {
  return renderRoutes(
    [
      {
        element: <AdminLayout />,
        children: [
          { path: "/admin/:page", element: <h1>Admin page</h1> },
          { path: "/admin/:page/:id", element: <h1>Admin page</h1> },
        ],
      },
    ],
    { route, user: admin },
  );
}

const sideNavigation = () => screen.getAllByRole("navigation", { name: "Admin" })[0];

describe("Admin navigation: links to the six admin areas, the current one highlighted", () => {
  it("links to /admin/dashboard, /admin/manage-product, /admin/manage-category, /admin/manage-order, /admin/manage-region, /admin/manage-users, then Promotions, Taxes and Integrations", async () => {
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
      "/admin/integrations",
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
    expect(links).toHaveLength(9);
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
