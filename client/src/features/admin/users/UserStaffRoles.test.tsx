// Staff roles on the admin user screens: the users list's 'Staff role' column; on the user screen, the
// owner's 'Staff role' select (staff:manage) sending setStaffRole after a confirmation, the role change
// (customers:roles) and the e-mails sent to the user (customers:emails) only for staff roles that allow them.
import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminUserDocument, AdminUserEmailsDocument, AdminUsersDocument, type Role, type StaffRole } from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE, ORDERS_PAGE_SIZE } from "../../../lib/apollo/pages";
import type { SessionUser } from "../../../lib/session/session";
import { connection, queryMock } from "../../../test/fixtures";
import { admin, orderManager, renderWithShop, specAdmin, support } from "../../../test/renderWithShop";
import { SetStaffRoleDocument } from "./staffOperations";
import { ManageUsersScreen, UserDetailScreen } from "./UserScreens";

afterEach(() => notifications.clean());

const person = (id: number, name: string, role: Role = "USER", staffRole: StaffRole | null = null) => ({
  __typename: "User" as const,
  id,
  name,
  email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
  role,
  staffRole,
  address: "1 Fern Street, Portland",
  phone: "+1 555 0100",
  createdAt: "2026-01-05T10:00:00.000Z",
  orders: connection("Order", []),
});

const ada = person(2, "Ada Gardener");
const sue = person(5, "Sue Support", "ADMIN", "SUPPORT");
const spec = person(6, "Spec Admin", "ADMIN");

function renderUser(viewer: SessionUser, shown: ReturnType<typeof person>, more: object[] = [], emails = vi.fn()) {
  const emailsMock = {
    ...queryMock(AdminUserEmailsDocument, { id: shown.id, first: ADMIN_PAGE_SIZE }, {}),
    result: () => {
      emails();
      return { data: { user: { __typename: "User", id: shown.id, emails: connection("Email", []) } } };
    },
  };
  return renderWithShop(<UserDetailScreen />, {
    route: `/admin/manage-users/${shown.id}`,
    path: "/admin/manage-users/:id",
    user: viewer,
    mocks: [queryMock(AdminUserDocument, { id: shown.id, first: ORDERS_PAGE_SIZE }, { user: shown }), emailsMock, ...(more as never[])],
  });
}

/** setStaffRole's mock; `sent` records each call's variables. */
function staffRoleMock(id: number, staffRole: StaffRole | null, answer: { message?: string; error?: string; delay?: number }, sent = vi.fn()) {
  return {
    request: { query: SetStaffRoleDocument, variables: { id, staffRole } },
    delay: answer.delay ?? 0,
    result: () => {
      sent({ id, staffRole });
      return answer.error
        ? { errors: [{ message: answer.error, extensions: { code: "FORBIDDEN" } }] }
        : { data: { setStaffRole: { __typename: "UserPayload", message: answer.message, user: { __typename: "User", id, role: "ADMIN", staffRole } } } };
    },
  };
}

const accountInfo = async () => within(await screen.findByRole("region", { name: "Account info" }));
const options = (select: HTMLElement) => within(select).getAllByRole("option").map((option) => option.textContent);

describe("Staff roles: the users list shows each admin's staff role", () => {
  it("a 'Staff role' column: the staff role's name, 'None (admin)' for the spec's admin, nothing for a shopper", async () => {
    const users = [person(1, "Root Owner", "ADMIN", "OWNER"), spec, ada].map(({ orders: _orders, address: _a, phone: _p, ...user }) => user);
    renderWithShop(<ManageUsersScreen />, {
      route: "/admin/manage-users",
      path: "/admin/manage-users",
      user: admin,
      mocks: [queryMock(AdminUsersDocument, { first: ADMIN_PAGE_SIZE }, { users: connection("User", users) })],
    });
    await screen.findByText("Total users: 3");
    expect(screen.getByRole("columnheader", { name: "Staff role" })).toBeInTheDocument();
    const staffCell = (name: string) => within(screen.getByRole("row", { name })).getAllByRole("cell")[3]!;
    expect(staffCell("Root Owner")).toHaveTextContent("Owner");
    expect(staffCell("Spec Admin")).toHaveTextContent("None (admin)");
    expect(staffCell("Ada Gardener")).toHaveTextContent("Not staff");
  });
});

describe("Staff roles: the owner's 'Staff role' select on the user screen", () => {
  it("the owner (staff:manage) sees it with None (admin), Owner, Catalogue manager, Order manager and Support, at the user's staff role", async () => {
    renderUser(admin, sue);
    const select = await screen.findByRole("combobox", { name: /^Staff role/ });
    expect(options(select)).toEqual(["None (admin)", "Owner", "Catalogue manager", "Order manager", "Support"]);
    expect(select).toHaveDisplayValue("Support");
    expect((await accountInfo()).getByText("Staff role", { selector: "p" }).nextElementSibling).toHaveTextContent("Support");
    // Nothing to send until another role is chosen.
    expect(screen.getByRole("button", { name: "Change staff role" })).toBeDisabled();
  });

  it.each([
    { who: "the spec's admin", viewer: specAdmin },
    { who: "an order manager", viewer: orderManager },
    { who: "support", viewer: support },
  ])("$who (without staff:manage) does not see it", async ({ viewer }) => {
    renderUser(viewer, ada);
    await screen.findByRole("region", { name: "Account info" });
    expect(screen.queryByRole("combobox", { name: /^Staff role/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change staff role" })).not.toBeInTheDocument();
  });

  it("Change asks first; Keep sends nothing; confirming sends setStaffRole, says the server's message and shows the new role", async () => {
    const sent = vi.fn();
    renderUser(admin, spec, [staffRoleMock(6, "CATALOGUE_MANAGER", { message: "Staff role updated.", delay: 300 }, sent)]);
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: /^Staff role/ }), "Catalogue manager");
    await userEvent.click(screen.getByRole("button", { name: "Change staff role" }));
    let dialog = await screen.findByRole("dialog", { name: "Change Spec Admin's staff role to Catalogue manager?" });
    expect(within(dialog).getByText(/Their sessions end/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Change staff role" }));
    dialog = await screen.findByRole("dialog", { name: "Change Spec Admin's staff role to Catalogue manager?" });
    const confirm = within(dialog).getByRole("button", { name: "Change staff role" });
    await userEvent.click(confirm);
    // Busy while it goes: neither button can be used again.
    await waitFor(() => expect(confirm).toHaveAttribute("data-loading", "true"));
    expect(within(dialog).getByRole("button", { name: "Keep" })).toBeDisabled();
    expect(await screen.findByText("Staff role updated.")).toBeInTheDocument();
    expect(sent).toHaveBeenCalledExactlyOnceWith({ id: 6, staffRole: "CATALOGUE_MANAGER" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect((await accountInfo()).getByText("Staff role", { selector: "p" }).nextElementSibling).toHaveTextContent("Catalogue manager");
  });

  it("'None (admin)' sends no staff role (null): the spec's admin", async () => {
    const sent = vi.fn();
    renderUser(admin, sue, [staffRoleMock(5, null, { message: "Staff role updated." }, sent)]);
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: /^Staff role/ }), "None (admin)");
    await userEvent.click(screen.getByRole("button", { name: "Change staff role" }));
    const dialog = await screen.findByRole("dialog", { name: "Change Sue Support's staff role to None (admin)?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Change staff role" }));
    expect(await screen.findByText("Staff role updated.")).toBeInTheDocument();
    expect(sent).toHaveBeenCalledExactlyOnceWith({ id: 5, staffRole: null });
  });

  it("a shopper shows as not staff and is told they become an admin", async () => {
    renderUser(admin, ada, [staffRoleMock(2, "SUPPORT", { message: "Staff role updated." })]);
    const select = await screen.findByRole("combobox", { name: /^Staff role/ });
    expect(options(select)).toEqual(["Shopper (not staff)", "None (admin)", "Owner", "Catalogue manager", "Order manager", "Support"]);
    expect(select).toHaveDisplayValue("Shopper (not staff)");
    await userEvent.selectOptions(select, "Support");
    await userEvent.click(screen.getByRole("button", { name: "Change staff role" }));
    const dialog = await screen.findByRole("dialog", { name: "Change Ada Gardener's staff role to Support?" });
    expect(dialog).toHaveTextContent("Ada Gardener becomes an admin.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Change staff role" }));
    expect(await screen.findByText("Staff role updated.")).toBeInTheDocument();
  });

  it("a refusal shows the server's words in the dialog, which stays open", async () => {
    const refusal = "Your staff role does not allow this: it needs the staff:manage ability.";
    renderUser(admin, sue, [staffRoleMock(5, "OWNER", { error: refusal })]);
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: /^Staff role/ }), "Owner");
    await userEvent.click(screen.getByRole("button", { name: "Change staff role" }));
    const dialog = await screen.findByRole("dialog", { name: "Change Sue Support's staff role to Owner?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Change staff role" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(refusal);
    expect(screen.getByRole("dialog", { name: "Change Sue Support's staff role to Owner?" })).toBeInTheDocument();
  });

  it("on their own account the owner is told another owner changes it, with no select", async () => {
    renderUser(admin, { ...person(admin.id, admin.name, "ADMIN", "OWNER") });
    expect(await screen.findByText("You cannot change your own staff role: another owner can.")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: /^Staff role/ })).not.toBeInTheDocument();
  });
});

describe("Staff roles: the user screen's role change and e-mails", () => {
  it("support (customers:emails) reads the user's e-mails but is not offered the role change", async () => {
    renderUser(support, ada);
    await screen.findByRole("region", { name: "Account info" });
    expect(await screen.findByRole("region", { name: "Emails" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Change role")).not.toBeInTheDocument();
  });

  it("an order manager (customers:read only) sees the user, but neither the role change nor the e-mails (which are not even asked)", async () => {
    const emails = vi.fn();
    renderUser(orderManager, ada, [], emails);
    await screen.findByRole("region", { name: "Account info" });
    expect(screen.getByRole("region", { name: "Contact info" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Change role")).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Emails" })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(emails).not.toHaveBeenCalled();
  });

  it("the spec's admin changes a shopper's role and reads their e-mails", async () => {
    renderUser(specAdmin, ada);
    expect(await screen.findByLabelText("Change role")).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "Emails" })).toBeInTheDocument();
  });

  it("the role of someone who holds a staff role is the owner's to change: the spec's admin is not offered it, the owner is", async () => {
    const { unmount } = renderUser(specAdmin, sue);
    await screen.findByRole("region", { name: "Account info" });
    expect(screen.queryByLabelText("Change role")).not.toBeInTheDocument();
    unmount();
    renderUser(admin, sue);
    expect(await screen.findByLabelText("Change role")).toBeInTheDocument();
  });
});
