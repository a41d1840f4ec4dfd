// What a signed-in admin may open and do in the back office: the one place the client says which admin
// page needs which ability (User.abilities, from the server's permission table). The admin menu shows the
// sections a user's abilities allow, the admin frame answers 'Not allowed' on the pages they do not, and the
// screens hide the write actions the user lacks; each asks here. The server still checks every call (a
// FORBIDDEN naming the missing ability): this only keeps the screens from offering what would be refused.

/** What an admin may do, as the server names it (User.abilities). */
export const ABILITIES = [
  "catalogue:read",
  "catalogue:write",
  "orders:read",
  "orders:write",
  "customers:read",
  "customers:roles",
  "customers:emails",
  "analytics:read",
  "integrations:manage",
  "staff:manage",
  "activity:read",
] as const;
export type Ability = (typeof ABILITIES)[number];

/** The signed-in user as these rules read them: what they may do (none for a guest). */
type Holder = { abilities: readonly string[] } | null | undefined;

/** Whether the user's staff role lets them do this (a shopper and a guest: never). */
export const can = (user: Holder, ability: Ability): boolean =>
  user?.abilities.includes(ability) ?? false;

/**
 * Every admin page (its route pattern, as app/routes.tsx declares it) and the ability it needs. The lists
 * need reading; adding or editing an entry of the catalogue needs writing.
 */
export const ADMIN_PAGE_ABILITY = {
  "/admin/dashboard": "analytics:read",
  "/admin/manage-product": "catalogue:read",
  "/admin/add-product": "catalogue:write",
  "/admin/edit-product/:slug": "catalogue:write",
  "/admin/manage-category": "catalogue:read",
  "/admin/add-category": "catalogue:write",
  "/admin/edit-category/:id": "catalogue:write",
  "/admin/manage-region": "catalogue:read",
  "/admin/add-region": "catalogue:write",
  "/admin/edit-region/:id": "catalogue:write",
  "/admin/manage-order": "orders:read",
  "/admin/view-order/:orderNumber": "orders:read",
  "/admin/manage-users": "customers:read",
  "/admin/manage-users/:id": "customers:read",
  "/admin/integrations": "integrations:manage",
  "/admin/integrations/webhooks/:id": "integrations:manage",
  "/admin/promotions": "catalogue:read",
  "/admin/promotions/new": "catalogue:write",
  "/admin/promotions/:id": "catalogue:write",
  "/admin/taxes": "catalogue:read",
  "/admin/activity": "activity:read",
  // Changes the catalogue in bulk, so it needs writing (reading it is Export CSV, on Manage products).
  "/admin/catalogue-import": "catalogue:write",
} as const satisfies Record<string, Ability>;

/** An admin page's route pattern, e.g. "/admin/edit-product/:slug". */
export type AdminPage = keyof typeof ADMIN_PAGE_ABILITY;

/** Whether the user may open this admin page. */
export const mayOpen = (user: Holder, page: AdminPage): boolean => can(user, ADMIN_PAGE_ABILITY[page]);

/** A section of the admin menu: its list page, its name, and the other addresses that belong to it (forms). */
export interface AdminMenuSection {
  to: AdminPage;
  label: string;
  /** The other pages of the same section, which keep its link highlighted (e.g. add and edit forms). */
  pages: readonly string[];
}

/** The admin menu in its order; a section shows when the user may open its list page. */
export const ADMIN_MENU: readonly AdminMenuSection[] = [
  { to: "/admin/dashboard", label: "Dashboard", pages: [] },
  { to: "/admin/manage-product", label: "Products", pages: ["/admin/add-product", "/admin/edit-product"] },
  { to: "/admin/manage-category", label: "Categories", pages: ["/admin/add-category", "/admin/edit-category"] },
  { to: "/admin/manage-order", label: "Orders", pages: ["/admin/view-order"] },
  { to: "/admin/manage-region", label: "Regions", pages: ["/admin/add-region", "/admin/edit-region"] },
  { to: "/admin/manage-users", label: "Users", pages: [] },
  { to: "/admin/promotions", label: "Promotions", pages: [] },
  { to: "/admin/taxes", label: "Taxes", pages: [] },
  { to: "/admin/catalogue-import", label: "Import products", pages: [] },
  { to: "/admin/integrations", label: "Integrations", pages: [] },
  { to: "/admin/activity", label: "Activity", pages: [] },
];

/** The menu sections this user may open, in the menu's order. */
export const menuFor = (user: Holder): AdminMenuSection[] =>
  ADMIN_MENU.filter((section) => mayOpen(user, section.to));

/** Where the back office starts for this user: the first section they may open (none for a shopper). */
export const firstAdminPage = (user: Holder): AdminPage | undefined => menuFor(user)[0]?.to;
