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
};

export const admin: SessionUser = { ...shopper, id: 1, name: "Root Admin", email: "admin@example.com", role: "ADMIN" };

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
