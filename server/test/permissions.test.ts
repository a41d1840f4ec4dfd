// The permission matrix: every operation of the schema, as a guest, a user, an admin and an API key of
// each scope. The table must name every Query and Mutation field, so a new operation cannot ship without a
// decision about who may call it, and which scope (if any) opens it to a key.
import type { GraphQLObjectType } from "graphql";
import { API_SCOPES, ROLE_ABILITIES, STAFF_ROLES, type Ability, type ApiScope, type StaffRole } from "../src/domain/shared/viewer.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildShopSchema } from "../src/graphql/schema.js";
import { upload, PNG } from "./fixtures/images.js";
import { createTestShop, failure, type TestShop } from "./support.js";

type Access = "guest" | "user" | "admin";
interface Operation {
  access: Access;
  /** The one scope that opens it to an API key; a key may also do what a guest may (but `me`: a key is nobody). */
  scope?: ApiScope;
  /** For an admin operation no key may call: the ability it needs (ROLE_ABILITIES); otherwise its scope is. */
  ability?: Ability;
  /** A shopper's operation asked here about another person's records: a staff member needs its scope as an ability. */
  othersRecords?: boolean;
  document: string;
  variables?: () => Record<string, unknown>;
}

let t: TestShop;
let tokens: Record<"user" | "admin" | "otherUser", string>;
let ids: { staffTarget: number; ownOrderNumber: string; product: number; category: number; region: number; order: number; orderNumber: string; otherUserId: number; userId: number; endpoint: number };

const operations: Record<string, Operation> = {
  // Anyone, signed in or not.
  products: { access: "guest", document: "{ products { nodes { id } } }" },
  product: { access: "guest", document: "query($slug: String!) { product(slug: $slug) { id } }", variables: () => ({ slug: "matrix-fern" }) },
  categories: { access: "guest", document: "{ categories { nodes { id } } }" },
  searchSuggestions: { access: "guest", document: `{ searchSuggestions(text: "fern") { products { id } categories { id } } }` },
  didYouMean: { access: "guest", document: `{ didYouMean(text: "fenr") }` },
  productFilters: { access: "guest", document: `{ productFilters(search: "fern") { total } }` },
  category: { access: "guest", document: "query($id: Int!) { category(id: $id) { id } }", variables: () => ({ id: ids.category }) },
  regions: { access: "guest", document: "{ regions { nodes { id } } }" },
  region: { access: "guest", document: "query($id: Int!) { region(id: $id) { id } }", variables: () => ({ id: ids.region }) },
  cartQuote: {
    access: "guest",
    document: "query($id: Int!, $region: Int!) { cartQuote(lines: [{ productId: $id, quantity: 1 }], regionId: $region) { total } }",
    variables: () => ({ id: ids.product, region: ids.region }),
  },
  acceptsPromotionCodes: { access: "guest", document: "{ acceptsPromotionCodes }" },
  shopPayments: { access: "guest", document: "{ shopPayments { provider paysOutside holdMinutes } }" },
  applyCode: {
    access: "guest",
    document: 'mutation($id: Int!) { applyCode(code: "MATRIX10", lines: [{ productId: $id, quantity: 1 }]) { total } }',
    variables: () => ({ id: ids.product }),
  },
  me: { access: "guest", document: "{ me { id } }" },
  register: {
    access: "guest",
    document: "mutation($input: RegisterInput!) { register(input: $input) { message } }",
    variables: () => ({ input: { name: "New", email: `new-${Math.random()}@example.com`, password: "abc12345", passwordConfirmation: "abc12345" } }),
  },
  login: { access: "guest", document: 'mutation { login(email: "matrix-user@example.com", password: "correct-horse-battery") { accessToken } }' },
  // Password reset by email is for people who cannot sign in; the link's token is the proof.
  requestPasswordReset: { access: "guest", document: 'mutation { requestPasswordReset(email: "matrix-user@example.com") { message } }' },
  passwordResetLinkValid: { access: "guest", document: 'query { passwordResetLinkValid(token: "not-a-token") }' },
  resetPassword: { access: "guest", document: 'mutation { resetPassword(token: "not-a-token", password: "abc12345", passwordConfirmation: "abc12345") { accessToken } }' },
  // Signed-in users.
  logout: { access: "user", document: "mutation { logout { message } }" },
  favourites: { access: "user", document: "{ favourites { nodes { id } } }" },
  isFavourite: { access: "user", document: "query($id: Int!) { isFavourite(productId: $id) }", variables: () => ({ id: ids.product }) },
  toggleFavourite: { access: "user", document: "mutation($id: Int!) { toggleFavourite(productId: $id) { isFavourite } }", variables: () => ({ id: ids.product }) },
  myRating: { access: "user", document: "query($id: Int!) { myRating(productId: $id) }", variables: () => ({ id: ids.product }) },
  rateProduct: { access: "user", document: "mutation($id: Int!) { rateProduct(productId: $id, rating: 4) { message } }", variables: () => ({ id: ids.product }) },
  myOrders: { access: "user", document: "{ myOrders { nodes { id } } }" },
  cancelMyOrder: { access: "user", document: "mutation { cancelMyOrder(id: 999999) { message } }" },
  // The signed-in customer's own address book.
  myAddresses: { access: "user", document: "{ myAddresses { id } }" },
  saveAddress: { access: "user", document: 'mutation { saveAddress(input: { label: "Home", name: "Matrix", phone: "+1 555 0100", address: "1 Matrix Lane" }) { id } }' },
  setDefaultAddress: { access: "user", document: "mutation { setDefaultAddress(id: 999999) { id } }" },
  deleteAddress: { access: "user", document: "mutation { deleteAddress(id: 999999) { message } }" },
  // Their own data: the export, and deletion (a wrong password here: BAD_USER_INPUT).
  myData: { access: "user", document: "{ myData }" },
  deleteMyAccount: { access: "user", document: 'mutation { deleteMyAccount(password: "not-the-password") { message } }' },
  // The shopper's own order awaiting payment (someone else's is NOT_FOUND, as a missing one).
  payForOrder: { access: "user", document: "mutation { payForOrder(id: 999999) { url } }" },
  confirmPayment: { access: "user", document: "mutation { confirmPayment(id: 999999) { message } }" },
  order: { access: "user", scope: "orders:read", document: "query($n: String!) { order(orderNumber: $n) { id } }", variables: () => ({ n: ids.ownOrderNumber }) },
  userOrders: { access: "user", scope: "orders:read", othersRecords: true, document: "query($id: Int!) { userOrders(userId: $id) { nodes { id } } }", variables: () => ({ id: ids.userId }) },
  checkCart: {
    access: "user",
    document: "query($id: Int!) { checkCart(lines: [{ productId: $id, quantity: 1 }]) { message } }",
    variables: () => ({ id: ids.product }),
  },
  placeOrder: {
    access: "user",
    document: "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { message } }",
    variables: () => ({ input: { lines: [{ productId: ids.product, quantity: 1 }], regionId: ids.region, reference: randomReference() } }),
  },
  updateAccount: { access: "user", document: 'mutation { updateAccount(name: "Same Name", email: "SELF") { message } }' },
  updateContact: { access: "user", document: 'mutation { updateContact(phone: "+1 555 0100", address: "1 Garden Lane") { message } }' },
  updatePassword: {
    access: "user",
    document: 'mutation { updatePassword(oldPassword: "correct-horse-battery", password: "correct-horse-battery", passwordConfirmation: "correct-horse-battery") { message } }',
  },
  // Admins.
  analytics: { access: "admin", scope: "analytics:read", document: "{ analytics { totalUsers } }" },
  topProducts: { access: "admin", scope: "analytics:read", document: "{ topProducts { id } }" },
  salesReport: { access: "admin", scope: "analytics:read", document: "{ salesReport { averageOrderValue } }" },
  salesReportCsv: { access: "admin", scope: "analytics:read", document: "{ salesReportCsv { fileName } }" },
  orders: { access: "admin", scope: "orders:read", document: "{ orders { nodes { id } } }" },
  users: { access: "admin", scope: "customers:read", document: "{ users { nodes { id } } }" },
  user: { access: "admin", scope: "customers:read", document: "query($id: Int!) { user(id: $id) { id } }", variables: () => ({ id: ids.otherUserId }) },
  setUserRole: { access: "admin", ability: "customers:roles", document: "mutation($id: Int!) { setUserRole(id: $id, role: USER) { message } }", variables: () => ({ id: ids.otherUserId }) },
  setStaffRole: { access: "admin", ability: "staff:manage", document: "mutation($id: Int!) { setStaffRole(id: $id, staffRole: SUPPORT) { message } }", variables: () => ({ id: ids.staffTarget }) },
  refundOrder: {
    access: "admin",
    scope: "orders:write",
    document: 'mutation { refundOrder(id: 999999, input: { amount: 1, reason: "Matrix" }) { message } }',
  },
  updateOrderStatus: {
    access: "admin",
    scope: "orders:write",
    document: "mutation($id: Int!) { updateOrderStatus(id: $id, status: IN_TRANSIT) { message } }",
    variables: () => ({ id: ids.order }),
  },
  createCategory: { access: "admin", scope: "catalogue:write", document: "mutation($n: String!) { createCategory(name: $n) { message } }", variables: () => ({ n: `Cat ${Math.random()}` }) },
  updateCategory: { access: "admin", scope: "catalogue:write", document: "mutation($id: Int!) { updateCategory(id: $id, name: \"Matrix Ferns\") { message } }", variables: () => ({ id: ids.category }) },
  deleteCategory: { access: "admin", scope: "catalogue:write", document: "mutation { deleteCategory(id: 999999) { message } }" },
  createRegion: { access: "admin", scope: "catalogue:write", document: "mutation($n: String!) { createRegion(name: $n, fee: 3.5) { message } }", variables: () => ({ n: `Region ${Math.random()}` }) },
  updateRegion: { access: "admin", scope: "catalogue:write", document: "mutation($id: Int!) { updateRegion(id: $id, name: \"Matrix Region\", fee: 2) { message } }", variables: () => ({ id: ids.region }) },
  deleteRegion: { access: "admin", scope: "catalogue:write", document: "mutation { deleteRegion(id: 999999) { message } }" },
  createProduct: {
    access: "admin",
    scope: "catalogue:write",
    document: "mutation($input: ProductInput!) { createProduct(input: $input) { message } }",
    variables: () => ({
      input: { name: `Matrix Plant ${Math.random()}`, description: "Green.", price: 10, quantity: 3, categoryId: ids.category, imageOne: upload(PNG) },
    }),
  },
  updateProduct: {
    access: "admin",
    scope: "catalogue:write",
    document: "mutation($id: Int!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { message } }",
    variables: () => ({ id: ids.product, input: { name: "Matrix Fern", description: "Green.", price: 10, quantity: 1000, categoryId: ids.category } }),
  },
  deleteProduct: { access: "admin", scope: "catalogue:write", document: "mutation { deleteProduct(id: 999999) { message } }" },
  saveProductVariants: {
    access: "admin",
    scope: "catalogue:write",
    document: "mutation($id: Int!, $input: ProductVariantsInput!) { saveProductVariants(productId: $id, input: $input) { id } }",
    variables: () => ({ id: ids.product, input: { options: [], variants: [{ sku: `MATRIX-${Math.random().toString(36).slice(2, 8)}`, options: [], price: 10, quantity: 1000 }] } }),
  },
  promotions: { access: "admin", scope: "catalogue:read", document: "{ promotions { id } }" },
  promotion: { access: "admin", scope: "catalogue:read", document: "{ promotion(id: 999999) { id } }" },
  promotionCodesCsv: { access: "admin", scope: "catalogue:read", document: "{ promotionCodesCsv(id: 999999) }" },
  promotionPreview: {
    access: "admin",
    scope: "catalogue:read",
    document: 'query($id: Int!) { promotionPreview(input: { name: "Preview", kind: PERCENT_OFF, percent: 10 }, lines: [{ productId: $id, quantity: 1 }]) { total } }',
    variables: () => ({ id: ids.product }),
  },
  createPromotion: { access: "admin", scope: "catalogue:write", document: 'mutation { createPromotion(input: { name: "Matrix", kind: AMOUNT_OFF, amount: 1 }) { id } }' },
  updatePromotion: { access: "admin", scope: "catalogue:write", document: 'mutation { updatePromotion(id: 999999, input: { name: "Matrix", kind: AMOUNT_OFF, amount: 1 }) { id } }' },
  setPromotionPaused: { access: "admin", scope: "catalogue:write", document: "mutation { setPromotionPaused(id: 999999, paused: true) { id } }" },
  deletePromotion: { access: "admin", scope: "catalogue:write", document: "mutation { deletePromotion(id: 999999) { message } }" },
  generatePromotionCodes: { access: "admin", scope: "catalogue:write", document: "mutation { generatePromotionCodes(id: 999999, count: 1) }" },
  taxSettings: { access: "admin", scope: "catalogue:read", document: "{ taxSettings { pricesIncludeTax } }" },
  productTaxClass: { access: "admin", scope: "catalogue:read", document: "query($id: Int!) { productTaxClass(productId: $id) }", variables: () => ({ id: ids.product }) },
  productsByIds: { access: "admin", scope: "catalogue:read", document: "query($id: Int!) { productsByIds(ids: [$id]) { id } }", variables: () => ({ id: ids.product }) },
  setPricesIncludeTax: { access: "admin", scope: "catalogue:write", document: "mutation { setPricesIncludeTax(included: false) { pricesIncludeTax } }" },
  saveTaxClass: { access: "admin", scope: "catalogue:write", document: "mutation { saveTaxClass(id: 999999, name: \"Matrix\") { pricesIncludeTax } }" },
  deleteTaxClass: { access: "admin", scope: "catalogue:write", document: "mutation { deleteTaxClass(id: 999999) { pricesIncludeTax } }" },
  setTaxRate: { access: "admin", scope: "catalogue:write", document: "mutation { setTaxRate(regionId: 999999, taxClassId: 1, rate: 5, name: \"VAT\") { pricesIncludeTax } }" },
  setDeliveryTaxRate: { access: "admin", scope: "catalogue:write", document: "mutation { setDeliveryTaxRate(regionId: 999999, rate: 5, name: \"VAT\") { pricesIncludeTax } }" },
  setCategoryTaxClass: { access: "admin", scope: "catalogue:write", document: "mutation { setCategoryTaxClass(categoryId: 999999, taxClassId: null) { pricesIncludeTax } }" },
  setProductTaxClass: { access: "admin", scope: "catalogue:write", document: "mutation { setProductTaxClass(productId: 999999, taxClassId: null) { pricesIncludeTax } }" },
  // The audit trail: the owner's, signed in (no key reads it).
  activity: { access: "admin", ability: "activity:read", document: "{ activity { nodes { id } } }" },
  activityActors: { access: "admin", ability: "activity:read", document: "{ activityActors { key } }" },
  activityKinds: { access: "admin", ability: "activity:read", document: "{ activityKinds }" },
  activityCsv: { access: "admin", ability: "activity:read", document: "{ activityCsv }" },
  // The owner, signed in: no API key, whatever its scopes, manages keys or webhooks.
  apiKeys: { access: "admin", ability: "integrations:manage", document: "{ apiKeys { nodes { id } } }" },
  apiScopes: { access: "admin", ability: "integrations:manage", document: "{ apiScopes { scope } }" },
  createApiKey: { access: "admin", ability: "integrations:manage", document: 'mutation { createApiKey(input: { name: "Matrix", scopes: [ORDERS_READ] }) { secret } }' },
  revokeApiKey: { access: "admin", ability: "integrations:manage", document: "mutation { revokeApiKey(id: 999999) { id } }" },
  webhookEndpoints: { access: "admin", ability: "integrations:manage", document: "{ webhookEndpoints { id } }" },
  webhookEndpoint: { access: "admin", ability: "integrations:manage", document: "query($id: Int!) { webhookEndpoint(id: $id) { id } }", variables: () => ({ id: ids.endpoint }) },
  webhookEventTypes: { access: "admin", ability: "integrations:manage", document: "{ webhookEventTypes { type } }" },
  createWebhookEndpoint: {
    access: "admin",
    ability: "integrations:manage",
    document: 'mutation { createWebhookEndpoint(input: { url: "http://127.0.0.1:9/matrix", events: [ORDER_PLACED] }) { secret } }',
  },
  updateWebhookEndpoint: {
    access: "admin",
    ability: "integrations:manage",
    document: 'mutation($id: Int!) { updateWebhookEndpoint(id: $id, input: { url: "http://127.0.0.1:9/matrix", events: [ORDER_PLACED], active: false }) { id } }',
    variables: () => ({ id: ids.endpoint }),
  },
  deleteWebhookEndpoint: { access: "admin", ability: "integrations:manage", document: "mutation { deleteWebhookEndpoint(id: 999999) { message } }" },
  rotateWebhookSecret: { access: "admin", ability: "integrations:manage", document: "mutation($id: Int!) { rotateWebhookSecret(id: $id) { secret } }", variables: () => ({ id: ids.endpoint }) },
  resendWebhookDelivery: { access: "admin", ability: "integrations:manage", document: 'mutation { resendWebhookDelivery(id: "00000000-0000-4000-8000-000000000000") { id } }' },
  sendTestWebhook: { access: "admin", ability: "integrations:manage", document: "mutation($id: Int!) { sendTestWebhook(endpointId: $id) { id } }", variables: () => ({ id: ids.endpoint }) },
};

function randomReference(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return Array.from({ length: 16 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
}

async function run(name: string, as: "guest" | "user" | "admin" | { apiKey: string }) {
  const operation = operations[name];
  const token =
    typeof as === "object" ? as.apiKey : as === "guest" ? undefined : name === "logout" ? (await t.shop.tokens.issue({ id: as === "admin" ? adminId : ids.userId })).token : tokens[as];
  const document = operation.document.replace('"SELF"', JSON.stringify(as === "admin" ? "matrix-admin@example.com" : "matrix-user@example.com"));
  const result = await t.gql(document, operation.variables?.(), token);
  return result.errors ? failure(result).code : undefined;
}

let adminId: number;
/** Every kind of admin: the staff roles, and the spec's admin (no staff role). */
const STAFF_KINDS = [...STAFF_ROLES, "admin"] as const;
type StaffKind = (typeof STAFF_KINDS)[number];
let staffTokens: Record<StaffKind, string>;

beforeAll(async () => {
  t = await createTestShop();
  const admin = await t.signUp({ role: "admin", email: "matrix-admin@example.com" });
  const user = await t.signUp({ email: "matrix-user@example.com" });
  const other = await t.signUp();
  adminId = admin.id;
  tokens = { admin: admin.token, user: user.token, otherUser: other.token };
  const category = await t.shop.prisma.category.create({ data: { name: "Matrix Ferns" } });
  const region = await t.shop.prisma.region.create({ data: { name: "Matrix Region", feeCents: 200 } });
  const product = await t.shop.prisma.product.create({
    data: { slug: "matrix-fern", name: "Matrix Fern", description: "Green.", categoryId: category.id, priceCents: 1000, quantity: 1000, imageOne: "/uploads/x.png" },
  });
  const order = await t.shop.orders.placeOrder(await t.shop.tokens.verify(other.token), {
    lines: [{ productId: product.id, quantity: 1 }],
    region: region.id,
    reference: randomReference(),
  });
  const own = await t.shop.orders.placeOrder(await t.shop.tokens.verify(user.token), {
    lines: [{ productId: product.id, quantity: 1 }],
    region: region.id,
    reference: randomReference(),
  });
  const endpoint = await t.shop.prisma.webhookEndpoint.create({ data: { url: "http://127.0.0.1:9/matrix", events: ["order.placed"], active: false, secret: "whsec_bWF0cml4" } });
  staffTokens = Object.fromEntries(
    await Promise.all(STAFF_KINDS.map(async (kind) => [kind, (await t.signUp({ role: "admin", staffRole: kind === "admin" ? null : kind })).token] as const)),
  ) as Record<StaffKind, string>;
  ids = { staffTarget: (await t.signUp()).id, ownOrderNumber: own.orderNumber, product: product.id, category: category.id, region: region.id, order: order.id, orderNumber: order.orderNumber, otherUserId: other.id, userId: user.id, endpoint: endpoint.id };
});
afterAll(async () => {
  await t?.close();
});

describe("permission matrix: guest, user and admin against every operation", () => {
  it("the table names every Query and Mutation field of the schema", async () => {
    const schema = await buildShopSchema();
    const fields = [schema.getQueryType(), schema.getMutationType()].flatMap((type) => Object.keys((type as GraphQLObjectType).getFields()));
    expect(fields.sort()).toEqual(Object.keys(operations).sort());
  });

  for (const [name, operation] of Object.entries(operations)) {
    if (operation.access === "guest") {
      it(`${name}: open to guests`, async () => {
        expect((await run(name, "guest")) ?? "ok").not.toMatch(/UNAUTHENTICATED|FORBIDDEN/);
      });
    } else if (operation.access === "user") {
      it(`${name}: a guest must sign in; users and admins may`, async () => {
        expect(await run(name, "guest")).toBe("UNAUTHENTICATED");
        expect((await run(name, "user")) ?? "ok").not.toMatch(/UNAUTHENTICATED|FORBIDDEN/);
        expect((await run(name, "admin")) ?? "ok").not.toMatch(/UNAUTHENTICATED|FORBIDDEN/);
      });
    } else {
      it(`${name}: only admins; a user is forbidden, a guest must sign in`, async () => {
        expect(await run(name, "guest")).toBe("UNAUTHENTICATED");
        expect(await run(name, "user")).toBe("FORBIDDEN");
        expect((await run(name, "admin")) ?? "ok").not.toMatch(/UNAUTHENTICATED|FORBIDDEN/);
      });
    }
  }

  /** An API key holding exactly `scopes`, made by the owner as the back office does. */
  async function keyWith(scopes: ApiScope[]): Promise<{ apiKey: string }> {
    const made = await t.shop.apiKeys.create(await t.shop.tokens.verify(tokens.admin), { name: `Matrix ${scopes.join(" ")}`, scopes });
    return { apiKey: made.secret };
  }

  for (const scope of API_SCOPES) {
    it(`an API key with only ${scope} may do what ${scope} names and what a guest may, nothing else`, async () => {
      const key = await keyWith([scope]);
      for (const [name, operation] of Object.entries(operations)) {
        const allowed = operation.scope === scope || (operation.access === "guest" && name !== "me");
        const code = await run(name, key);
        if (allowed) expect(code ?? "ok", `${name} with ${scope}`).not.toMatch(/UNAUTHENTICATED|FORBIDDEN/);
        else expect(code, `${name} with ${scope}`).toBe("FORBIDDEN");
      }
    });
  }

  it("an API key with every scope still cannot manage users' roles, API keys or webhooks, nor act as a person", async () => {
    const key = await keyWith([...API_SCOPES]);
    for (const [name, operation] of Object.entries(operations)) {
      if (operation.scope || operation.access === "guest") continue;
      expect(await run(name, key), name).toBe("FORBIDDEN");
    }
    expect(await run("me", key)).toBe("FORBIDDEN");
  });

  it("users see only their own orders: another user's order is NOT_FOUND (as if missing), their order list forbidden", async () => {
    const someoneElses = await t.gql("query($n: String!) { order(orderNumber: $n) { id } }", { n: ids.orderNumber }, tokens.user);
    expect(failure(someoneElses)).toMatchObject({ code: "NOT_FOUND", message: "Order not found." });
    const theirList = await t.gql("query($id: Int!) { userOrders(userId: $id) { nodes { id } } }", { id: ids.otherUserId }, tokens.user);
    expect(failure(theirList).code).toBe("FORBIDDEN");
    const owner = await t.gql("query($n: String!) { order(orderNumber: $n) { id } }", { n: ids.orderNumber }, tokens.otherUser);
    expect(owner.errors).toBeUndefined();
  });
});

describe("permission matrix: every staff role against every operation", () => {
  for (const kind of STAFF_KINDS) {
    it(`${kind}: every admin operation its abilities name, FORBIDDEN with the missing ability for the others; every shopper's and guest's operation`, async () => {
      const abilities = ROLE_ABILITIES[kind as StaffRole | "admin"];
      const outcomes: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const [name, operation] of Object.entries(operations)) {
        if (name === "logout") continue;
        const document = operation.document.replace('"SELF"', JSON.stringify("someone-else@example.com"));
        const result = await t.gql(document, operation.variables?.(), staffTokens[kind]);
        const code = result.errors ? failure(result).code : "ok";
        const ability = operation.ability ?? operation.scope;
        const needsAbility = operation.access === "admin" || operation.othersRecords === true;
        const allowed = !needsAbility || (ability !== undefined && abilities.includes(ability));
        const named = result.errors ? /the (\S+) ability/.exec(result.errors[0].message)?.[1] : undefined;
        outcomes[name] = code === "FORBIDDEN" || code === "UNAUTHENTICATED" ? [code, named].filter(Boolean).join(" ") : "allowed";
        // An admin operation names the ability missing; another person's records are simply not theirs to see.
        expected[name] = allowed ? "allowed" : operation.access === "admin" ? `FORBIDDEN ${ability}` : "FORBIDDEN";
      }
      expect(outcomes).toEqual(expected);
    });
  }

  it("the owner alone manages staff, keys and webhooks; the spec's admin keeps every screen of the spec", () => {
    const owners = STAFF_KINDS.filter((kind) => ROLE_ABILITIES[kind as StaffRole | "admin"].includes("staff:manage"));
    expect(owners).toEqual(["owner"]);
    expect(STAFF_KINDS.filter((kind) => ROLE_ABILITIES[kind as StaffRole | "admin"].includes("integrations:manage"))).toEqual(["owner"]);
    expect(ROLE_ABILITIES.admin).toEqual(expect.arrayContaining(["catalogue:write", "orders:write", "customers:read", "customers:roles", "analytics:read"]));
  });
});

describe("the audit trail follows every back-office command", () => {
  const entries = () => t.shop.prisma.activityEntry.count();
  const mutations = async () => Object.keys(((await buildShopSchema()).getMutationType() as GraphQLObjectType).getFields());

  // The matrix above already ran these commands, and a command that changes nothing (a role set to the role
  // it has) rightly enters nothing: each subject is put back first so the command changes it again.
  const unsettle: Record<string, () => Promise<unknown>> = {
    setPricesIncludeTax: () => t.shop.prisma.shopSettings.upsert({ where: { id: 1 }, update: { pricesIncludeTax: true }, create: { id: 1, pricesIncludeTax: true } }),
    setStaffRole: () => t.shop.prisma.user.update({ where: { id: ids.staffTarget }, data: { role: "admin", staffRole: "catalogue-manager" } }),
    setUserRole: () => t.shop.prisma.user.update({ where: { id: ids.otherUserId }, data: { role: "admin" } }),
    updateOrderStatus: () => t.shop.prisma.order.update({ where: { id: ids.order }, data: { status: "pending" } }),
    updateWebhookEndpoint: () => t.shop.prisma.webhookEndpoint.update({ where: { id: ids.endpoint }, data: { active: true } }),
  };

  it("every admin mutation that answers without an error leaves an entry naming who did it; one that fails leaves none", async () => {
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of await mutations()) {
      if (operations[name].access !== "admin") continue;
      await unsettle[name]?.();
      const before = await entries();
      const code = await run(name, "admin");
      const added = await t.shop.prisma.activityEntry.findMany({ orderBy: { id: "desc" }, take: (await entries()) - before });
      outcomes[name] = `${code ?? "ok"}: ${added.length ? added.map((entry) => `${entry.actorName} ${entry.actorKind}`).join(", ") : "no entry"}`;
      expected[name] = code ? `${code}: no entry` : `ok: ${added.map(() => "matrix-admin@example.com staff").join(", ") || "matrix-admin@example.com staff"}`;
    }
    expect(outcomes).toEqual(expected);
  });

  it("an API key's commands are entered under the key's name", async () => {
    const made = await t.shop.apiKeys.create(await t.shop.tokens.verify(tokens.admin), { name: "Matrix ERP", scopes: [...API_SCOPES] });
    const before = await entries();
    expect(await run("createCategory", { apiKey: made.secret })).toBeUndefined();
    const [entry] = await t.shop.prisma.activityEntry.findMany({ orderBy: { id: "desc" }, take: (await entries()) - before });
    expect(entry).toMatchObject({ actorKind: "api-key", actorName: "Matrix ERP", apiKeyId: made.key.id, actorId: null, kind: "category.created" });
  });
});
