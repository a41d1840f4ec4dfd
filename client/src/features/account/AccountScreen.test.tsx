import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LogoutDocument } from "../../graphql/generated/graphql";
import { admin, catalogueManager, renderWithShop, shopper } from "../../test/renderWithShop";
import { AccountScreen } from "./AccountScreen";

const at = { route: "/user", path: "/user", routes: [{ path: "/", element: <h1>Home page</h1> }] };

describe("Account", () => {
  it("shows Name, Email, Address and Phone number", async () => {
    renderWithShop(<AccountScreen />, { ...at, user: shopper });
    for (const text of [shopper.name, shopper.email, shopper.address!, shopper.phone!]) expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("'No address' and 'No contact' when empty", async () => {
    renderWithShop(<AccountScreen />, { ...at, user: { ...shopper, address: null, phone: "" } });
    expect(await screen.findByText("No address")).toBeInTheDocument();
    expect(screen.getByText("No contact")).toBeInTheDocument();
  });

  it("links to my orders, my wish-list, my addresses and the three update pages", async () => {
    renderWithShop(<AccountScreen />, { ...at, user: shopper });
    const links = { "My orders": "/user/order", "My wish-list": "/user/wishlist", "My addresses": "/user/addresses", "Update account details": "/user/update-account-details", "Update contact details": "/user/update-contact-details", "Update password": "/user/update-password" };
    for (const [name, href] of Object.entries(links)) expect(await screen.findByRole("link", { name })).toHaveAttribute("href", href);
    expect(screen.getByRole("button", { name: "Export my data" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete my account" })).toBeInTheDocument();
  });

  it("only admins see the 'Admin dashboard' link", async () => {
    const { unmount } = renderWithShop(<AccountScreen />, { ...at, user: shopper });
    await screen.findByRole("link", { name: "My orders" });
    expect(screen.queryByRole("link", { name: "Admin dashboard" })).not.toBeInTheDocument();
    unmount();
    renderWithShop(<AccountScreen />, { ...at, user: admin });
    expect(await screen.findByRole("link", { name: "Admin dashboard" })).toHaveAttribute("href", "/admin/dashboard");
  });

  it("an admin whose staff role has no dashboard (a catalogue manager) is led to the first section they may use", async () => {
    renderWithShop(<AccountScreen />, { ...at, user: catalogueManager });
    expect(await screen.findByRole("link", { name: "Admin dashboard" })).toHaveAttribute("href", "/admin/manage-product");
  });

  it("asks a guest to sign in, and shows the loading view while the user loads", async () => {
    const { unmount } = renderWithShop(<AccountScreen />, at);
    expect(await screen.findByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    unmount();
    renderWithShop(<AccountScreen />, { ...at, session: { loading: true } });
    expect(await screen.findByRole("status", { name: "Loading your account" })).toBeInTheDocument();
  });
});

describe("Logout: 'Logging out...', the logout call, then the user is cleared and the app goes to / whether it succeeds or fails", () => {
  it("succeeds with 'Logout successful!'", async () => {
    const clearUser = vi.fn();
    const { router } = renderWithShop(<AccountScreen />, {
      ...at,
      user: shopper,
      session: { clearUser },
      mocks: [{ request: { query: LogoutDocument }, result: { data: { logout: { __typename: "Message", message: "Logout successful!" } } }, delay: 500 }],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Logout" }));
    expect(await screen.findByText("Logging out...")).toBeInTheDocument();
    // The answer comes half a second later: long enough to see the wait under a loaded test run.
    expect(await screen.findByText("Logout successful!", {}, { timeout: 3000 })).toBeInTheDocument();
    expect(clearUser).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/");
  });

  it("fails with 'Logout failed. Please try again.' and still clears the user and goes to /", async () => {
    const clearUser = vi.fn();
    const { router } = renderWithShop(<AccountScreen />, {
      ...at,
      user: shopper,
      session: { clearUser },
      mocks: [{ request: { query: LogoutDocument }, error: new Error("offline") }],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Logout" }));
    expect(await screen.findByText("Logout failed. Please try again.")).toBeInTheDocument();
    expect(clearUser).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/");
  });
});
