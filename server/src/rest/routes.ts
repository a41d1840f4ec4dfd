// Every call of the older client, as thin adapters over the domain services: the request's body is mapped
// to the domain's typed input (payloads.ts), the domain checks who may act and what was sent, and the
// rows come back as the old client's JSON (views.ts). Rules (validation, permissions, prices, stock)
// live in the domain only.
import * as z from "zod";
import { PRODUCT_SORTS } from "../domain/catalog/index.js";
import { invalid, ShopError, toDollars, type Deferred, type Page, type Viewer } from "../domain/shared/index.js";
import type { Shop } from "../domain/shop.js";
import { messages } from "../domain/messages.js";
import { buildOpenApi } from "./openapi.js";
import {
  accountPayload,
  cartCheckPayload,
  categoryPayload,
  contactPayload,
  newProductPayload,
  orderPayload,
  orderStatusPayload,
  passwordChangePayload,
  productUpdatePayload,
  ratingPayload,
  regionPayload,
  registrationPayload,
  rolePayload,
  signInPayload,
} from "./payloads.js";
import { route, type Answer, type Route } from "./route.js";
import { analyticsJson, AnalyticsSummary, Category, categoryJson, Message, Order, orderJson, Product, productJson, Region, regionJson, TopProduct, topProductJson, User, userJson } from "./views.js";

const ok = (schema: z.ZodType, description = "Done.", status = 200): Answer[] => [{ status, description, schema }];

/** One batch holding the whole (short) list, read when the batch is asked for. */
async function* inOneBatch<T>(read: () => Promise<T[]>): AsyncGenerator<T[]> {
  yield await read();
}

/** Every page of a cursor list, one batch per page, each item mapped to the old client's JSON. */
async function* everyPage<T>(read: (after: string | null) => Promise<Page<T>>, view: (item: T) => unknown): AsyncGenerator<unknown[]> {
  let after: string | null = null;
  for (;;) {
    const page = await read(after);
    yield page.edges.map((edge) => view(edge.node));
    if (!page.hasNextPage || page.endCursor === null) return;
    after = page.endCursor;
  }
}

/** Batches mapped to the old client's JSON. */
async function* viewed<T>(batches: AsyncIterable<T[]>, view: (item: T) => unknown): AsyncGenerator<unknown[]> {
  for await (const batch of batches) yield batch.map(view);
}

/** The page size the streamed admin lists read with (the largest a page may be). */
const STREAM_PAGE = 100;
const message = (description = "A confirmation for the user."): Answer[] => ok(Message, description);
const withMessage = (key: string, schema: z.ZodType) => z.object({ message: z.string(), [key]: schema });

// ---- path and query parameters: text as sent, documented by their JSON Schema ----------------------
const param = (json: Record<string, unknown>) => z.string().meta(json);
const id = { id: param({ type: "integer", minimum: 1 }) };
const searchParam = (description: string) => param({ type: "string", description });
/** true/false (or 1/0) become booleans; anything else goes on as text for the domain to refuse. */
const flagParam = (description: string) =>
  z
    .string()
    .transform((value) => (/^(true|1)$/i.test(value) ? true : /^(false|0)$/i.test(value) ? false : value))
    .meta({ type: "boolean", description });

/** The admin's short lists kept by name (categories, delivery regions), as their services offer them. */
interface NamedList<Row, Input> {
  list(): Promise<Row[]>;
  byId(id: unknown): Promise<Row>;
  create(viewer: Viewer | null, input: Deferred<Input>): Promise<Row>;
  update(viewer: Viewer | null, id: unknown, input: Deferred<Input>): Promise<Row>;
  delete(viewer: Viewer | null, id: unknown): Promise<void>;
}

/**
 * The five calls of such a list: the whole list (kept, as the catalogue is) and one item for anyone, and
 * create, change and delete for admins. Categories and regions differ only in their words, paths and forms.
 */
function namedListRoutes<Row, Input>(list: {
  noun: string;
  /** The key of the item beside the message in a create or update answer. */
  key: string;
  readTag: string;
  writeTag: string;
  paths: { list: string; one: string; store: string; update: string; destroy: string };
  summaries: { list: string; one: string; store: string; update: string; destroy: string };
  schema: z.ZodType;
  json: (row: Row) => unknown;
  payload: z.ZodType<Input>;
  service: (shop: Shop) => NamedList<Row, Input>;
  said: { created: string; updated: string; deleted: string };
  destroyFails: Route["fails"];
}): Route[] {
  const plural = list.paths.list.slice(1, 2).toUpperCase() + list.paths.list.slice(2);
  const body = { kind: "json", schema: list.payload } as const;
  const admin = { access: "admin", scope: "catalogue:write", tag: list.writeTag } as const;
  return [
    route({
      name: `list${plural}`,
      method: "get",
      path: list.paths.list,
      tag: list.readTag,
      summary: list.summaries.list,
      access: "guest",
      body: { kind: "none" },
      ok: ok(z.array(list.schema), `The ${list.paths.list.slice(1)}.`),
      fails: [],
      keep: "catalogue",
      async handle({ shop }) {
        return { items: viewed(inOneBatch(() => list.service(shop).list()), list.json) };
      },
    }),
    route({
      name: `get${list.noun}`,
      method: "get",
      path: list.paths.one,
      tag: list.readTag,
      summary: list.summaries.one,
      access: "guest",
      params: id,
      body: { kind: "none" },
      ok: ok(list.schema, `The ${list.key}.`),
      fails: [404],
      async handle({ shop, params }) {
        return { body: list.json(await list.service(shop).byId(params.id)) };
      },
    }),
    route({
      name: `store${list.noun}`,
      method: "post",
      path: list.paths.store,
      summary: list.summaries.store,
      ...admin,
      body,
      ok: ok(withMessage(list.key, list.schema), `The ${list.key} was created.`, 201),
      fails: [422],
      async handle({ shop, viewer, body }) {
        const row = await list.service(shop).create(viewer, body);
        return { status: 201, body: { message: list.said.created, [list.key]: list.json(row) } };
      },
    }),
    route({
      name: `update${list.noun}`,
      method: "post",
      path: list.paths.update,
      summary: list.summaries.update,
      ...admin,
      params: id,
      body,
      ok: ok(withMessage(list.key, list.schema)),
      fails: [404, 422],
      async handle({ shop, viewer, params, body }) {
        const row = await list.service(shop).update(viewer, params.id, body);
        return { body: { message: list.said.updated, [list.key]: list.json(row) } };
      },
    }),
    route({
      name: `destroy${list.noun}`,
      method: "delete",
      path: list.paths.destroy,
      summary: list.summaries.destroy,
      ...admin,
      params: id,
      body: { kind: "none" },
      ok: message(),
      fails: list.destroyFails,
      async handle({ shop, viewer, params }) {
        await list.service(shop).delete(viewer, params.id);
        return { body: { message: list.said.deleted } };
      },
    }),
  ];
}

export const routes: Route[] = [
  // ---- accounts ---------------------------------------------------------------------------------------
  route({
    name: "register",
    method: "post",
    path: "/register",
    tag: "Accounts",
    summary: "Create an account (role user).",
    access: "guest",
    body: { kind: "json", schema: registrationPayload },
    ok: ok(withMessage("user", User), "The account was created; sign in next.", 201),
    fails: [422, 429],
    async handle({ shop, body, clientAddress }) {
      const user = await shop.accounts.register(await body(), clientAddress);
      return { status: 201, body: { message: messages.registered, user: userJson(user) } };
    },
  }),
  route({
    name: "login",
    method: "post",
    path: "/login",
    tag: "Accounts",
    summary: "Sign in; answers the access token.",
    description:
      "A wrong email or password answers 401 with { error: \"Invalid email or password.\" }. Repeated failures answer 429 " +
      "with a Retry-After header (seconds) and a message saying when to try again.",
    access: "guest",
    body: { kind: "json", schema: signInPayload },
    ok: ok(
      z.object({
        access_token: z.string().meta({ description: "Send it as 'Authorization: Bearer <token>'." }),
        token_type: z.enum(["bearer"]),
        expires_in: z.int().min(0).meta({ description: "Seconds until the token expires." }),
      }),
      "Signed in.",
    ),
    fails: [401, 422, 429],
    async handle({ shop, body, clientAddress }) {
      const signIn = await shop.accounts.login(await body(), clientAddress);
      const expiresIn = Math.max(0, Math.round((signIn.expiresAt.getTime() - Date.now()) / 1000));
      return { body: { access_token: signIn.token, token_type: "bearer", expires_in: expiresIn } };
    },
  }),
  route({
    name: "logout",
    method: "post",
    path: "/logout",
    tag: "Accounts",
    summary: "Sign out: the token of this request stops working.",
    access: "user",
    body: { kind: "none" },
    ok: message(),
    fails: [],
    async handle({ shop, viewer }) {
      await shop.accounts.logout(viewer);
      return { body: { message: messages.loggedOut } };
    },
  }),
  route({
    name: "me",
    method: "post",
    path: "/me",
    tag: "Accounts",
    summary: "The signed-in user.",
    access: "user",
    body: { kind: "none" },
    ok: ok(User, "The user."),
    fails: [],
    async handle({ shop, viewer }) {
      return { body: userJson(await shop.accounts.me(viewer)) };
    },
  }),
  route({
    name: "updateAccount",
    method: "post",
    path: "/update-account",
    tag: "Accounts",
    summary: "Change the signed-in user's name and email.",
    description: "A new email needs current_password, the account's password (422 on current_password when missing or wrong).",
    access: "user",
    body: { kind: "json", schema: accountPayload },
    ok: ok(withMessage("user", User)),
    fails: [422, 429],
    async handle({ shop, viewer, body }) {
      const user = await shop.accounts.updateAccount(viewer, body);
      return { body: { message: messages.accountUpdated, user: userJson(user) } };
    },
  }),
  route({
    name: "updateContact",
    method: "post",
    path: "/update-contact",
    tag: "Accounts",
    summary: "Change the signed-in user's phone and address (both needed at checkout).",
    access: "user",
    body: { kind: "json", schema: contactPayload },
    ok: ok(withMessage("user", User)),
    fails: [422],
    async handle({ shop, viewer, body }) {
      const user = await shop.accounts.updateContact(viewer, body);
      return { body: { message: messages.contactUpdated, user: userJson(user) } };
    },
  }),
  route({
    name: "updatePassword",
    method: "post",
    path: "/update-password",
    tag: "Accounts",
    summary: "Change the signed-in user's password.",
    access: "user",
    body: { kind: "json", schema: passwordChangePayload },
    ok: message(),
    fails: [422, 429],
    async handle({ shop, viewer, body }) {
      await shop.accounts.updatePassword(viewer, body);
      return { body: { message: messages.passwordUpdated } };
    },
  }),
  route({
    name: "listUsers",
    method: "get",
    path: "/all-users",
    tag: "Users (admin)",
    summary: "Every user, newest first.",
    access: "admin",
    scope: "customers:read",
    query: { search: searchParam("Part of the name or email, any case.") },
    body: { kind: "none" },
    ok: ok(z.array(User), "The users."),
    fails: [],
    async handle({ shop, viewer, query }) {
      // Streamed page by page: the whole list is never held (it grows with the shop's customers).
      return { items: everyPage((after) => shop.accounts.pageUsers(viewer, { first: STREAM_PAGE, after, search: query.search }), userJson) };
    },
  }),
  route({
    name: "getUser",
    method: "get",
    path: "/user/{id}",
    tag: "Users (admin)",
    summary: "One user.",
    access: "admin",
    scope: "customers:read",
    params: id,
    body: { kind: "none" },
    ok: ok(User, "The user."),
    fails: [404],
    async handle({ shop, viewer, params }) {
      return { body: userJson(await shop.accounts.getUser(viewer, params.id)) };
    },
  }),
  route({
    name: "setUserRole",
    method: "post",
    path: "/user-role/{id}",
    tag: "Users (admin)",
    summary: "Make a user an admin, or an admin a user. No admin can remove their own admin role.",
    access: "admin",
    params: id,
    body: { kind: "json", schema: rolePayload },
    ok: ok(withMessage("user", User)),
    fails: [404, 422],
    async handle({ shop, viewer, params, body }) {
      const user = await shop.accounts.setRole(viewer, params.id, body);
      return { body: { message: messages.roleUpdated, user: userJson(user) } };
    },
  }),

  // ---- catalogue ---------------------------------------------------------------------------------------
  route({
    name: "listProducts",
    method: "get",
    path: "/products",
    tag: "Catalogue",
    summary: "Products, newest first unless sorted.",
    access: "guest",
    query: {
      search: searchParam("Part of a product's name or its category's name, any case; blank means all."),
      sort: param({ type: "string", enum: [...PRODUCT_SORTS], description: "Price sorts use the unit price (the discount price when there is one)." }),
      category: searchParam("A category's name, any case."),
      in_stock: flagParam("true: quantity above 0 only."),
      discounted: flagParam("true: discounted products only."),
      limit: param({ type: "integer", minimum: 1, description: "At most this many (1 to 1000)." }),
    },
    body: { kind: "none" },
    ok: ok(z.array(Product), "The products."),
    fails: [],
    keep: "catalogue",
    async handle({ shop, query }) {
      const products = shop.catalog.listInBatches({
        search: query.search as string | undefined,
        sort: query.sort as (typeof PRODUCT_SORTS)[number] | undefined,
        category: query.category as string | undefined,
        inStock: query.in_stock as boolean | undefined,
        discounted: query.discounted as boolean | undefined,
        limit: query.limit as number | undefined,
      });
      return { items: viewed(products, productJson) };
    },
  }),
  route({
    name: "getProduct",
    method: "get",
    path: "/products/{slug}",
    tag: "Catalogue",
    summary: "One product by its slug, as the first element of an array.",
    access: "guest",
    params: { slug: param({ type: "string" }) },
    body: { kind: "none" },
    ok: ok(z.array(Product), "An array whose first (only) element is the product."),
    fails: [404],
    async handle({ shop, params }) {
      return { body: [productJson(await shop.catalog.bySlug(params.slug))] };
    },
  }),
  route({
    name: "storeProduct",
    method: "post",
    path: "/product-store",
    tag: "Catalogue (admin)",
    summary: "Create a product.",
    access: "admin",
    scope: "catalogue:write",
    body: { kind: "multipart", schema: newProductPayload, files: ["image_one", "image_two"] },
    ok: ok(withMessage("product", Product), "The product was created.", 201),
    fails: [422],
    async handle({ shop, viewer, body }) {
      const product = await shop.catalog.create(viewer, body);
      return { status: 201, body: { message: messages.productCreated, product: productJson(product) } };
    },
  }),
  route({
    name: "updateProduct",
    method: "post",
    path: "/product-update/{id}",
    tag: "Catalogue (admin)",
    summary: "Change a product; without images it keeps its current ones.",
    access: "admin",
    scope: "catalogue:write",
    params: id,
    body: { kind: "multipart", schema: productUpdatePayload, files: ["image_one", "image_two"] },
    ok: ok(withMessage("product", Product)),
    fails: [404, 422],
    async handle({ shop, viewer, params, body }) {
      const product = await shop.catalog.update(viewer, params.id, body);
      return { body: { message: messages.productUpdated, product: productJson(product) } };
    },
  }),
  route({
    name: "destroyProduct",
    method: "delete",
    path: "/product-destroy/{id}",
    tag: "Catalogue (admin)",
    summary: "Delete a product. Past orders keep their copy of it.",
    access: "admin",
    scope: "catalogue:write",
    params: id,
    body: { kind: "none" },
    ok: message(),
    fails: [404],
    async handle({ shop, viewer, params }) {
      await shop.catalog.delete(viewer, params.id);
      return { body: { message: messages.productDeleted } };
    },
  }),
  ...namedListRoutes({
    noun: "Category",
    key: "category",
    readTag: "Catalogue",
    writeTag: "Catalogue (admin)",
    paths: { list: "/categories", one: "/categories/{id}", store: "/category-store", update: "/category-update/{id}", destroy: "/category-destroy/{id}" },
    summaries: {
      list: "Every category, newest first.",
      one: "One category.",
      store: "Create a category.",
      update: "Rename a category.",
      destroy: "Delete a category that has no products (409 while it still has some).",
    },
    schema: Category,
    json: categoryJson,
    payload: categoryPayload,
    service: (shop) => shop.categories,
    said: { created: messages.categoryCreated, updated: messages.categoryUpdated, deleted: messages.categoryDeleted },
    destroyFails: [404, 409],
  }),
  ...namedListRoutes({
    noun: "Region",
    key: "region",
    readTag: "Regions",
    writeTag: "Regions",
    paths: { list: "/regions", one: "/region/{id}", store: "/region-store", update: "/region-update/{id}", destroy: "/region-destroy/{id}" },
    summaries: {
      list: "Every delivery region, newest first.",
      one: "One delivery region.",
      store: "Create a delivery region.",
      update: "Change a delivery region.",
      destroy: "Delete a delivery region. Past orders keep its name.",
    },
    schema: Region,
    json: regionJson,
    payload: regionPayload,
    service: (shop) => shop.regions,
    said: { created: messages.regionCreated, updated: messages.regionUpdated, deleted: messages.regionDeleted },
    destroyFails: [404],
  }),

  // ---- ratings and favourites -----------------------------------------------------------------------------
  route({
    name: "myRating",
    method: "get",
    path: "/products/{id}/rating",
    tag: "Ratings and wish-list",
    summary: "The signed-in user's own rating of a product, 0 when none.",
    access: "user",
    params: id,
    body: { kind: "none" },
    ok: ok(z.int().min(0).max(5), "A number from 0 to 5."),
    fails: [404],
    async handle({ shop, viewer, params }) {
      return { body: await shop.ratings.myRating(viewer, params.id) };
    },
  }),
  route({
    name: "rateProduct",
    method: "post",
    path: "/products/{id}/rate",
    tag: "Ratings and wish-list",
    summary: "Rate a product from 1 to 5, once.",
    access: "user",
    params: id,
    body: { kind: "json", schema: ratingPayload },
    ok: ok(withMessage("product", Product)),
    fails: [404, 409, 422],
    async handle({ shop, viewer, params, body }) {
      const product = await shop.ratings.rate(viewer, params.id, body);
      return { body: { message: messages.rated, product: productJson(product) } };
    },
  }),
  route({
    name: "checkFavourite",
    method: "get",
    path: "/favourites/check/{id}",
    tag: "Ratings and wish-list",
    summary: "Whether the product is on the signed-in user's wish-list.",
    access: "user",
    params: id,
    body: { kind: "none" },
    ok: ok(z.object({ isFavourite: z.boolean() }), "The answer."),
    fails: [404],
    async handle({ shop, viewer, params }) {
      return { body: { isFavourite: await shop.favourites.check(viewer, params.id) } };
    },
  }),
  route({
    name: "toggleFavourite",
    method: "post",
    path: "/favourites/toggle/{id}",
    tag: "Ratings and wish-list",
    summary: "Add the product to the wish-list, or remove it when it is there.",
    access: "user",
    params: id,
    body: { kind: "none" },
    ok: ok(z.object({ message: z.string(), isFavourite: z.boolean() })),
    fails: [404],
    async handle({ shop, viewer, params }) {
      const { isFavourite } = await shop.favourites.toggle(viewer, params.id);
      return { body: { message: isFavourite ? messages.favouriteAdded : messages.favouriteRemoved, isFavourite } };
    },
  }),
  route({
    name: "listFavourites",
    method: "get",
    path: "/favourites",
    tag: "Ratings and wish-list",
    summary: "The signed-in user's wish-list, most recently added first.",
    access: "user",
    body: { kind: "none" },
    ok: ok(z.array(Product), "The products."),
    fails: [],
    async handle({ shop, viewer }) {
      return { body: (await shop.favourites.list(viewer)).map(productJson) };
    },
  }),

  // ---- cart and orders ------------------------------------------------------------------------------------
  route({
    name: "checkCart",
    method: "post",
    path: "/check-cart",
    tag: "Orders",
    summary: "Check every cart line against today's stock and catalogue before checkout.",
    description: "A line that cannot be had answers 422 whose `message` names the product, e.g. \"Only 3 of Monstera Deliciosa left in stock.\".",
    access: "user",
    body: { kind: "json", schema: cartCheckPayload },
    ok: ok(
      z.object({
        message: z.string(),
        total_quantity: z.int().min(1),
        subtotal_price: z.number().min(0).meta({ description: "The items total at today's prices, in US dollars." }),
      }),
      "Every line can be had.",
    ),
    fails: [422],
    invalidStyle: "fields-and-message",
    async handle({ shop, viewer, body }) {
      // REST clients know no variants: a product id buys its default variant (the one its REST price and stock are).
      const checked = await shop.orders.checkCart(viewer, body, "default-variant");
      return { body: { message: checked.message, total_quantity: checked.totalQuantity, subtotal_price: toDollars(checked.subtotalCents) } };
    },
  }),
  route({
    name: "storeOrder",
    method: "post",
    path: "/order-store",
    tag: "Orders",
    summary: "Place an order for the signed-in user. Safe to retry with the same reference.",
    description:
      "Prices, totals and the delivery fee are computed by the server: subtotal_price and delivery_fee are ignored. " +
      "user_id may be left out; when sent it must be the caller's own id (403 otherwise). " +
      "The same reference again answers the order already placed (no second order, no stock taken twice), even when the stock ran " +
      "out meanwhile; the same reference with another cart or region answers 409. An `Idempotency-Key` header may stand for the " +
      "reference (then `reference` may be left out): any key of 1 to 255 visible ASCII characters, e.g. a UUID; a key that is " +
      "itself a reference is that reference. A key and a reference naming different orders answer 422.",
    access: "user",
    headers: { "Idempotency-Key": param({ type: "string", minLength: 1, maxLength: 255, description: "Makes retrying safe, as the reference does." }) },
    body: { kind: "json", schema: orderPayload },
    ok: ok(withMessage("order", Order), "The order (new, or the one already placed with this reference).", 201),
    fails: [403, 409, 422],
    invalidStyle: "fields-and-message",
    async handle({ shop, viewer, body, req }) {
      const idempotencyKey = req.headers["idempotency-key"];
      const input = idempotencyKey === undefined ? body : async () => ({ ...(await body()), idempotencyKey: String(idempotencyKey) });
      // With payments taken on the provider's page this route answers 409 "This shop takes payment online: use the storefront.".
      const order = await shop.orders.placeOrderWithoutPaymentStep(viewer, input).catch((error: unknown) => {
        // The domain answers a code's problem at `code`; this route's clients sent it as coupon_code.
        if (error instanceof ShopError && error.fields?.code) {
          const { code, ...rest } = error.fields;
          throw invalid({ ...rest, coupon_code: code });
        }
        throw error;
      });
      return { status: 201, body: { message: messages.orderPlaced, order: orderJson(order) } };
    },
  }),
  route({
    name: "listOrders",
    method: "get",
    path: "/orders",
    tag: "Orders (admin)",
    summary: "Every order, newest first.",
    access: "admin",
    scope: "orders:read",
    query: { search: searchParam("Part of the order number or reference, any case.") },
    body: { kind: "none" },
    ok: ok(z.array(Order), "The orders."),
    fails: [],
    async handle({ shop, viewer, query }) {
      // Streamed page by page: the whole list is never held (it grows with every order).
      return { items: everyPage((after) => shop.orders.pageAll(viewer, { first: STREAM_PAGE, after, search: query.search }), orderJson) };
    },
  }),
  route({
    name: "getOrder",
    method: "get",
    path: "/order/{order_number}",
    tag: "Orders",
    summary: "One order, as the first element of an array: its owner's or, for an admin, anyone's.",
    access: "user",
    scope: "orders:read",
    params: { order_number: param({ type: "string" }) },
    body: { kind: "none" },
    description: "Another user's order answers 404, exactly like an order that does not exist.",
    ok: ok(z.array(Order), "An array whose first (only) element is the order."),
    fails: [404],
    async handle({ shop, viewer, params }) {
      return { body: [orderJson(await shop.orders.byNumber(viewer, params.order_number))] };
    },
  }),
  route({
    name: "updateOrderStatus",
    method: "post",
    path: "/order-status-update/{id}",
    tag: "Orders (admin)",
    summary: "Set an order's status; any status may follow any other.",
    access: "admin",
    scope: "orders:write",
    params: id,
    body: { kind: "json", schema: orderStatusPayload },
    ok: ok(withMessage("order", Order)),
    fails: [404, 422],
    async handle({ shop, viewer, params, body }) {
      const order = await shop.orders.updateStatus(viewer, params.id, body);
      return { body: { message: messages.orderStatusUpdated, order: orderJson(order) } };
    },
  }),
  route({
    name: "userOrders",
    method: "get",
    path: "/user-order/{userId}",
    tag: "Orders",
    summary: "One user's orders, newest first: the user themself or an admin.",
    access: "user",
    scope: "orders:read",
    params: { userId: param({ type: "integer", minimum: 1 }) },
    body: { kind: "none" },
    ok: ok(z.array(Order), "The orders."),
    fails: [403, 404],
    async handle({ shop, viewer, params }) {
      return { body: (await shop.orders.listForUser(viewer, params.userId)).map(orderJson) };
    },
  }),

  // ---- dashboard ------------------------------------------------------------------------------------------
  route({
    name: "analytics",
    method: "get",
    path: "/get-analytics",
    tag: "Dashboard (admin)",
    summary: "The dashboard's figures.",
    access: "admin",
    scope: "analytics:read",
    body: { kind: "none" },
    ok: ok(AnalyticsSummary, "The analytics summary."),
    fails: [],
    async handle({ shop, viewer }) {
      return { body: analyticsJson(await shop.analytics.summary(viewer)) };
    },
  }),
  route({
    name: "topProducts",
    method: "get",
    path: "/get-top-products",
    tag: "Dashboard (admin)",
    summary: "The best-selling products by units bought.",
    access: "admin",
    scope: "analytics:read",
    query: { limit: param({ type: "integer", minimum: 1, description: "How many (1 to 100, default 10)." }) },
    body: { kind: "none" },
    ok: ok(z.object({ topProducts: z.array(TopProduct) }), "The products, most bought first."),
    fails: [],
    async handle({ shop, viewer, query }) {
      const top = await shop.analytics.topProducts(viewer, query.limit ?? 10);
      return { body: { topProducts: top.map(topProductJson) } };
    },
  }),

  // ---- this document ---------------------------------------------------------------------------------------
  route({
    name: "openapi",
    method: "get",
    path: "/openapi.json",
    tag: "Meta",
    summary: "This OpenAPI 3.1 document.",
    access: "guest",
    body: { kind: "none" },
    ok: ok(z.record(z.string(), z.unknown()), "The document."),
    fails: [],
    async handle() {
      return { body: openApiDocument() };
    },
  }),
];

let document: ReturnType<typeof buildOpenApi> | undefined;
const openApiDocument = () => (document ??= buildOpenApi(routes));
