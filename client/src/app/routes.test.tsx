import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createCartStore } from "../lib/cart/cartStore";
import { checkoutOptionsMock, homeMock } from "../test/fixtures";
import { admin, catalogueManager, renderRoutes, shopper, specAdmin, support } from "../test/renderWithShop";
import { ADMIN_ROUTES, SHOP_ROUTES, shopRoutes } from "./routes";

const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, "sample");
/** Answers for the storefront's own queries (home, checkout regions); other screens' queries go unanswered. */
const shopMocks = () => [homeMock(), checkoutOptionsMock()];

describe("Screens and routes: every public, customer and admin route of the spec exists", () => {
  it("lists the 16 public and customer routes, both /login and /login-user among them, then password reset", () => {
    expect(SHOP_ROUTES.map((route) => route.path)).toEqual([
      "/",
      "/signup",
      "/login",
      "/login-user",
      "/categories/:categoryName",
      "/search",
      "/cart",
      "/checkout",
      "/products/:slug",
      "/user",
      "/user/order",
      "/user/order/:orderNumber",
      "/user/wishlist",
      "/user/addresses",
      "/user/update-account-details",
      "/user/update-contact-details",
      "/user/update-password",
      "/forgot-password",
      "/reset-password",
    ]);
  });

  it("lists the 14 admin routes, the two of Integrations, the three of Promotions, Taxes, Activity and Import products", () => {
    expect(ADMIN_ROUTES).toHaveLength(22);
  });

  it.each(SHOP_ROUTES.map((route) => concrete(route.path)))("%s shows a screen inside the page frame, not the error screen", async (path) => {
    renderRoutes(shopRoutes, { mocks: shopMocks(), route: path });
    expect(await screen.findByRole("main")).toBeInTheDocument();
    expect(screen.queryByText("Unexpected Application Error!")).not.toBeInTheDocument();
  });

  it.each(ADMIN_ROUTES.map(concrete))("%s opens for an admin, inside the admin navigation", async (path) => {
    // Only the route is under test: the screens' queries have no answers here, and say so in the console.
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { router } = renderRoutes(shopRoutes, { mocks: shopMocks(), route: path, user: admin });
    expect((await screen.findAllByRole("navigation", { name: "Admin" }))[0]).toBeInTheDocument();
    expect(screen.queryByText("Unexpected Application Error!")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it("/admin opens the dashboard", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { router } = renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/admin", user: admin });
    await screen.findAllByRole("navigation", { name: "Admin" });
    expect(router.state.location.pathname).toBe("/admin/dashboard");
  });

  it("an unknown admin address shows the error screen to an admin", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/admin/no-such-page", user: admin });
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByTestId("route-error-message")).toHaveTextContent("404 Not Found");
  });
});

describe("Permissions: if the loaded user is not admin and the path contains /admin, the app redirects to /", () => {
  it("sends a signed-in shopper to /", async () => {
    const { router } = renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/admin/dashboard", user: shopper });
    await screen.findByRole("main");
    expect(router.state.location.pathname).toBe("/");
  });

  it("sends a shopper to / from any address under /admin, unknown ones included", async () => {
    const { router } = renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/admin/no-such-page", user: shopper });
    await screen.findByRole("main");
    expect(router.state.location.pathname).toBe("/");
  });

  it("sends a guest to /", async () => {
    const { router } = renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/admin/manage-users/3" });
    await screen.findByRole("main");
    expect(router.state.location.pathname).toBe("/");
  });

  it("waits with the logo and spinner while the user is still loading", async () => {
    const { router } = renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/admin/dashboard", session: { loading: true } });
    expect(await screen.findByRole("status", { name: "Loading" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/dashboard");
  });
});

describe("Staff roles: an admin page the staff role does not allow, opened by its address", () => {
  const quiet = () => {
    // The screens' queries have no answers here, and say so in the console.
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  };

  it("shows 'Not allowed' inside the admin frame, with the way to the first section the user may use", async () => {
    quiet();
    const { router } = renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/admin/manage-order", user: catalogueManager });
    expect(await screen.findByRole("heading", { level: 1, name: "Not allowed" })).toBeInTheDocument();
    expect(screen.getByText("Your staff role does not allow this page.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Products" })).toHaveAttribute("href", "/admin/manage-product");
    expect(screen.queryByRole("heading", { name: "Manage orders" })).not.toBeInTheDocument();
    expect(screen.queryByText("Unexpected Application Error!")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/manage-order");
  });

  it("a typed integrations address says 'Not allowed' to the spec's admin (API keys and webhooks are the owner's)", async () => {
    quiet();
    renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/admin/integrations", user: specAdmin });
    expect(await screen.findByRole("heading", { level: 1, name: "Not allowed" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/admin/dashboard");
  });

  it.each([
    { who: "a catalogue manager", user: catalogueManager, first: "/admin/manage-product" },
    { who: "support", user: support, first: "/admin/manage-product" },
    { who: "the spec's admin", user: specAdmin, first: "/admin/dashboard" },
  ])("/admin opens the first section $who may use ($first)", async ({ user, first }) => {
    quiet();
    const { router } = renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/admin", user });
    await screen.findAllByRole("navigation", { name: "Admin" });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(first));
    expect(screen.queryByText("Not allowed")).not.toBeInTheDocument();
  });

  it("an unknown admin address is still a 404, whatever the staff role", async () => {
    quiet();
    renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/admin/no-such-page", user: support });
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByTestId("route-error-message")).toHaveTextContent("404 Not Found");
  });
});

describe("An unknown or failing route shows 'Unexpected Application Error!' followed by the error message", () => {
  it("an unknown route", async () => {
    renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/no-such-page" });
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByTestId("route-error-message")).toHaveTextContent("404 Not Found");
  });

  it("keeps the top navigation so the shopper can leave", async () => {
    renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/no-such-page" });
    await screen.findByRole("heading", { name: "Unexpected Application Error!" });
    expect(screen.getByRole("link", { name: "Verdant home" })).toHaveAttribute("href", "/");
  });

  it("a failing screen shows the error's message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    function Broken(): never {
      throw new Error("The greenhouse door is stuck");
    }
    const { ErrorScreen } = await import("./ErrorScreen");
    renderRoutes([{ path: "/", element: <Broken />, errorElement: <ErrorScreen /> }]);
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByTestId("route-error-message")).toHaveTextContent("The greenhouse door is stuck");
  });
});

describe("Top navigation", () => {
  it("logo to /, search icon to /search, cart icon to /cart", async () => {
    renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/" });
    const nav = await screen.findByRole("navigation", { name: "Shop" });
    expect(screen.getByRole("link", { name: "Verdant home" })).toHaveAttribute("href", "/");
    expect(within(nav).getByRole("link", { name: "Search" })).toHaveAttribute("href", "/search");
    expect(within(nav).getByRole("link", { name: /^Cart/ })).toHaveAttribute("href", "/cart");
  });

  it("the cart icon has a badge showing total quantity", async () => {
    const cart = createCartStore();
    cart.dispatch({
      type: "add",
      product: { id: 1, slug: "fern", name: "Fern", imageOne: "/f.jpg", price: 5, discountPrice: null, quantity: 9 },
      cartQuantity: 3,
    });
    renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/", cart });
    const nav = await screen.findByRole("navigation", { name: "Shop" });
    expect(within(nav).getByRole("link", { name: "Cart, 3 items" })).toBeInTheDocument();
    expect(within(nav).getByText("3")).toBeInTheDocument();
  });

  it("shows Sign in (to /login) when no user is loaded", async () => {
    renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/" });
    expect(await screen.findByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("link", { name: "Account" })).not.toBeInTheDocument();
  });

  it("shows Account (to /user) when a user is loaded", async () => {
    renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/", user: shopper });
    expect(await screen.findByRole("link", { name: "Account" })).toHaveAttribute("href", "/user");
    expect(screen.queryByRole("link", { name: "Sign in" })).not.toBeInTheDocument();
  });
});

describe("Footer", () => {
  it("has a newsletter email input with a Submit button, the three links and a copyright line", async () => {
    renderRoutes(shopRoutes, { mocks: shopMocks(), route: "/" });
    expect(await screen.findByLabelText("Newsletter email")).toHaveAttribute("type", "email");
    expect(screen.getByRole("button", { name: "Submit" })).toBeInTheDocument();
    for (const name of ["About us", "Terms and Conditions", "Privacy Policy"]) {
      expect(screen.getByRole("link", { name })).toBeInTheDocument();
    }
    expect(screen.getByText(/©/)).toHaveTextContent(String(new Date().getFullYear()));
  });
});
