// Account overview: the user's details, links to orders, wish-list, the address book, the
// admin dashboard (admins only) and the three update pages, Logout, and 'Your data' (export it, delete the account).
import { PageTitle } from "../../components/PageTitle";
import { useMutation } from "@apollo/client/react";
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link, useNavigate } from "react-router-dom";
import { LogoutDocument } from "../../graphql/generated/graphql";
import { messages } from "../../lib/messages";
import { notifyLoading, replaceNotification } from "../../lib/notify";
import { firstAdminPage } from "../../lib/session/abilities";
import { isAdmin, useSession, type SessionUser } from "../../lib/session/session";
import { RequireUser } from "../../components/RequireUser";
import { YourDataSection } from "./YourDataSection";

export function AccountScreen() {
  return <RequireUser title="My account">{(user) => <AccountOverview user={user} />}</RequireUser>;
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

function AccountOverview({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const { clearUser } = useSession();
  const [logout, { loading }] = useMutation(LogoutDocument);

  /** 'Logging out...', the logout call, then the user is cleared and the app goes to / whatever happened. */
  const signOut = async () => {
    const toast = notifyLoading(messages.loggingOut);
    try {
      await logout();
      replaceNotification(toast, "success", messages.logoutSuccessful);
    } catch {
      replaceNotification(toast, "error", messages.logoutFailed);
    } finally {
      clearUser();
      navigate("/");
    }
  };

  const links = [
    { to: "/user/order", label: "My orders" },
    { to: "/user/wishlist", label: "My wish-list" },
    { to: "/user/addresses", label: "My addresses" },
    // To the first back-office section the admin's staff role allows (the dashboard for most).
    ...(isAdmin(user) ? [{ to: firstAdminPage(user) ?? "/admin", label: "Admin dashboard" }] : []),
    { to: "/user/update-account-details", label: "Update account details" },
    { to: "/user/update-contact-details", label: "Update contact details" },
    { to: "/user/update-password", label: "Update password" },
  ];

  return (
    <Stack gap="lg">
      <PageTitle title="My account" />
      <Paper withBorder p="lg" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Detail label="Name" value={user.name} />
          <Detail label="Email" value={user.email} />
          <Detail label="Address" value={user.address || "No address"} />
          <Detail label="Phone number" value={user.phone || "No contact"} />
        </SimpleGrid>
      </Paper>
      <Stack gap="xs" component="nav" aria-label="Account">
        {links.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to}>
            {link.label}
          </Anchor>
        ))}
      </Stack>
      <Group>
        <Button color="dark" loading={loading} onClick={() => void signOut()}>
          Logout
        </Button>
      </Group>
      <YourDataSection />
    </Stack>
  );
}
