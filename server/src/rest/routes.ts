// Every call of spec section 7, as thin adapters over the domain services: read the request, call the
// domain, map the rows to the old client's JSON. Rules (validation, permissions, prices, stock) live in
// the domain; request schemas here describe the payloads for the OpenAPI document, and a test derived
// from them checks that the domain requires what the document says it requires.
import { PRODUCT_SORTS } from "../domain/catalog.js";
import { forbidden } from "../domain/errors.js";
import { IMAGE_RULE } from "../domain/images.js";
import { toDollars } from "../domain/money.js";
import { REFERENCE_PATTERN } from "../domain/order-numbers.js";
import { requireUser } from "../domain/viewer.js";
import { parseId } from "../domain/input.js";
import { buildOpenApi } from "./openapi.js";
import { defineRoutes, type Answer, type Route } from "./route.js";
import { boolean, either, file, integer, list, mapOf, number, object, oneOfValues, ref, text, type Schema } from "./schema.js";
import {
  analyticsJson,
  categoryJson,
  orderJson,
  productJson,
  regionJson,
  topProductJson,
  userJson,
} from "./views.js";
import { messages } from "../domain/messages.js";

const ok = (schema: Schema, description = "Done.", status = 200): Answer[] => [{ status, description, schema }];
const message = (description = "A confirmation for the user."): Answer[] => ok(ref("Message"), description);
const withMessage = (key: string, schema: Schema) => object({ message: text(), [key]: schema });
const id = { id: integer({ minimum: 1 }) };
const dollars = (description: string): Schema => either([number({ minimum: 0 }), text({ pattern: "^\\s*\\d+(\\.\\d{1,2})?\\s*$" })], description);

/** A request object: the listed fields, none of them enforced here (the domain checks them), extra fields ignored. */
const payload = (properties: Record<string, Schema>, optional: string[] = []) => object(properties, { optional, open: true });

const productForm = (imageOne: "required" | "optional") =>
  object(
    {
      name: text(),
      description: text(),
      price: text({ description: "Dollars, e.g. 24.99." }),
      discount_price: text({ description: "Dollars, below the price; leave empty for no discount." }),
      quantity: text({ description: "Units in stock, a whole number." }),
      category: text({ description: "The category's name." }),
      image_one: file(imageOne === "required" ? IMAGE_RULE : "Only to replace the current image."),
      image_two: file("Optional; only to add or replace the second image."),
    },
    { optional: imageOne === "required" ? ["discount_price", "image_two"] : ["discount_price", "image_one", "image_two"], open: true },
  );

/** The old client's order-store sends the whole region object; the domain wants its id. */
const regionIdOf = (region: unknown) =>
  typeof region === "object" && region !== null && !Array.isArray(region) && "id" in region ? (region as { id: unknown }).id : region;

export const routes: Route[] = defineRoutes([
  // ---- accounts ---------------------------------------------------------------------------------------
  {
    name: "register",
    method: "post",
    path: "/register",
    tag: "Accounts",
    summary: "Create an account (role user).",
    access: "guest",
    body: { kind: "json", schema: payload({ name: text(), email: text({ format: "email" }), password: text(), password_confirmation: text() }) },
    ok: ok(withMessage("user", ref("User")), "The account was created; sign in next.", 201),
    fails: [422, 429],
    async handle({ shop, body, clientAddress }) {
      const user = await shop.accounts.register(body, clientAddress);
      return { status: 201, body: { message: messages.registered, user: userJson(user) } };
    },
  },
  {
    name: "login",
    method: "post",
    path: "/login",
    tag: "Accounts",
    summary: "Sign in; answers the access token.",
    description:
      "A wrong email or password answers 401 with { error: \"Invalid email or password.\" }. Repeated failures answer 429 " +
      "with a Retry-After header (seconds) and a message saying when to try again.",
    access: "guest",
    body: { kind: "json", schema: payload({ email: text(), password: text() }) },
    ok: ok(
      object({
        access_token: text({ description: "Send it as 'Authorization: Bearer <token>'." }),
        token_type: oneOfValues(["bearer"]),
        expires_in: integer({ description: "Seconds until the token expires.", minimum: 0 }),
      }),
      "Signed in.",
    ),
    fails: [401, 422, 429],
    async handle({ shop, body, clientAddress }) {
      const signIn = await shop.accounts.login(body, clientAddress);
      const expiresIn = Math.max(0, Math.round((signIn.expiresAt.getTime() - Date.now()) / 1000));
      return { body: { access_token: signIn.token, token_type: "bearer", expires_in: expiresIn } };
    },
  },
  {
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
  },
  {
    name: "me",
    method: "post",
    path: "/me",
    tag: "Accounts",
    summary: "The signed-in user.",
    access: "user",
    body: { kind: "none" },
    ok: ok(ref("User"), "The user."),
    fails: [],
    async handle({ shop, viewer }) {
      return { body: userJson(await shop.accounts.me(viewer)) };
    },
  },
  {
    name: "updateAccount",
    method: "post",
    path: "/update-account",
    tag: "Accounts",
    summary: "Change the signed-in user's name and email.",
    description: "A new email needs current_password, the account's password (422 on current_password when missing or wrong).",
    access: "user",
    body: {
      kind: "json",
      schema: payload(
        { name: text(), email: text({ format: "email" }), current_password: text({ description: "Required only when the email changes." }) },
        ["current_password"],
      ),
    },
    ok: ok(withMessage("user", ref("User"))),
    fails: [422, 429],
    async handle({ shop, viewer, body }) {
      const user = await shop.accounts.updateAccount(viewer, body);
      return { body: { message: messages.accountUpdated, user: userJson(user) } };
    },
  },
  {
    name: "updateContact",
    method: "post",
    path: "/update-contact",
    tag: "Accounts",
    summary: "Change the signed-in user's phone and address (both needed at checkout).",
    access: "user",
    body: { kind: "json", schema: payload({ phone: text(), address: text() }) },
    ok: ok(withMessage("user", ref("User"))),
    fails: [422],
    async handle({ shop, viewer, body }) {
      const user = await shop.accounts.updateContact(viewer, body);
      return { body: { message: messages.contactUpdated, user: userJson(user) } };
    },
  },
  {
    name: "updatePassword",
    method: "post",
    path: "/update-password",
    tag: "Accounts",
    summary: "Change the signed-in user's password.",
    access: "user",
    body: { kind: "json", schema: payload({ old_password: text(), password: text(), password_confirmation: text() }) },
    ok: message(),
    fails: [422, 429],
    async handle({ shop, viewer, body }) {
      await shop.accounts.updatePassword(viewer, body);
      return { body: { message: messages.passwordUpdated } };
    },
  },
  {
    name: "listUsers",
    method: "get",
    path: "/all-users",
    tag: "Users (admin)",
    summary: "Every user, newest first.",
    access: "admin",
    query: { search: text({ description: "Part of the name or email, any case." }) },
    body: { kind: "none" },
    ok: ok(list(ref("User")), "The users."),
    fails: [],
    async handle({ shop, viewer, query }) {
      return { body: (await shop.accounts.listUsers(viewer, query.search)).map(userJson) };
    },
  },
  {
    name: "getUser",
    method: "get",
    path: "/user/{id}",
    tag: "Users (admin)",
    summary: "One user.",
    access: "admin",
    params: id,
    body: { kind: "none" },
    ok: ok(ref("User"), "The user."),
    fails: [404],
    async handle({ shop, viewer, params }) {
      return { body: userJson(await shop.accounts.getUser(viewer, params.id)) };
    },
  },
  {
    name: "setUserRole",
    method: "post",
    path: "/user-role/{id}",
    tag: "Users (admin)",
    summary: "Make a user an admin, or an admin a user. No admin can remove their own admin role.",
    access: "admin",
    params: id,
    body: { kind: "json", schema: payload({ role: oneOfValues(["user", "admin"]) }) },
    ok: ok(withMessage("user", ref("User"))),
    fails: [404, 422],
    async handle({ shop, viewer, params, body }) {
      const user = await shop.accounts.setRole(viewer, params.id, body.role);
      return { body: { message: messages.roleUpdated, user: userJson(user) } };
    },
  },

  // ---- catalogue ---------------------------------------------------------------------------------------
  {
    name: "listProducts",
    method: "get",
    path: "/products",
    tag: "Catalogue",
    summary: "Products, newest first unless sorted.",
    access: "guest",
    query: {
      search: text({ description: "Part of a product's name or its category's name, any case; blank means all." }),
      sort: oneOfValues(PRODUCT_SORTS, "Price sorts use the unit price (the discount price when there is one)."),
      category: text({ description: "A category's name, any case." }),
      in_stock: boolean({ description: "true: quantity above 0 only." }),
      discounted: boolean({ description: "true: discounted products only." }),
      limit: integer({ description: "At most this many (1 to 1000).", minimum: 1 }),
    },
    body: { kind: "none" },
    ok: ok(list(ref("Product")), "The products."),
    fails: [],
    async handle({ shop, query }) {
      const products = await shop.catalog.list({
        search: query.search as string | undefined,
        sort: query.sort as (typeof PRODUCT_SORTS)[number] | undefined,
        category: query.category as string | undefined,
        inStock: query.in_stock as boolean | undefined,
        discounted: query.discounted as boolean | undefined,
        limit: query.limit as number | undefined,
      });
      return { body: products.map(productJson) };
    },
  },
  {
    name: "getProduct",
    method: "get",
    path: "/products/{slug}",
    tag: "Catalogue",
    summary: "One product by its slug, as the first element of an array.",
    access: "guest",
    params: { slug: text() },
    body: { kind: "none" },
    ok: ok(list(ref("Product")), "An array whose first (only) element is the product."),
    fails: [404],
    async handle({ shop, params }) {
      return { body: [productJson(await shop.catalog.bySlug(params.slug))] };
    },
  },
  {
    name: "storeProduct",
    method: "post",
    path: "/product-store",
    tag: "Catalogue (admin)",
    summary: "Create a product.",
    access: "admin",
    body: { kind: "multipart", schema: productForm("required"), files: ["image_one", "image_two"] },
    ok: ok(withMessage("product", ref("Product")), "The product was created.", 201),
    fails: [422],
    async handle({ shop, viewer, body, files }) {
      const product = await shop.catalog.create(viewer, { ...withoutFileFields(body), ...files });
      return { status: 201, body: { message: messages.productCreated, product: productJson(product) } };
    },
  },
  {
    name: "updateProduct",
    method: "post",
    path: "/product-update/{id}",
    tag: "Catalogue (admin)",
    summary: "Change a product; without images it keeps its current ones.",
    access: "admin",
    params: id,
    body: { kind: "multipart", schema: productForm("optional"), files: ["image_one", "image_two"] },
    ok: ok(withMessage("product", ref("Product"))),
    fails: [404, 422],
    async handle({ shop, viewer, params, body, files }) {
      const product = await shop.catalog.update(viewer, params.id, { ...withoutFileFields(body), ...files });
      return { body: { message: messages.productUpdated, product: productJson(product) } };
    },
  },
  {
    name: "destroyProduct",
    method: "delete",
    path: "/product-destroy/{id}",
    tag: "Catalogue (admin)",
    summary: "Delete a product. Past orders keep their copy of it.",
    access: "admin",
    params: id,
    body: { kind: "none" },
    ok: message(),
    fails: [404],
    async handle({ shop, viewer, params }) {
      await shop.catalog.delete(viewer, params.id);
      return { body: { message: messages.productDeleted } };
    },
  },
  {
    name: "listCategories",
    method: "get",
    path: "/categories",
    tag: "Catalogue",
    summary: "Every category, newest first.",
    access: "guest",
    body: { kind: "none" },
    ok: ok(list(ref("Category")), "The categories."),
    fails: [],
    async handle({ shop }) {
      return { body: (await shop.categories.list()).map(categoryJson) };
    },
  },
  {
    name: "getCategory",
    method: "get",
    path: "/categories/{id}",
    tag: "Catalogue",
    summary: "One category.",
    access: "guest",
    params: id,
    body: { kind: "none" },
    ok: ok(ref("Category"), "The category."),
    fails: [404],
    async handle({ shop, params }) {
      return { body: categoryJson(await shop.categories.byId(params.id)) };
    },
  },
  {
    name: "storeCategory",
    method: "post",
    path: "/category-store",
    tag: "Catalogue (admin)",
    summary: "Create a category.",
    access: "admin",
    body: { kind: "json", schema: payload({ name: text() }) },
    ok: ok(withMessage("category", ref("Category")), "The category was created.", 201),
    fails: [422],
    async handle({ shop, viewer, body }) {
      const category = await shop.categories.create(viewer, body);
      return { status: 201, body: { message: messages.categoryCreated, category: categoryJson(category) } };
    },
  },
  {
    name: "updateCategory",
    method: "post",
    path: "/category-update/{id}",
    tag: "Catalogue (admin)",
    summary: "Rename a category.",
    access: "admin",
    params: id,
    body: { kind: "json", schema: payload({ name: text() }) },
    ok: ok(withMessage("category", ref("Category"))),
    fails: [404, 422],
    async handle({ shop, viewer, params, body }) {
      const category = await shop.categories.update(viewer, params.id, body);
      return { body: { message: messages.categoryUpdated, category: categoryJson(category) } };
    },
  },
  {
    name: "destroyCategory",
    method: "delete",
    path: "/category-destroy/{id}",
    tag: "Catalogue (admin)",
    summary: "Delete a category that has no products (409 while it still has some).",
    access: "admin",
    params: id,
    body: { kind: "none" },
    ok: message(),
    fails: [404, 409],
    async handle({ shop, viewer, params }) {
      await shop.categories.delete(viewer, params.id);
      return { body: { message: messages.categoryDeleted } };
    },
  },
  {
    name: "listRegions",
    method: "get",
    path: "/regions",
    tag: "Regions",
    summary: "Every delivery region, newest first.",
    access: "guest",
    body: { kind: "none" },
    ok: ok(list(ref("Region")), "The regions."),
    fails: [],
    async handle({ shop }) {
      return { body: (await shop.regions.list()).map(regionJson) };
    },
  },
  {
    name: "getRegion",
    method: "get",
    path: "/region/{id}",
    tag: "Regions",
    summary: "One delivery region.",
    access: "guest",
    params: id,
    body: { kind: "none" },
    ok: ok(ref("Region"), "The region."),
    fails: [404],
    async handle({ shop, params }) {
      return { body: regionJson(await shop.regions.byId(params.id)) };
    },
  },
  {
    name: "storeRegion",
    method: "post",
    path: "/region-store",
    tag: "Regions",
    summary: "Create a delivery region.",
    access: "admin",
    body: { kind: "json", schema: payload({ name: text(), fee: dollars("The delivery fee in dollars, as a number or a numeric string.") }) },
    ok: ok(withMessage("region", ref("Region")), "The region was created.", 201),
    fails: [422],
    async handle({ shop, viewer, body }) {
      const region = await shop.regions.create(viewer, body);
      return { status: 201, body: { message: messages.regionCreated, region: regionJson(region) } };
    },
  },
  {
    name: "updateRegion",
    method: "post",
    path: "/region-update/{id}",
    tag: "Regions",
    summary: "Change a delivery region.",
    access: "admin",
    params: id,
    body: { kind: "json", schema: payload({ name: text(), fee: dollars("The delivery fee in dollars, as a number or a numeric string.") }) },
    ok: ok(withMessage("region", ref("Region"))),
    fails: [404, 422],
    async handle({ shop, viewer, params, body }) {
      const region = await shop.regions.update(viewer, params.id, body);
      return { body: { message: messages.regionUpdated, region: regionJson(region) } };
    },
  },
  {
    name: "destroyRegion",
    method: "delete",
    path: "/region-destroy/{id}",
    tag: "Regions",
    summary: "Delete a delivery region. Past orders keep its name.",
    access: "admin",
    params: id,
    body: { kind: "none" },
    ok: message(),
    fails: [404],
    async handle({ shop, viewer, params }) {
      await shop.regions.delete(viewer, params.id);
      return { body: { message: messages.regionDeleted } };
    },
  },

  // ---- ratings and favourites -----------------------------------------------------------------------------
  {
    name: "myRating",
    method: "get",
    path: "/products/{id}/rating",
    tag: "Ratings and wish-list",
    summary: "The signed-in user's own rating of a product, 0 when none.",
    access: "user",
    params: id,
    body: { kind: "none" },
    ok: ok(integer({ minimum: 0, maximum: 5 }), "A number from 0 to 5."),
    fails: [404],
    async handle({ shop, viewer, params }) {
      return { body: await shop.ratings.myRating(viewer, params.id) };
    },
  },
  {
    name: "rateProduct",
    method: "post",
    path: "/products/{id}/rate",
    tag: "Ratings and wish-list",
    summary: "Rate a product from 1 to 5, once.",
    access: "user",
    params: id,
    body: { kind: "json", schema: payload({ rating_number: integer({ minimum: 1, maximum: 5 }) }) },
    ok: ok(withMessage("product", ref("Product"))),
    fails: [404, 409, 422],
    async handle({ shop, viewer, params, body }) {
      const product = await shop.ratings.rate(viewer, params.id, body);
      return { body: { message: messages.rated, product: productJson(product) } };
    },
  },
  {
    name: "checkFavourite",
    method: "get",
    path: "/favourites/check/{id}",
    tag: "Ratings and wish-list",
    summary: "Whether the product is on the signed-in user's wish-list.",
    access: "user",
    params: id,
    body: { kind: "none" },
    ok: ok(object({ isFavourite: boolean() }), "The answer."),
    fails: [404],
    async handle({ shop, viewer, params }) {
      return { body: { isFavourite: await shop.favourites.check(viewer, params.id) } };
    },
  },
  {
    name: "toggleFavourite",
    method: "post",
    path: "/favourites/toggle/{id}",
    tag: "Ratings and wish-list",
    summary: "Add the product to the wish-list, or remove it when it is there.",
    access: "user",
    params: id,
    body: { kind: "none" },
    ok: ok(object({ message: text(), isFavourite: boolean() })),
    fails: [404],
    async handle({ shop, viewer, params }) {
      const { isFavourite } = await shop.favourites.toggle(viewer, params.id);
      return { body: { message: isFavourite ? messages.favouriteAdded : messages.favouriteRemoved, isFavourite } };
    },
  },
  {
    name: "listFavourites",
    method: "get",
    path: "/favourites",
    tag: "Ratings and wish-list",
    summary: "The signed-in user's wish-list, most recently added first.",
    access: "user",
    body: { kind: "none" },
    ok: ok(list(ref("Product")), "The products."),
    fails: [],
    async handle({ shop, viewer }) {
      return { body: (await shop.favourites.list(viewer)).map(productJson) };
    },
  },

  // ---- cart and orders ------------------------------------------------------------------------------------
  {
    name: "checkCart",
    method: "post",
    path: "/check-cart",
    tag: "Orders",
    summary: "Check every cart line against today's stock and catalogue before checkout.",
    description: "A line that cannot be had answers 422 whose `message` names the product, e.g. \"Only 3 of Monstera Deliciosa left in stock.\".",
    access: "user",
    body: {
      kind: "json",
      schema: payload({
        cart: list(
          object({ id: integer(), cartQuantity: integer({ minimum: 1 }) }, { open: true, description: "A cart item: the product's fields plus cartQuantity; only id and cartQuantity count." }),
        ),
      }),
    },
    ok: ok(
      object({
        message: text(),
        total_quantity: integer({ minimum: 1 }),
        subtotal_price: number({ minimum: 0, description: "The items total at today's prices, in US dollars." }),
      }),
      "Every line can be had.",
    ),
    fails: [422],
    invalidStyle: "fields-and-message",
    async handle({ shop, viewer, body }) {
      const checked = await shop.orders.checkCart(viewer, body.cart);
      return { body: { message: checked.message, total_quantity: checked.totalQuantity, subtotal_price: toDollars(checked.subtotalCents) } };
    },
  },
  {
    name: "storeOrder",
    method: "post",
    path: "/order-store",
    tag: "Orders",
    summary: "Place an order for the signed-in user. Safe to retry with the same reference.",
    description:
      "Prices, totals and the delivery fee are computed by the server: subtotal_price and delivery_fee are ignored. " +
      "user_id may be left out; when sent it must be the caller's own id (403 otherwise). " +
      "The same reference again answers the order already placed (no second order, no stock taken twice).",
    access: "user",
    body: {
      kind: "json",
      schema: payload(
        {
          cart: list(object({ id: integer(), cartQuantity: integer({ minimum: 1 }) }, { open: true })),
          region: either([integer({ minimum: 1 }), object({ id: integer() }, { open: true })], "The delivery region's id, or the region object."),
          reference: text({ pattern: REFERENCE_PATTERN.source, description: "16 characters A-Z 0-9, made by the client." }),
          user_id: integer({ description: "Ignored when it is the caller's id." }),
          subtotal_price: number({ description: "Ignored." }),
          delivery_fee: number({ description: "Ignored." }),
        },
        ["user_id", "subtotal_price", "delivery_fee"],
      ),
    },
    ok: ok(withMessage("order", ref("Order")), "The order (new, or the one already placed with this reference).", 201),
    fails: [403, 409, 422],
    invalidStyle: "fields-and-message",
    async handle({ shop, viewer, body }) {
      // The order is always the caller's; a user_id naming someone else is a request to act for them.
      const caller = requireUser(viewer);
      if (body.user_id !== undefined && body.user_id !== null && parseId(body.user_id) !== caller.userId) {
        throw forbidden("You can only place orders for yourself.");
      }
      const order = await shop.orders.placeOrder(viewer, { ...body, region: regionIdOf(body.region) });
      return { status: 201, body: { message: messages.orderPlaced, order: orderJson(order) } };
    },
  },
  {
    name: "listOrders",
    method: "get",
    path: "/orders",
    tag: "Orders (admin)",
    summary: "Every order, newest first.",
    access: "admin",
    query: { search: text({ description: "Part of the order number or reference, any case." }) },
    body: { kind: "none" },
    ok: ok(list(ref("Order")), "The orders."),
    fails: [],
    async handle({ shop, viewer, query }) {
      return { body: (await shop.orders.listAll(viewer, query.search)).map(orderJson) };
    },
  },
  {
    name: "getOrder",
    method: "get",
    path: "/order/{order_number}",
    tag: "Orders",
    summary: "One order, as the first element of an array: its owner's or, for an admin, anyone's.",
    access: "user",
    params: { order_number: text() },
    body: { kind: "none" },
    description: "Another user's order answers 404, exactly like an order that does not exist.",
    ok: ok(list(ref("Order")), "An array whose first (only) element is the order."),
    fails: [404],
    async handle({ shop, viewer, params }) {
      return { body: [orderJson(await shop.orders.byNumber(viewer, params.order_number))] };
    },
  },
  {
    name: "updateOrderStatus",
    method: "post",
    path: "/order-status-update/{id}",
    tag: "Orders (admin)",
    summary: "Set an order's status; any status may follow any other.",
    access: "admin",
    params: id,
    body: { kind: "json", schema: payload({ status: oneOfValues(["pending", "in-transit", "delivered"]) }) },
    ok: ok(withMessage("order", ref("Order"))),
    fails: [404, 422],
    async handle({ shop, viewer, params, body }) {
      const order = await shop.orders.updateStatus(viewer, params.id, body.status);
      return { body: { message: messages.orderStatusUpdated, order: orderJson(order) } };
    },
  },
  {
    name: "userOrders",
    method: "get",
    path: "/user-order/{userId}",
    tag: "Orders",
    summary: "One user's orders, newest first: the user themself or an admin.",
    access: "user",
    params: { userId: integer({ minimum: 1 }) },
    body: { kind: "none" },
    ok: ok(list(ref("Order")), "The orders."),
    fails: [403, 404],
    async handle({ shop, viewer, params }) {
      return { body: (await shop.orders.listForUser(viewer, params.userId)).map(orderJson) };
    },
  },

  // ---- dashboard ------------------------------------------------------------------------------------------
  {
    name: "analytics",
    method: "get",
    path: "/get-analytics",
    tag: "Dashboard (admin)",
    summary: "The dashboard's figures.",
    access: "admin",
    body: { kind: "none" },
    ok: ok(ref("AnalyticsSummary"), "The analytics summary."),
    fails: [],
    async handle({ shop, viewer }) {
      return { body: analyticsJson(await shop.analytics.summary(viewer)) };
    },
  },
  {
    name: "topProducts",
    method: "get",
    path: "/get-top-products",
    tag: "Dashboard (admin)",
    summary: "The best-selling products by units bought.",
    access: "admin",
    query: { limit: integer({ description: "How many (1 to 100, default 10).", minimum: 1 }) },
    body: { kind: "none" },
    ok: ok(object({ topProducts: list(ref("TopProduct")) }), "The products, most bought first."),
    fails: [],
    async handle({ shop, viewer, query }) {
      const top = await shop.analytics.topProducts(viewer, query.limit ?? 10);
      return { body: { topProducts: top.map(topProductJson) } };
    },
  },

  // ---- this document ---------------------------------------------------------------------------------------
  {
    name: "openapi",
    method: "get",
    path: "/openapi.json",
    tag: "Meta",
    summary: "This OpenAPI 3.1 document.",
    access: "guest",
    body: { kind: "none" },
    ok: ok(mapOf({}), "The document."),
    fails: [],
    async handle() {
      return { body: openApiDocument() };
    },
  },
]);

let document: ReturnType<typeof buildOpenApi> | undefined;
const openApiDocument = () => (document ??= buildOpenApi(routes));

/** Text fields named like the file parts (an old client may send image_one as text) never stand in for a file. */
function withoutFileFields(fields: Record<string, unknown>): Record<string, unknown> {
  const { image_one: _imageOne, image_two: _imageTwo, ...rest } = fields;
  return rest;
}
