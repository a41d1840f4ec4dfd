import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminUserDocument, AdminUsersDocument, SetUserRoleDocument } from "../../../graphql/generated/graphql";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { ManageUsersScreen, UserDetailScreen } from "./UserScreens";

// Notifications live in a module-wide store: one test's messages must not answer the next one's queries.
afterEach(() => notifications.clean());

const person = (id: number, name: string, email: string, role: "USER" | "ADMIN" = "USER") => ({
  __typename: "User" as const,
  id,
  name,
  email,
  role,
  createdAt: `2026-01-0${id}T10:00:00.000Z`,
});
const people = [person(1, "Root Admin", "admin@verdant.shop", "ADMIN"), person(2, "Ada Gardener", "ada@example.com"), person(3, "Bo Potter", "bo@clay.example")];

const list = { route: "/admin/manage-users", path: "/admin/manage-users", user: admin };
const usersMock = (users: object[], extra: object = {}) => ({ request: { query: AdminUsersDocument }, result: { data: { users } }, ...extra });
const rowNames = () =>
  screen
    .getAllByRole("row")
    .map((row) => row.getAttribute("aria-label"))
    .filter(Boolean);

describe("Users list", () => {
  it("shows the loading view, then the count and rows with name, email and a role badge, newest first", async () => {
    renderWithShop(<ManageUsersScreen />, { ...list, mocks: [usersMock(people, { delay: 30 })] });
    expect(screen.getByRole("status", { name: "Loading users" })).toBeInTheDocument();
    expect(await screen.findByText("Total users: 3")).toBeInTheDocument();
    expect(rowNames()).toEqual(["Bo Potter", "Ada Gardener", "Root Admin"]);
    const row = screen.getByRole("row", { name: "Root Admin" });
    expect(within(row).getByRole("link", { name: "Root Admin" })).toHaveAttribute("href", "/admin/manage-users/1");
    expect(within(row).getByText("admin@verdant.shop")).toBeInTheDocument();
    expect(within(row).getByText("admin")).toBeInTheDocument();
    expect(within(screen.getByRole("row", { name: "Ada Gardener" })).getByText("user")).toBeInTheDocument();
  });

  it("searches by name or email, case-insensitive substring", async () => {
    renderWithShop(<ManageUsersScreen />, { ...list, mocks: [usersMock(people)] });
    await screen.findByText("Total users: 3");
    const search = screen.getByPlaceholderText("Search name or email");
    await userEvent.type(search, "POTTER");
    expect(rowNames()).toEqual(["Bo Potter"]);
    await userEvent.clear(search);
    await userEvent.type(search, "EXAMPLE");
    expect(rowNames()).toEqual(["Bo Potter", "Ada Gardener"]);
    await userEvent.clear(search);
    await userEvent.type(search, "nobody");
    expect(screen.getByText("No users found matching your search.")).toBeInTheDocument();
  });

  it("says so when there are no users", async () => {
    renderWithShop(<ManageUsersScreen />, { ...list, mocks: [usersMock([])] });
    expect(await screen.findByText("No users yet.")).toBeInTheDocument();
  });

  it("a failed load is silent (logged)", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithShop(<ManageUsersScreen />, { ...list, mocks: [{ request: { query: AdminUsersDocument }, error: new Error("offline") }] });
    expect(await screen.findByText("No users yet.")).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith("Could not load the users", expect.any(Error));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

const ada = {
  ...person(2, "Ada Gardener", "ada@example.com"),
  address: "1 Fern Street, Portland",
  phone: "+1 555 0100",
  createdAt: "2026-01-05T10:00:00.000Z",
  orders: [
    { __typename: "Order" as const, id: 4, orderNumber: "ORD-000004", status: "DELIVERED" as const, totalItems: 2, total: 45, createdAt: "2026-03-02T15:04:00.000Z" },
  ],
};

const detail = { route: "/admin/manage-users/2", path: "/admin/manage-users/:id", user: admin };
const userRequest = { query: AdminUserDocument, variables: { id: 2 } };

describe("User detail", () => {
  it("shows the loading view, then account info: name, email, role and created date", async () => {
    renderWithShop(<UserDetailScreen />, { ...detail, mocks: [{ request: userRequest, result: { data: { user: ada } }, delay: 30 }] });
    expect(screen.getByRole("status", { name: "Loading the user" })).toBeInTheDocument();
    const account = within(await screen.findByRole("region", { name: "Account info" }));
    expect(account.getByText("Ada Gardener")).toBeInTheDocument();
    expect(account.getByText("ada@example.com")).toBeInTheDocument();
    expect(account.getByText("user", { selector: ".mantine-Badge-label" })).toBeInTheDocument();
    expect(account.getByText("January 5, 2026")).toBeInTheDocument();
  });

  it("contact info: address and phone, 'No address' and 'No contact' when empty", async () => {
    const { unmount } = renderWithShop(<UserDetailScreen />, { ...detail, mocks: [{ request: userRequest, result: { data: { user: ada } } }] });
    const contact = within(await screen.findByRole("region", { name: "Contact info" }));
    expect(contact.getByText("1 Fern Street, Portland")).toBeInTheDocument();
    expect(contact.getByText("+1 555 0100")).toBeInTheDocument();
    unmount();
    renderWithShop(<UserDetailScreen />, { ...detail, mocks: [{ request: userRequest, result: { data: { user: { ...ada, address: null, phone: "" } } } }] });
    const empty = within(await screen.findByRole("region", { name: "Contact info" }));
    expect(empty.getByText("No address")).toBeInTheDocument();
    expect(empty.getByText("No contact")).toBeInTheDocument();
  });

  it("lists the user's orders, each linking to /admin/view-order/{order_number}", async () => {
    renderWithShop(<UserDetailScreen />, { ...detail, mocks: [{ request: userRequest, result: { data: { user: ada } } }] });
    const orders = within(await screen.findByRole("region", { name: "Orders" }));
    expect(orders.getByRole("link", { name: "ORD-000004" })).toHaveAttribute("href", "/admin/view-order/ORD-000004");
    expect(orders.getByText("delivered")).toBeInTheDocument();
    expect(orders.getByText("$45.00")).toBeInTheDocument();
  });

  it("'No orders yet.' when the user has none", async () => {
    renderWithShop(<UserDetailScreen />, { ...detail, mocks: [{ request: userRequest, result: { data: { user: { ...ada, orders: [] } } } }] });
    expect(await within(await screen.findByRole("region", { name: "Orders" })).findByText("No orders yet.")).toBeInTheDocument();
  });

  it("the change-role select offers only user and admin", async () => {
    renderWithShop(<UserDetailScreen />, { ...detail, mocks: [{ request: userRequest, result: { data: { user: ada } } }] });
    const select = await screen.findByLabelText("Change role");
    expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual(["user", "admin"]);
    expect(select).toHaveDisplayValue("user");
  });

  it("changing the role shows the server's message and the new role", async () => {
    renderWithShop(<UserDetailScreen />, {
      ...detail,
      mocks: [
        { request: userRequest, result: { data: { user: ada } } },
        {
          request: { query: SetUserRoleDocument, variables: { id: 2, role: "ADMIN" } },
          result: { data: { setUserRole: { __typename: "UserPayload", message: "User role updated.", user: { __typename: "User", id: 2, role: "ADMIN" } } } },
        },
      ],
    });
    await userEvent.selectOptions(await screen.findByLabelText("Change role"), "admin");
    await userEvent.click(screen.getByRole("button", { name: "Change" }));
    expect(await screen.findByText("User role updated.")).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole("region", { name: "Account info" })).getByText("admin", { selector: ".mantine-Badge-label" })).toBeInTheDocument());
  });

  it("a refused role change shows the server's message", async () => {
    renderWithShop(<UserDetailScreen />, {
      ...detail,
      route: "/admin/manage-users/1",
      mocks: [
        { request: { query: AdminUserDocument, variables: { id: 1 } }, result: { data: { user: { ...ada, ...person(1, "Root Admin", "admin@verdant.shop", "ADMIN") } } } },
        {
          request: { query: SetUserRoleDocument, variables: { id: 1, role: "USER" } },
          result: { errors: [{ message: "Admins cannot remove their own admin role.", extensions: { code: "FORBIDDEN" } }] },
        },
      ],
    });
    await userEvent.selectOptions(await screen.findByLabelText("Change role"), "user");
    await userEvent.click(screen.getByRole("button", { name: "Change" }));
    expect(await screen.findByText("Admins cannot remove their own admin role.")).toBeInTheDocument();
  });

  it("says so when the user cannot be loaded", async () => {
    renderWithShop(<UserDetailScreen />, {
      ...detail,
      mocks: [{ request: userRequest, result: { errors: [{ message: "User not found.", extensions: { code: "NOT_FOUND" } }] } }],
    });
    expect(await screen.findByText("We could not find this user.")).toBeInTheDocument();
    expect(screen.getByText("User not found.")).toBeInTheDocument();
  });
});
