import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminUserDocument, AdminUserEmailsDocument, AdminUsersDocument, SetUserRoleDocument, type StaffRole } from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE, ORDERS_PAGE_SIZE } from "../../../lib/apollo/pages";
import { connection, cursorOf, queryMock, type PageOptions } from "../../../test/fixtures";
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
  staffRole: null as StaffRole | null,
  createdAt: `2026-01-0${id}T10:00:00.000Z`,
});
// Newest first, as the server sends them.
const people = [person(3, "Bo Potter", "bo@clay.example"), person(2, "Ada Gardener", "ada@example.com"), person(1, "Root Admin", "admin@verdant.shop", "ADMIN")];

const list = { route: "/admin/manage-users", path: "/admin/manage-users", user: admin };
/** A page of the admin user list, for a search (or none). */
const usersMock = (users: Array<{ id: number }>, ask: { search?: string; after?: string } = {}, page: PageOptions = {}, extra: object = {}) =>
  queryMock(AdminUsersDocument, { first: ADMIN_PAGE_SIZE, ...ask }, { users: connection("User", users, page) }, extra);
const rowNames = () =>
  screen
    .getAllByRole("row")
    .map((row) => row.getAttribute("aria-label"))
    .filter(Boolean);

describe("Users list", () => {
  it("shows the loading view, then the count and rows with name, email and a role badge, in the server's order (newest first)", async () => {
    renderWithShop(<ManageUsersScreen />, { ...list, mocks: [usersMock(people, {}, {}, { delay: 30 })] });
    expect(screen.getByRole("status", { name: "Loading users" })).toBeInTheDocument();
    expect(await screen.findByText("Total users: 3")).toBeInTheDocument();
    expect(rowNames()).toEqual(["Bo Potter", "Ada Gardener", "Root Admin"]);
    const row = screen.getByRole("row", { name: "Root Admin" });
    expect(within(row).getByRole("link", { name: "Root Admin" })).toHaveAttribute("href", "/admin/manage-users/1");
    expect(within(row).getByText("admin@verdant.shop")).toBeInTheDocument();
    expect(within(row).getByText("admin")).toBeInTheDocument();
    expect(within(screen.getByRole("row", { name: "Ada Gardener" })).getByText("user")).toBeInTheDocument();
  });

  it("searches by name or email on the server once the typing pauses", async () => {
    renderWithShop(<ManageUsersScreen />, {
      ...list,
      mocks: [usersMock(people), usersMock([people[0]!], { search: "POTTER" }), usersMock([people[0]!, people[1]!], { search: "EXAMPLE" }), usersMock([], { search: "nobody" })],
    });
    await screen.findByText("Total users: 3");
    const search = screen.getByPlaceholderText("Search name or email");
    await userEvent.type(search, "POTTER");
    await waitFor(() => expect(rowNames()).toEqual(["Bo Potter"]));
    await userEvent.clear(search);
    await userEvent.type(search, "EXAMPLE");
    await waitFor(() => expect(rowNames()).toEqual(["Bo Potter", "Ada Gardener"]));
    expect(screen.getByText("Total users: 2")).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, "nobody");
    expect(await screen.findByText("No users found matching your search.")).toBeInTheDocument();
  });

  it("page by page: 'Load more' fetches the users after the last cursor and appends them", async () => {
    renderWithShop(<ManageUsersScreen />, {
      ...list,
      mocks: [usersMock(people.slice(0, 2), {}, { hasNextPage: true, totalCount: 3 }), usersMock([people[2]!], { after: cursorOf(people[1]!) }, { totalCount: 3 })],
    });
    expect(await screen.findByText("Total users: 3")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load more users" }));
    await screen.findByRole("row", { name: "Root Admin" });
    expect(rowNames()).toEqual(["Bo Potter", "Ada Gardener", "Root Admin"]);
  });

  it("says so when there are no users", async () => {
    renderWithShop(<ManageUsersScreen />, { ...list, mocks: [usersMock([])] });
    expect(await screen.findByText("No users yet.")).toBeInTheDocument();
  });

  it("a failed load is silent (logged)", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithShop(<ManageUsersScreen />, { ...list, mocks: [usersMock([], {}, {}, { error: new Error("offline") })] });
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
  orders: connection("Order", [
    { __typename: "Order" as const, id: 4, orderNumber: "ORD-000004", reference: "ABCDEFGH12345678", status: "DELIVERED" as const, totalItems: 2, total: 45, createdAt: "2026-03-02T15:04:00.000Z" },
  ]),
};

const detail = { route: "/admin/manage-users/2", path: "/admin/manage-users/:id", user: admin };
const userRequest = { query: AdminUserDocument, variables: { id: 2, first: ORDERS_PAGE_SIZE } };
/** The emails section asks for its own page: none, unless a test says otherwise. */
const noEmails = (id = 2) => queryMock(AdminUserEmailsDocument, { id, first: ADMIN_PAGE_SIZE }, { user: { __typename: "User", id, emails: connection("Email", []) } });

describe("User detail", () => {
  it("shows the loading view, then account info: name, email, role and created date", async () => {
    renderWithShop(<UserDetailScreen />, { ...detail, mocks: [{ request: userRequest, result: { data: { user: ada } }, delay: 30 }, noEmails()] });
    expect(screen.getByRole("status", { name: "Loading the user" })).toBeInTheDocument();
    const account = within(await screen.findByRole("region", { name: "Account info" }));
    expect(account.getByText("Ada Gardener")).toBeInTheDocument();
    expect(account.getByText("ada@example.com")).toBeInTheDocument();
    expect(account.getByText("user", { selector: ".mantine-Badge-label" })).toBeInTheDocument();
    expect(account.getByText("January 5, 2026")).toBeInTheDocument();
  });

  it("contact info: address and phone, 'No address' and 'No contact' when empty", async () => {
    const { unmount } = renderWithShop(<UserDetailScreen />, { ...detail, mocks: [{ request: userRequest, result: { data: { user: ada } } }, noEmails()] });
    const contact = within(await screen.findByRole("region", { name: "Contact info" }));
    expect(contact.getByText("1 Fern Street, Portland")).toBeInTheDocument();
    expect(contact.getByText("+1 555 0100")).toBeInTheDocument();
    unmount();
    renderWithShop(<UserDetailScreen />, { ...detail, mocks: [{ request: userRequest, result: { data: { user: { ...ada, address: null, phone: "" } } } }, noEmails()] });
    const empty = within(await screen.findByRole("region", { name: "Contact info" }));
    expect(empty.getByText("No address")).toBeInTheDocument();
    expect(empty.getByText("No contact")).toBeInTheDocument();
  });

  it("lists the user's orders, each linking to /admin/view-order/{order_number}", async () => {
    renderWithShop(<UserDetailScreen />, { ...detail, mocks: [{ request: userRequest, result: { data: { user: ada } } }, noEmails()] });
    const orders = within(await screen.findByRole("region", { name: "Orders" }));
    expect(orders.getByRole("link", { name: "ORD-000004" })).toHaveAttribute("href", "/admin/view-order/ORD-000004");
    expect(orders.getByText("delivered")).toBeInTheDocument();
    expect(orders.getByText("$45.00")).toBeInTheDocument();
  });

  it("the user's orders page by page: 'Load more' fetches the orders after the last cursor and appends them", async () => {
    const older = { __typename: "Order" as const, id: 2, orderNumber: "ORD-000002", reference: "BCDEFGHI23456789", status: "PENDING" as const, totalItems: 1, total: 9, createdAt: "2026-02-02T15:04:00.000Z" };
    renderWithShop(<UserDetailScreen />, {
      ...detail,
      mocks: [
        noEmails(),
        { request: userRequest, result: { data: { user: { ...ada, orders: connection("Order", ada.orders.edges.map((edge) => edge.node), { hasNextPage: true, totalCount: 2 }) } } } },
        {
          request: { query: AdminUserDocument, variables: { id: 2, first: ORDERS_PAGE_SIZE, after: cursorOf(ada.orders.edges[0]!.node) } },
          result: { data: { user: { ...ada, orders: connection("Order", [older], { totalCount: 2 }) } } },
        },
      ],
    });
    const orders = within(await screen.findByRole("region", { name: "Orders" }));
    await userEvent.click(orders.getByRole("button", { name: "Load more orders" }));
    await orders.findByRole("row", { name: "Order ORD-000002" });
    expect(orders.getAllByRole("row").map((row) => row.getAttribute("aria-label"))).toEqual(["Order ORD-000004", "Order ORD-000002"]);
    expect(orders.getByText("Showing 2 of 2 orders")).toBeInTheDocument();
  });

  it("'No orders yet.' when the user has none", async () => {
    renderWithShop(<UserDetailScreen />, { ...detail, mocks: [{ request: userRequest, result: { data: { user: { ...ada, orders: connection("Order", []) } } } }, noEmails()] });
    expect(await within(await screen.findByRole("region", { name: "Orders" })).findByText("No orders yet.")).toBeInTheDocument();
  });

  it("the change-role select offers only user and admin", async () => {
    renderWithShop(<UserDetailScreen />, { ...detail, mocks: [{ request: userRequest, result: { data: { user: ada } } }, noEmails()] });
    const select = await screen.findByLabelText("Change role");
    expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual(["user", "admin"]);
    expect(select).toHaveDisplayValue("user");
  });

  it("changing the role shows the server's message and the new role", async () => {
    renderWithShop(<UserDetailScreen />, {
      ...detail,
      mocks: [
        noEmails(),
        { request: userRequest, result: { data: { user: ada } } },
        {
          request: { query: SetUserRoleDocument, variables: { id: 2, role: "ADMIN" } },
          result: { data: { setUserRole: { __typename: "UserPayload", message: "User role updated.", user: { __typename: "User", id: 2, role: "ADMIN", staffRole: null } } } },
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
        noEmails(1),
        { request: { query: AdminUserDocument, variables: { id: 1, first: ORDERS_PAGE_SIZE } }, result: { data: { user: { ...ada, ...person(1, "Root Admin", "admin@verdant.shop", "ADMIN") } } } },
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

describe("User detail: the emails the shop wrote to the user", () => {
  const email = (id: string, subject: string, state: "PENDING" | "SENT" | "FAILED", extra: object = {}) => ({
    __typename: "Email" as const,
    id,
    subject,
    recipient: "ada@example.com",
    state,
    attempts: 1,
    lastError: null,
    createdAt: "2026-03-02T15:04:00.000Z",
    sentAt: state === "SENT" ? "2026-03-02T15:04:02.000Z" : null,
    ...extra,
  });
  const emailsMock = (emails: ReturnType<typeof email>[], page: PageOptions = {}, after?: string) =>
    queryMock(AdminUserEmailsDocument, { id: 2, first: ADMIN_PAGE_SIZE, ...(after ? { after } : {}) }, { user: { __typename: "User", id: 2, emails: connection("Email", emails, page) } });

  it("lists subject, time and delivery state, newest first, with the reason a delivery failed", async () => {
    renderWithShop(<UserDetailScreen />, {
      ...detail,
      mocks: [
        { request: userRequest, result: { data: { user: ada } } },
        emailsMock([
          email("e3", "Your order ORD-000004 has been delivered", "FAILED", { attempts: 1, lastError: "550 No such mailbox here" }),
          email("e2", "Your Verdant order ORD-000004 is confirmed", "SENT"),
          email("e1", "Welcome to Verdant", "SENT"),
        ]),
      ],
    });
    const section = within(await screen.findByRole("region", { name: "Emails" }));
    const rows = await section.findAllByRole("row");
    expect(rows.map((row) => within(row).queryAllByRole("cell")[0]?.textContent ?? "header")).toEqual([
      "header",
      "Your order ORD-000004 has been deliveredTo ada@example.com",
      "Your Verdant order ORD-000004 is confirmedTo ada@example.com",
      "Welcome to VerdantTo ada@example.com",
    ]);
    expect(within(rows[1]!).getByText("Not sent")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("1 attempt: 550 No such mailbox here")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Sent")).toBeInTheDocument();
    expect(within(rows[3]!).getAllByRole("cell")[1]).toHaveTextContent("Mar 2, 2026, 3:04 PM");
  });

  it("'No emails yet.' when the shop wrote none; 'Load more' fetches the next page", async () => {
    const { unmount } = renderWithShop(<UserDetailScreen />, { ...detail, mocks: [{ request: userRequest, result: { data: { user: ada } } }, emailsMock([])] });
    expect(await within(await screen.findByRole("region", { name: "Emails" })).findByText("No emails yet.")).toBeInTheDocument();
    unmount();
    const first = email("e2", "Welcome to Verdant", "SENT");
    renderWithShop(<UserDetailScreen />, {
      ...detail,
      mocks: [
        { request: userRequest, result: { data: { user: ada } } },
        emailsMock([first], { hasNextPage: true, totalCount: 2 }),
        emailsMock([email("e1", "Reset your Verdant password", "SENT")], { totalCount: 2 }, cursorOf(first)),
      ],
    });
    const section = within(await screen.findByRole("region", { name: "Emails" }));
    await userEvent.click(await section.findByRole("button", { name: "Load more emails" }));
    expect(await section.findByText("Reset your Verdant password")).toBeInTheDocument();
    expect(section.getByText("Showing 2 of 2 emails")).toBeInTheDocument();
  });
});
