// Every route of spec section 2. The home page loads with the first page; every other screen is a
// lazy chunk fetched on first visit, and the admin screens sit behind the admin guard.
import type { ComponentType, ReactElement } from "react";
import type { RouteObject } from "react-router-dom";
import { HomeScreen } from "../features/catalog/HomeScreen";
import { LoadingView } from "../components/LoadingView";
import { ErrorScreen } from "./ErrorScreen";
import { RequireAdmin } from "./layouts/RequireAdmin";
import { ShopLayout } from "./layouts/ShopLayout";

/** A route's screen, loaded on first visit (so the first load carries only the home page). */
const screen =
  <M, K extends keyof M>(load: () => Promise<M>, name: K & (M[K] extends ComponentType ? K : never)) =>
  async () => ({ Component: (await load())[name] as ComponentType });

/** The public and customer routes with their screens. Home is part of the first load; the rest are lazy chunks. */
export const SHOP_ROUTES: ReadonlyArray<{ path: string; element?: ReactElement; lazy?: () => Promise<{ Component: ComponentType }> }> = [
  { path: "/", element: <HomeScreen /> },
  { path: "/signup", lazy: screen(() => import("../features/account/SignUpScreen"), "SignUpScreen") },
  { path: "/login", lazy: screen(() => import("../features/account/LoginScreen"), "LoginScreen") },
  { path: "/login-user", lazy: screen(() => import("../features/account/LoginScreen"), "LoginScreen") },
  { path: "/categories/:categoryName", lazy: screen(() => import("../features/catalog/CategoryScreen"), "CategoryScreen") },
  { path: "/search", lazy: screen(() => import("../features/search/SearchScreen"), "SearchScreen") },
  { path: "/cart", lazy: screen(() => import("../features/cart/CartScreen"), "CartScreen") },
  { path: "/checkout", lazy: screen(() => import("../features/checkout/CheckoutScreen"), "CheckoutScreen") },
  { path: "/products/:slug", lazy: screen(() => import("../features/product/ProductScreen"), "ProductScreen") },
  { path: "/user", lazy: screen(() => import("../features/account/AccountScreen"), "AccountScreen") },
  { path: "/user/order", lazy: screen(() => import("../features/orders/OrdersScreen"), "OrdersScreen") },
  { path: "/user/order/:orderNumber", lazy: screen(() => import("../features/orders/OrderDetailScreen"), "OrderDetailScreen") },
  { path: "/user/wishlist", lazy: screen(() => import("../features/wishlist/WishlistScreen"), "WishlistScreen") },
  {
    path: "/user/update-account-details",
    lazy: screen(() => import("../features/account/UpdateAccountScreens"), "UpdateAccountScreen"),
  },
  {
    path: "/user/update-contact-details",
    lazy: screen(() => import("../features/account/UpdateAccountScreens"), "UpdateContactScreen"),
  },
  { path: "/user/update-password", lazy: screen(() => import("../features/account/UpdateAccountScreens"), "UpdatePasswordScreen") },
];

export const ADMIN_ROUTES = [
  "/admin/dashboard",
  "/admin/manage-product",
  "/admin/add-product",
  "/admin/edit-product/:slug",
  "/admin/manage-category",
  "/admin/add-category",
  "/admin/edit-category/:id",
  "/admin/manage-region",
  "/admin/add-region",
  "/admin/edit-region/:id",
  "/admin/manage-order",
  "/admin/view-order/:orderNumber",
  "/admin/manage-users",
  "/admin/manage-users/:id",
] as const;

const lazyAdminScreen = async () => {
  const { AdminPlaceholder } = await import("../features/admin/AdminPlaceholder");
  return { Component: AdminPlaceholder };
};

/** An address no route knows answers 404 inside the page frame, so the navigation stays. */
const notFound = (): never => {
  throw new Response("", { status: 404, statusText: "Not Found" });
};

export const shopRoutes: RouteObject[] = [
  {
    element: <ShopLayout />,
    errorElement: <ErrorScreen />,
    // Shown while a lazy screen opened directly by its address is still loading.
    hydrateFallbackElement: <LoadingView />,
    children: [
      {
        errorElement: <ErrorScreen />,
        children: [
          ...SHOP_ROUTES.map((route) => ({ ...route })),
          {
            element: <RequireAdmin />,
            children: ADMIN_ROUTES.map((path) => ({ path, lazy: lazyAdminScreen })),
          },
          { path: "*", loader: notFound, element: null },
        ],
      },
    ],
  },
];
