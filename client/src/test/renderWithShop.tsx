// Renders a screen the way the app does (theme, cart, signed-in user, router, Apollo mocks over the
// shop's own cache and its paging policies) for tests.
import { ApolloLink } from "@apollo/client";
import { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import { shopTheme } from "../app/theme";
import { createShopCache } from "../lib/apollo/client";
import { CartProvider } from "../lib/cart/CartProvider";
import { createCartStore, type CartStore } from "../lib/cart/cartStore";
import { NOTIFICATION_LIMIT, notifyError } from "../lib/notify";
import { createTestLive, type TestLive } from "./liveEvents";
import { StaticSessionProvider, type Session, type SessionUser } from "../lib/session/session";
import { ABILITIES, type Ability } from "../lib/session/abilities";
import type { StaffRole } from "../graphql/generated/graphql";

/** The shop's theme, for tests of shared components that draw with Mantine directly. */
export { shopTheme };

export const shopper: SessionUser = {
  id: 7,
  name: "Ada Gardener",
  email: "ada@example.com",
  role: "USER",
  address: "1 Fern Street, Portland",
  phone: "+1 555 0100",
  createdAt: "2026-01-05T10:00:00.000Z",
  staffRole: null,
  abilities: [],
};

/** What each kind of admin may do, as the server's permission table answers User.abilities. */
const EVERY_ABILITY: Ability[] = [...ABILITIES];
export const STAFF_ABILITIES: Record<StaffRole | "SPEC_ADMIN", Ability[]> = {
  OWNER: EVERY_ABILITY,
  SPEC_ADMIN: EVERY_ABILITY.filter((ability) => ability !== "integrations:manage" && ability !== "staff:manage" && ability !== "activity:read"),
  CATALOGUE_MANAGER: ["catalogue:read", "catalogue:write"],
  ORDER_MANAGER: ["catalogue:read", "orders:read", "orders:write", "customers:read"],
  SUPPORT: ["catalogue:read", "orders:read", "customers:read", "customers:emails"],
};

/** An admin holding this staff role (null: the spec's admin, with no staff role). */
export function staffMember(staffRole: StaffRole | null, overrides: Partial<SessionUser> = {}): SessionUser {
  const abilities = STAFF_ABILITIES[staffRole ?? "SPEC_ADMIN"];
  return { ...shopper, id: 1, name: "Root Admin", email: "admin@example.com", role: "ADMIN", staffRole, abilities, ...overrides };
}

/** The shop's first admin: its owner, who may do everything (the demo admin). */
export const admin: SessionUser = staffMember("OWNER");
/** The spec's admin: every screen of the spec, but not API keys, webhooks, staff roles or the activity trail. */
export const specAdmin: SessionUser = staffMember(null, { id: 2, name: "Spec Admin", email: "spec-admin@example.com" });
export const catalogueManager: SessionUser = staffMember("CATALOGUE_MANAGER", { id: 3, name: "Cat Manager", email: "catalogue@example.com" });
export const orderManager: SessionUser = staffMember("ORDER_MANAGER", { id: 4, name: "Otto Orders", email: "orders@example.com" });
export const support: SessionUser = staffMember("SUPPORT", { id: 5, name: "Sue Support", email: "support@example.com" });

export interface ShopRenderOptions {
  /** The address the router starts at. */
  route?: string;
  /** The route pattern the element is mounted at, e.g. "/products/:slug". */
  path?: string;
  /** Extra routes, e.g. the pages a screen navigates to. */
  routes?: RouteObject[];
  user?: SessionUser | null;
  session?: Partial<Session>;
  cart?: CartStore;
  mocks?: MockLink.MockedResponse[];
  /** Where subscriptions go (a silent stand-in for the WebSocket unless a test brings its own). */
  live?: TestLive;
}

export function renderWithShop(ui: ReactElement, options: ShopRenderOptions = {}) {
  const { path = "/", routes = [] } = options;
  return renderRoutes([{ path, element: ui }, ...routes], options);
}

/** Renders a route table (e.g. the app's own) at options.route. */
export function renderRoutes(routeTable: RouteObject[], options: ShopRenderOptions = {}) {
  const { route = "/", user = null, session = {}, mocks = [], live = createTestLive() } = options;
  // As the app does: subscriptions over the live link, everything else answered by the mocks.
  const link = ApolloLink.split((operation) => operation.operationType === "subscription", live.link, new MockLink(mocks));
  const cart = options.cart ?? createCartStore({ onRefusal: notifyError });
  const sessionValue: Session = { user, loading: false, error: null, signIn: () => {}, clearUser: () => {}, ...session };
  const router = createMemoryRouter(routeTable, { initialEntries: [route] });
  const result = render(
    <MantineProvider theme={shopTheme}>
      <Notifications limit={NOTIFICATION_LIMIT} />
      <MockedProvider link={link} cache={createShopCache()}>
        <StaticSessionProvider value={sessionValue}>
          <CartProvider store={cart}>
            <RouterProvider router={router} />
          </CartProvider>
        </StaticSessionProvider>
      </MockedProvider>
    </MantineProvider>,
  );
  return { ...result, router, cart };
}
