// Every route of spec section 2. The storefront screens load with the first page; the admin screens
// are lazy chunks behind the admin guard.
import type { RouteObject } from "react-router-dom";
import { ErrorScreen } from "./ErrorScreen";
import { RequireAdmin } from "./layouts/RequireAdmin";
import { ShopLayout } from "./layouts/ShopLayout";
import { ScreenPlaceholder } from "./ScreenPlaceholder";

/** The public and customer routes with what each is for. */
export const SHOP_ROUTES = [
  { path: "/", title: "Home" },
  { path: "/signup", title: "Create account" },
  { path: "/login", title: "Welcome back" },
  { path: "/login-user", title: "Welcome back" },
  { path: "/categories/:categoryName", title: "Shop for" },
  { path: "/search", title: "Search" },
  { path: "/cart", title: "Cart" },
  { path: "/checkout", title: "Checkout" },
  { path: "/products/:slug", title: "Product" },
  { path: "/user", title: "My account" },
  { path: "/user/order", title: "My orders" },
  { path: "/user/order/:orderNumber", title: "Order" },
  { path: "/user/wishlist", title: "My Wishlist" },
  { path: "/user/update-account-details", title: "Update account details" },
  { path: "/user/update-contact-details", title: "Update contact details" },
  { path: "/user/update-password", title: "Update password" },
] as const;

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
    children: [
      {
        errorElement: <ErrorScreen />,
        children: [
          ...SHOP_ROUTES.map(({ path, title }) => ({ path, element: <ScreenPlaceholder title={title} /> })),
          {
            element: <RequireAdmin />,
            children: ADMIN_ROUTES.map((path) => ({ path, lazy: lazyAdminScreen })),
          },
          { path: "*", loader: notFound },
        ],
      },
    ],
  },
];
