// The admin page frame: navigation with the six admin links (and Promotions, Taxes, Integrations), the current one
// highlighted; on small screens the menu is a slide-in drawer; the pages sit right
// of a left gutter, under the notice of a webhook endpoint the shop turned off.
import { Box, Burger, Drawer, Group, NavLink, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link, Outlet, useLocation } from "react-router-dom";
import { WebhookAlert } from "./integrations/WebhookAlert";

export interface AdminLink {
  to: string;
  label: string;
  /** The other pages of the same area, which keep the link highlighted (e.g. add and edit forms). */
  pages: readonly string[];
}

export const ADMIN_LINKS: readonly AdminLink[] = [
  { to: "/admin/dashboard", label: "Dashboard", pages: [] },
  { to: "/admin/manage-product", label: "Products", pages: ["/admin/add-product", "/admin/edit-product"] },
  { to: "/admin/manage-category", label: "Categories", pages: ["/admin/add-category", "/admin/edit-category"] },
  { to: "/admin/manage-order", label: "Orders", pages: ["/admin/view-order"] },
  { to: "/admin/manage-region", label: "Regions", pages: ["/admin/add-region", "/admin/edit-region"] },
  { to: "/admin/manage-users", label: "Users", pages: [] },
  { to: "/admin/promotions", label: "Promotions", pages: [] },
  { to: "/admin/taxes", label: "Taxes", pages: [] },
  { to: "/admin/integrations", label: "Integrations", pages: [] },
];

const isAt = (pathname: string, page: string) => pathname === page || pathname.startsWith(`${page}/`);

/** The link of the area the page belongs to, if any. */
export function currentAdminLink(pathname: string): AdminLink | undefined {
  return ADMIN_LINKS.find((link) => [link.to, ...link.pages].some((page) => isAt(pathname, page)));
}

function AdminNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const current = currentAdminLink(pathname);
  return (
    <Stack component="nav" aria-label="Admin" gap={4}>
      {ADMIN_LINKS.map((link) => {
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

export function AdminLayout() {
  const [menuOpened, menu] = useDisclosure(false);
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
        <WebhookAlert />
        <Outlet />
      </Stack>
      <Drawer opened={menuOpened} onClose={menu.close} title="Admin" size={ADMIN_GUTTER + 60} hiddenFrom="md">
        <AdminNavigation onNavigate={menu.close} />
      </Drawer>
    </Group>
  );
}
