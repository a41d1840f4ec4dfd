// Every route of the shop, the password reset screens among them. The home page loads with
// the first page; every other screen is a lazy chunk fetched on first visit, and the admin screens sit
// behind the admin guard, inside the admin frame (also a lazy chunk).
import type { ComponentType, ReactElement } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { HomeScreen } from "../features/catalog/HomeScreen";
import type { AdminPage } from "../lib/session/abilities";
import { LoadingView } from "../components/LoadingView";
import { ErrorScreen } from "./ErrorScreen";
import { RequireAdmin } from "./layouts/RequireAdmin";
import { ShopLayout } from "./layouts/ShopLayout";

/** A lazy screen's loader; `screen` names the screen's module, so the server can preload its chunk. */
export type ScreenLoader = (() => Promise<{ Component: ComponentType }>) & { screen: string };

/** A route's screen, loaded on first visit (so the first load carries only the home page). */
const screen = <M, K extends keyof M & string>(load: () => Promise<M>, name: K & (M[K] extends ComponentType ? K : never)): ScreenLoader =>
  Object.assign(async () => ({ Component: (await load())[name] as ComponentType }), { screen: name });

/** The screens a page at this address shows (lazy chunks whose modules the page needs before hydrating). */
export function screensAt(pathname: string): string[] {
  return (matchRoutes(shopRoutes, pathname) ?? []).flatMap(({ route }) => {
    const lazy = route.lazy as Partial<ScreenLoader> | undefined;
    return typeof lazy?.screen === "string" ? [lazy.screen] : [];
  });
}

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
  { path: "/user/addresses", lazy: screen(() => import("../features/account/AddressesScreen"), "AddressesScreen") },
  {
    path: "/user/update-account-details",
    lazy: screen(() => import("../features/account/UpdateAccountScreens"), "UpdateAccountScreen"),
  },
  {
    path: "/user/update-contact-details",
    lazy: screen(() => import("../features/account/UpdateAccountScreens"), "UpdateContactScreen"),
  },
  { path: "/user/update-password", lazy: screen(() => import("../features/account/UpdateAccountScreens"), "UpdatePasswordScreen") },
  // Password reset by email: 'Forgot password?' on the sign-in form, and the email's link.
  { path: "/forgot-password", lazy: screen(() => import("../features/account/PasswordResetScreens"), "ForgotPasswordScreen") },
  { path: "/reset-password", lazy: screen(() => import("../features/account/PasswordResetScreens"), "ResetPasswordScreen") },
];

/**
 * The admin routes, each a lazy chunk apart from the storefront's bundle. Each is an admin page of
 * lib/session/abilities.ts (the ability it needs is said there, once): the admin frame reads the page from the
 * route's handle and shows 'Not allowed' to a staff role without it.
 */
export const ADMIN_SCREENS = {
  "/admin/dashboard": screen(() => import("../features/admin/dashboard/DashboardScreen"), "DashboardScreen"),
  "/admin/manage-product": screen(() => import("../features/admin/products/ManageProductsScreen"), "ManageProductsScreen"),
  "/admin/add-product": screen(() => import("../features/admin/products/ProductFormScreens"), "AddProductScreen"),
  "/admin/edit-product/:slug": screen(() => import("../features/admin/products/ProductFormScreens"), "EditProductScreen"),
  "/admin/manage-category": screen(() => import("../features/admin/categories/CategoryScreens"), "ManageCategoriesScreen"),
  "/admin/add-category": screen(() => import("../features/admin/categories/CategoryScreens"), "AddCategoryScreen"),
  "/admin/edit-category/:id": screen(() => import("../features/admin/categories/CategoryScreens"), "EditCategoryScreen"),
  "/admin/manage-region": screen(() => import("../features/admin/regions/RegionScreens"), "ManageRegionsScreen"),
  "/admin/add-region": screen(() => import("../features/admin/regions/RegionScreens"), "AddRegionScreen"),
  "/admin/edit-region/:id": screen(() => import("../features/admin/regions/RegionScreens"), "EditRegionScreen"),
  "/admin/manage-order": screen(() => import("../features/admin/orders/OrderScreens"), "ManageOrdersScreen"),
  "/admin/view-order/:orderNumber": screen(() => import("../features/admin/orders/OrderScreens"), "ViewOrderScreen"),
  "/admin/manage-users": screen(() => import("../features/admin/users/UserScreens"), "ManageUsersScreen"),
  "/admin/manage-users/:id": screen(() => import("../features/admin/users/UserScreens"), "UserDetailScreen"),
  "/admin/integrations": screen(() => import("../features/admin/integrations/IntegrationsScreen"), "IntegrationsScreen"),
  "/admin/integrations/webhooks/:id": screen(() => import("../features/admin/integrations/WebhookEndpointScreen"), "WebhookEndpointScreen"),
  "/admin/promotions": screen(() => import("../features/admin/promotions/PromotionsScreen"), "PromotionsScreen"),
  "/admin/promotions/new": screen(() => import("../features/admin/promotions/PromotionEditorScreens"), "NewPromotionScreen"),
  "/admin/promotions/:id": screen(() => import("../features/admin/promotions/PromotionEditorScreens"), "EditPromotionScreen"),
  "/admin/taxes": screen(() => import("../features/admin/taxes/TaxesScreen"), "TaxesScreen"),
  "/admin/activity": screen(() => import("../features/admin/activity/ActivityScreen"), "ActivityScreen"),
  "/admin/catalogue-import": screen(() => import("../features/admin/catalogue-import/CatalogueImportScreen"), "CatalogueImportScreen"),
} as const satisfies Record<AdminPage, ScreenLoader>;

export const ADMIN_ROUTES = Object.keys(ADMIN_SCREENS) as Array<keyof typeof ADMIN_SCREENS>;

/**
 * Under /admin an unknown address is a 404 as elsewhere, but only once the admin guard has let the user
 * in: a loader would run before the guard, so the page itself raises it.
 */
function AdminPageNotFound(): never {
  throw new Error("404 Not Found");
}

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
            // Any path under /admin: a loaded user who is not an admin is sent to /. /admin opens the first
            // section the admin's staff role allows (the dashboard for the owner and the spec's admin).
            path: "/admin",
            element: <RequireAdmin />,
            children: [
              {
                lazy: screen(() => import("../features/admin/AdminLayout"), "AdminLayout"),
                children: [
                  { index: true, lazy: screen(() => import("../features/admin/AdminLayout"), "AdminHome") },
                  ...ADMIN_ROUTES.map((path) => ({ path, lazy: ADMIN_SCREENS[path], handle: { adminPage: path } })),
                  { path: "*", Component: AdminPageNotFound },
                ],
              },
            ],
          },
          { path: "*", loader: notFound, element: null },
        ],
      },
    ],
  },
];
