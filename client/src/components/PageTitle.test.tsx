// Each screen names the browser tab and has one h1, which takes focus after a route change.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { resetHeadingFocus } from "../lib/navigation/headingFocus";
import { renderRoutes } from "../test/renderWithShop";
import { documentTitle, PageTitle } from "./PageTitle";

beforeEach(() => resetHeadingFocus());

const routes = [
  {
    path: "/",
    element: (
      <>
        <PageTitle title="Plants and garden goods" hidden />
        <Link to="/products/monstera">Monstera</Link>
        <Link to="/?sort=newest">Newest first</Link>
      </>
    ),
  },
  { path: "/products/monstera", element: <PageTitle title="Monstera Deliciosa" /> },
  { path: "/admin/manage-order", element: <PageTitle title="Orders">Manage orders</PageTitle> },
];

describe("PageTitle", () => {
  it("titles the tab 'Name · Verdant', with 'Admin' under /admin", () => {
    expect(documentTitle("Cart", "/cart")).toBe("Cart · Verdant");
    expect(documentTitle("Orders", "/admin/manage-order")).toBe("Orders · Admin · Verdant");
  });

  it("sets the document's title and renders the one h1; the first page keeps the browser's focus", async () => {
    renderRoutes(routes, { route: "/" });
    expect(await screen.findByRole("heading", { level: 1, name: "Plants and garden goods" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Plants and garden goods · Verdant"));
    expect(screen.getByRole("heading", { level: 1 })).not.toHaveFocus();
  });

  it("moves focus to the new page's h1 on a route change, not when only the query changes", async () => {
    const { router } = renderRoutes(routes, { route: "/" });
    await userEvent.click(await screen.findByRole("link", { name: "Newest first" }));
    expect(router.state.location.search).toBe("?sort=newest");
    expect(screen.getByRole("heading", { level: 1 })).not.toHaveFocus();

    await userEvent.click(screen.getByRole("link", { name: "Monstera" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Monstera Deliciosa" });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(document.title).toBe("Monstera Deliciosa · Verdant"));
    expect(heading).toHaveAttribute("tabindex", "-1");
  });

  it("under /admin the tab names the admin", async () => {
    renderRoutes(routes, { route: "/admin/manage-order" });
    expect(await screen.findByRole("heading", { level: 1, name: "Manage orders" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Orders · Admin · Verdant"));
  });
});
