// Top navigation: logo to /, search to /search, cart to /cart with a badge of the
// total quantity, and Account (to /user) when a user is loaded, otherwise Sign in (to /login).
// From tablet width up, the header's search box suggests products as the shopper types.
import { ActionIcon, Anchor, Box, Button, Container, Group, Indicator, useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { CartIcon, SearchIcon, UserIcon } from "../../components/icons";
import { ShopLogo } from "../../components/ShopLogo";
import { useCart } from "../../lib/cart/CartProvider";
import { useSession } from "../../lib/session/session";
import { useHydrated } from "../../lib/ssr/hydration";
import { HeaderSearchForm } from "../../features/search/HeaderSearchForm";

// The header's search box with its suggestions list is a chunk of its own (about 28 kB gzipped:
// Mantine's Combobox and floating-ui), loaded once the page is up and only where it shows (from tablet
// width: a phone, whose header has no room for it, never pays for it). Until then, and in the server's page,
// the same box as a plain search form (GET /search?q=): Enter before the scripts run opens the server's
// results page, and what is typed moves into the suggesting box when it replaces it (HeaderSearch).
const HeaderSearch = lazy(() => import("../../features/search/HeaderSearch").then((module) => ({ default: module.HeaderSearch })));

function HeaderSearchSlot() {
  const shown = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`);
  // A lazy component cannot render on the server: the page and its hydration show the plain form.
  if (!useHydrated() || !shown) return <HeaderSearchForm />;
  return (
    <Suspense fallback={<HeaderSearchForm />}>
      <HeaderSearch />
    </Suspense>
  );
}

/** The account slot's width: Account with its icon, which Sign in keeps free. */
const ACCOUNT_SLOT_WIDTH = 128;

export function TopNavigation() {
  const { totalQuantity } = useCart();
  const { user } = useSession();
  return (
    <header style={{ borderBottom: "1px solid var(--mantine-color-gray-3)", background: "var(--mantine-color-body)" }}>
      <Container size="xl" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" aria-label="Verdant home" style={{ lineHeight: 0 }}>
            <ShopLogo height={34} />
          </Anchor>
          <Box visibleFrom="sm" role="search">
            <HeaderSearchSlot />
          </Box>
          <Group gap="sm" wrap="nowrap" component="nav" aria-label="Shop">
            <ActionIcon component={Link} to="/search" variant="subtle" size="lg" aria-label="Search">
              <SearchIcon />
            </ActionIcon>
            <Indicator label={totalQuantity} size={18} offset={4} color="red" showZero={false} disabled={totalQuantity === 0}>
              <ActionIcon component={Link} to="/cart" variant="subtle" size="lg" aria-label={`Cart, ${totalQuantity} items`}>
                <CartIcon />
              </ActionIcon>
            </Indicator>
            {/* The server renders a guest's Sign in; a signed-in shopper's Account replaces it after hydration,
                in the same width, so nothing beside it moves. */}
            {user ? (
              <Button component={Link} to="/user" variant="light" leftSection={<UserIcon size={18} />} miw={ACCOUNT_SLOT_WIDTH}>
                Account
              </Button>
            ) : (
              <Button component={Link} to="/login" variant="filled" miw={ACCOUNT_SLOT_WIDTH}>
                Sign in
              </Button>
            )}
          </Group>
        </Group>
      </Container>
    </header>
  );
}
