// Top navigation (spec section 2): logo to /, search to /search, cart to /cart with a badge of the
// total quantity, and Account (to /user) when a user is loaded, otherwise Sign in (to /login).
// From tablet width up, the header's search box suggests products as the shopper types (issue 17).
import { ActionIcon, Anchor, Box, Button, Container, Group, Indicator } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { CartIcon, SearchIcon, UserIcon } from "../../components/icons";
import { ShopLogo } from "../../components/ShopLogo";

import { useCart } from "../../lib/cart/CartProvider";
import { useSession } from "../../lib/session/session";

// The suggestions box (a combobox and its list) loads after the page's first paint: it keeps the first
// load's JavaScript within its budget (client/build/first-load-budget.ts), and the icon link works at once.
const HeaderSearch = lazy(() => import("../../features/search/HeaderSearch").then((module) => ({ default: module.HeaderSearch })));

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
          <Box visibleFrom="sm" role="search" miw={{ base: 180, md: 280 }}>
            <Suspense fallback={null}>
              <HeaderSearch />
            </Suspense>
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
            {user ? (
              <Button component={Link} to="/user" variant="light" leftSection={<UserIcon size={18} />}>
                Account
              </Button>
            ) : (
              <Button component={Link} to="/login" variant="filled">
                Sign in
              </Button>
            )}
          </Group>
        </Group>
      </Container>
    </header>
  );
}
