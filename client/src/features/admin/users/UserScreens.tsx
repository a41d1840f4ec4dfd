// Users (spec sections 2, 6 and 8). The list: the count, search by name or email, rows with name, email
// and a role badge; a failed load is silent (logged). The user detail: account info (name, email, role,
// created date), the change-role select (user or admin) with the server's message on success and on
// failure, contact info ('No address' / 'No contact'), and their orders linking to the admin order view.
import { useMutation, useQuery } from "@apollo/client/react";
import { Anchor, Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingView } from "../../../components/LoadingView";
import { AdminUserDocument, AdminUsersDocument, SetUserRoleDocument, type Role } from "../../../graphql/generated/graphql";
import { serverMessage } from "../../../lib/apollo/errors";
import { newestFirst } from "../../../lib/catalog/catalogRules";
import { formatMoney } from "../../../lib/money";
import { notifySuccess } from "../../../lib/notify";
import { formatDate, formatDateTime } from "../../../lib/orders/invoice";
import { notifyServerFailure } from "../adminFeedback";
import { countLabel, Detail, ListHeader } from "../AdminParts";
import { byNameOrEmail, searchRows } from "../adminRules";
import { adminOrderPath, OrderStatusBadge } from "../orders/orderParts";

export const NO_USERS_YET = "No users yet.";
export const NO_USERS_FOUND = "No users found matching your search.";

/** The role select offers only user and admin (spec section 5), shown in the spec's words. */
export const ROLE_TEXT: Record<Role, string> = { USER: "user", ADMIN: "admin" };
const ROLES: Role[] = ["USER", "ADMIN"];

function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={role === "ADMIN" ? "grape" : "gray"} variant="light" style={{ minWidth: "max-content" }}>
      {ROLE_TEXT[role]}
    </Badge>
  );
}

export function ManageUsersScreen() {
  const { data, loading, error } = useQuery(AdminUsersDocument, { fetchPolicy: "cache-and-network" });
  const [search, setSearch] = useState("");
  useEffect(() => {
    if (error) console.error("Could not load the users", error);
  }, [error]);

  const users = newestFirst(data?.users ?? []);
  const found = searchRows(users, search, byNameOrEmail);
  let body;
  if (loading && !data) body = <LoadingView label="Loading users" />;
  else if (users.length === 0) body = <EmptyState title={NO_USERS_YET} />;
  else if (found.length === 0) body = <EmptyState title={NO_USERS_FOUND} />;
  else {
    body = (
      <Paper withBorder radius="md" p="xs">
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" highlightOnHover style={{ whiteSpace: "nowrap" }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {found.map((user) => (
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
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

  return (
    <Stack gap="lg">
      <ListHeader
        title="Manage users"
        count={data ? countLabel("users", users.length) : undefined}
        searchPlaceholder="Search name or email"
        search={search}
        onSearch={setSearch}
      />
      {body}
    </Stack>
  );
}

function ChangeRole({ userId, role }: { userId: number; role: Role }) {
  const [chosen, setChosen] = useState<Role>(role);
  const [setUserRole, { loading }] = useMutation(SetUserRoleDocument);
  const change = async () => {
    try {
      const result = await setUserRole({ variables: { id: userId, role: chosen } });
      if (result.data) notifySuccess(result.data.setUserRole.message);
    } catch (error) {
      notifyServerFailure(error);
    }
  };
  return (
    <Group align="flex-end" gap="sm">
      <NativeSelect
        label="Change role"
        value={chosen}
        onChange={(event) => setChosen(event.currentTarget.value as Role)}
        data={ROLES.map((value) => ({ value, label: ROLE_TEXT[value] }))}
      />
      <Button onClick={() => void change()} loading={loading}>
        Change
      </Button>
    </Group>
  );
}

export function UserDetailScreen() {
  const id = Number(useParams().id);
  const { data, loading, error } = useQuery(AdminUserDocument, { variables: { id }, skip: !Number.isInteger(id), fetchPolicy: "cache-and-network" });

  const user = data?.user;
  if (!user) {
    if (loading) return <LoadingView label="Loading the user" />;
    return (
      <EmptyState
        title="We could not find this user."
        description={error ? serverMessage(error) : undefined}
        action={
          <Anchor component={Link} to="/admin/manage-users">
            Back to the users
          </Anchor>
        }
      />
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{user.name}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="account-info">
          <Stack gap="sm">
            <Title order={2} size="h4" id="account-info">
              Account info
            </Title>
            <SimpleGrid cols={2} spacing="sm">
              <Detail label="Name">{user.name}</Detail>
              <Detail label="Email">{user.email}</Detail>
              <Detail label="Role">
                <RoleBadge role={user.role} />
              </Detail>
              <Detail label="Created">{formatDate(user.createdAt)}</Detail>
            </SimpleGrid>
            <ChangeRole key={user.role} userId={user.id} role={user.role} />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="contact-info">
          <Stack gap="sm">
            <Title order={2} size="h4" id="contact-info">
              Contact info
            </Title>
            <Detail label="Address">{user.address || "No address"}</Detail>
            <Detail label="Phone number">{user.phone || "No contact"}</Detail>
          </Stack>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="user-orders">
        <Stack gap="sm">
          <Title order={2} size="h4" id="user-orders">
            Orders
          </Title>
          {user.orders.length === 0 ? (
            <Text c="dimmed">No orders yet.</Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="xs" style={{ whiteSpace: "nowrap" }}>
                <Table.Tbody>
                  {user.orders.map((order) => (
                    <Table.Tr key={order.id} aria-label={`Order ${order.orderNumber}`}>
                      <Table.Td>
                        <Anchor component={Link} to={adminOrderPath(order.orderNumber)} fw={600}>
                          {order.orderNumber}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <OrderStatusBadge status={order.status} />
                      </Table.Td>
                      <Table.Td ta="right">{order.totalItems} item(s)</Table.Td>
                      <Table.Td>{formatDateTime(order.createdAt)}</Table.Td>
                      <Table.Td ta="right" fw={700}>
                        {formatMoney(order.total)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
