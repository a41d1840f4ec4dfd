// The admin page frame: navigation with the admin sections the signed-in user's staff role allows (the six
// of the spec, then Promotions, Taxes, Import products, Integrations, Activity), the current one highlighted; on
// small screens the menu is a slide-in drawer; the pages sit right of a left gutter, under the notice of a webhook endpoint
// the shop turned off (for those who manage webhooks). A page the user's staff role does not allow (its address typed
// or followed from elsewhere) shows 'Not allowed' and the way to the first section they may use; /admin
// itself opens that section. Which page needs which ability: lib/session/abilities.ts.
import { Anchor, Box, Burger, Drawer, Group, NavLink, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link, Navigate, Outlet, useLocation, useMatches } from "react-router-dom";
import { PageTitle } from "../../components/PageTitle";
import { ADMIN_MENU, can, firstAdminPage, mayOpen, menuFor, type AdminMenuSection, type AdminPage } from "../../lib/session/abilities";
import { useSession } from "../../lib/session/session";
import { WebhookAlert } from "./integrations/WebhookAlert";

const isAt = (pathname: string, page: string) => pathname === page || pathname.startsWith(`${page}/`);

/** The menu section the page belongs to, if any. */
export function currentAdminLink(pathname: string): AdminMenuSection | undefined {
  return ADMIN_MENU.find((link) => [link.to, ...link.pages].some((page) => isAt(pathname, page)));
}

function AdminNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const current = currentAdminLink(pathname);
  return (
    <Stack component="nav" aria-label="Admin" gap={4}>
      {menuFor(user).map((link) => {
        const active = link === current;
        return (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            active={active}
            aria-current={active ? "page" : undefined}
            variant="light"
            onClick={onNavigate}
            style={{ borderRadius: "var(--mantine-radius-md)" }}
          />
        );
      })}
    </Stack>
  );
}

export const ADMIN_GUTTER = 220;

/** The admin page the router matched (routes.tsx names it in the route's handle); none for an unknown address. */
function useAdminPage(): AdminPage | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index].handle as { adminPage?: AdminPage } | undefined;
    if (handle?.adminPage) return handle.adminPage;
  }
  return undefined;
}

export const NOT_ALLOWED_TITLE = "Not allowed";
export const NOT_ALLOWED_TEXT = "Your staff role does not allow this page.";

/** A page the user's staff role does not allow: said plainly, with the way to the first section they may use. */
export function NotAllowed() {
  const { user } = useSession();
  const first = menuFor(user)[0];
  return (
    <Stack gap="sm" align="flex-start">
      <PageTitle title={NOT_ALLOWED_TITLE} />
      <Text>{NOT_ALLOWED_TEXT}</Text>
      {first ? (
        <Anchor component={Link} to={first.to}>
          Go to {first.label}
        </Anchor>
      ) : (
        <Anchor component={Link} to="/">
          Back to the shop
        </Anchor>
      )}
    </Stack>
  );
}

/** /admin: the first section the user may use (the dashboard for the owner and the spec's admin). */
export function AdminHome() {
  const { user } = useSession();
  const first = firstAdminPage(user);
  return first ? <Navigate to={first} replace /> : <NotAllowed />;
}

export function AdminLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const { user } = useSession();
  const page = useAdminPage();
  const allowed = page === undefined || mayOpen(user, page);
  return (
    <Group align="flex-start" wrap="nowrap" gap="xl">
      <Box component="aside" visibleFrom="md" w={ADMIN_GUTTER} style={{ flexShrink: 0, position: "sticky", top: 16 }}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb="xs">
          Admin
        </Text>
        <AdminNavigation />
      </Box>
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Group hiddenFrom="md" gap="xs">
          <Burger opened={menuOpened} onClick={menu.toggle} aria-label="Open the admin menu" size="sm" />
          <Text fw={600}>Admin menu</Text>
        </Group>
        {can(user, "integrations:manage") && <WebhookAlert />}
        {allowed ? <Outlet /> : <NotAllowed />}
      </Stack>
      <Drawer opened={menuOpened} onClose={menu.close} title="Admin" size={ADMIN_GUTTER + 60} hiddenFrom="md">
        <AdminNavigation onNavigate={menu.close} />
      </Drawer>
    </Group>
  );
}
