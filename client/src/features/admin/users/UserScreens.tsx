// Users. The list has the count, search by name or email (on the server), rows
// with name, email, a role badge and the staff role of admins, newest first, a page at a time; a failed load
// is silent (logged).
// The user detail: account info (name, email, role, staff role of an admin, created date), the change-role
// select (user or admin) with the server's message on success and on failure, contact info ('No address' / 'No
// contact'), their orders (a page at a time) linking to the admin order view, and the emails the shop
// wrote to them. What the viewer's staff role allows (lib/session/abilities.ts): the role change needs
// customers:roles (and, for a user who holds a staff role, staff:manage: only the owner changes staff); the
// emails need customers:emails; the owner's 'Staff role' select (StaffRoleField) needs staff:manage.
import { PageTitle } from "../../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, SimpleGrid, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { Link, useParams } from "react-router-dom";
import { EmptyState } from "../../../components/EmptyState";
import { DetailUnavailable } from "../../../components/DetailUnavailable";
import { LoadMore } from "../../../components/LoadMore";
import { AdminUserDocument, AdminUsersDocument, type Role } from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE, nextPageVariables, nodesOf, ORDERS_PAGE_SIZE, useLastAnswer } from "../../../lib/apollo/pages";
import { reportChange } from "../../../lib/notify";
import { formatDate } from "../../../lib/orders/invoice";
import { can } from "../../../lib/session/abilities";
import { useSession } from "../../../lib/session/session";
import { notifyServerFailure } from "../adminFeedback";
import { AdminList, AdminSection, AdminTable, ChangeChoice, Detail, useListSearch, useQuietListState } from "../AdminParts";
import { AdminOrderRow } from "../orders/orderParts";
import { ChangeStaffRole, staffRoleText } from "./StaffRoleField";
import { UserEmails } from "./UserEmails";
import { useSetUserRole } from "./useSetUserRole";

export const NO_USERS_YET = "No users yet.";
export const NO_USERS_FOUND = "No users found matching your search.";

/** The role select offers only user and admin, shown in the spec's words. */
export const ROLE_TEXT: Record<Role, string> = { USER: "user", ADMIN: "admin" };
const ROLE_OPTIONS = (["USER", "ADMIN"] as const).map((value) => ({ value, label: ROLE_TEXT[value] }));

function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={role === "ADMIN" ? "grape" : "gray"} variant="light" style={{ minWidth: "max-content" }}>
      {ROLE_TEXT[role]}
    </Badge>
  );
}


/** The staff role of an admin; a shopper's cell is empty to the eye and says "Not staff" to a screen reader. */
function StaffRoleCell({ user }: { user: Parameters<typeof staffRoleText>[0] }) {
  const text = staffRoleText(user);
  if (text === null) {
    return (
      <>
        <Text span c="dimmed" aria-hidden>
          —
        </Text>
        <VisuallyHidden>Not staff</VisuallyHidden>
      </>
    );
  }
  return <Text span>{text}</Text>;
}

export function ManageUsersScreen() {
  const search = useListSearch();
  const { data, loading, error, fetchMore } = useQuery(AdminUsersDocument, {
    variables: { search: search.query || undefined, first: ADMIN_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const list = useQuietListState("users", { data, loading, error }, useLastAnswer(data?.users, search.query), search.typing);

  return (
    <AdminList
      title="Manage users"
      search={search}
      searchPlaceholder="Search name or email"
      noun="users"
      {...list}
      empty={<EmptyState title={search.query === "" ? NO_USERS_YET : NO_USERS_FOUND} />}
      onLoadMore={(page) => fetchMore({ variables: nextPageVariables(page) })}
    >
      {(users) => (
        <AdminTable framed highlightOnHover nowrap minWidth={640} columns={["Name", "Email", "Role", "Staff role"]}>
          {users.map((user) => (
            <Table.Tr key={user.id} aria-label={user.name}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/manage-users/${user.id}`} fw={600}>
                  {user.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                <RoleBadge role={user.role} />
              </Table.Td>
              <Table.Td>
                <StaffRoleCell user={user} />
              </Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      )}
    </AdminList>
  );
}

function ChangeRole({ userId, role }: { userId: number; role: Role }) {
  const [setUserRole, { loading }] = useSetUserRole();
  const change = (chosen: Role) => reportChange(setUserRole({ variables: { id: userId, role: chosen } }), (data) => data.setUserRole.message, notifyServerFailure);
  return <ChangeChoice<Role> label="Change role" current={role} options={ROLE_OPTIONS} changing={loading} onChange={(chosen) => void change(chosen)} />;
}

export function UserDetailScreen() {
  const id = Number(useParams().id);
  const viewer = useSession().user;
  const { data, loading, error, fetchMore } = useQuery(AdminUserDocument, {
    variables: { id, first: ORDERS_PAGE_SIZE },
    skip: !Number.isInteger(id),
    fetchPolicy: "cache-and-network",
  });

  const user = data?.user;
  if (!user) {
    const back = { to: "/admin/manage-users", label: "Back to the users" };
    return <DetailUnavailable loading={loading} loadingLabel="Loading the user" title="We could not find this user." error={error} back={back} />;
  }

  const orders = nodesOf(user.orders);
  const staffRole = staffRoleText(user);
  // Only the owner changes the role of someone who holds a staff role (the server says so too).
  const mayChangeRole = can(viewer, "customers:roles") && (user.staffRole === null || can(viewer, "staff:manage"));
  return (
    <Stack gap="lg">
      <PageTitle title={user.name} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AdminSection id="account-info" title="Account info">
          <SimpleGrid cols={2} spacing="sm">
            <Detail label="Name">{user.name}</Detail>
            <Detail label="Email">{user.email}</Detail>
            <Detail label="Role">
              <RoleBadge role={user.role} />
            </Detail>
            {staffRole !== null && <Detail label="Staff role">{staffRole}</Detail>}
            <Detail label="Created">{formatDate(user.createdAt)}</Detail>
          </SimpleGrid>
          {mayChangeRole && <ChangeRole key={user.role} userId={user.id} role={user.role} />}
          {can(viewer, "staff:manage") && <ChangeStaffRole user={user} own={viewer?.id === user.id} />}
        </AdminSection>
        <AdminSection id="contact-info" title="Contact info">
          <Detail label="Address">{user.address || "No address"}</Detail>
          <Detail label="Phone number">{user.phone || "No contact"}</Detail>
        </AdminSection>
      </SimpleGrid>
      <AdminSection id="user-orders" title="Orders">
        {orders.length === 0 ? (
          <Text c="dimmed">No orders yet.</Text>
        ) : (
          <>
            <AdminTable nowrap spacing="xs" minWidth={520}>
              {orders.map((order) => (
                <AdminOrderRow key={order.id} order={order} compact />
              ))}
            </AdminTable>
            <LoadMore page={user.orders} noun="orders" onLoadMore={() => fetchMore({ variables: nextPageVariables(user.orders) })} />
          </>
        )}
      </AdminSection>
      {can(viewer, "customers:emails") && <UserEmails userId={user.id} />}
    </Stack>
  );
}
