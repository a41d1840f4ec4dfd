// The old client's JSON: snake_case field names as spec section 3 and issue 3 list them, money as dollar
// numbers, dates as ISO strings. Each mapper sits next to the schema that documents it, and the tests
// validate every answer against the published document, so the two cannot drift apart unnoticed.
import type {
  Category as CategoryRow,
  Order as OrderRow,
  OrderLine as OrderLineRow,
  Product as ProductRow,
  Region as RegionRow,
  User as UserRow,
} from "../generated/prisma/client.js";
import type { AnalyticsSummary, TopProduct } from "../domain/analytics.js";
import { toDollars } from "../domain/money.js";
import { REFERENCE_PATTERN } from "../domain/order-numbers.js";
import type { OrderWithLines } from "../domain/orders.js";
import {
  dateTime,
  integer,
  list,
  mapOf,
  nullable,
  number,
  object,
  oneOfValues,
  ref,
  text,
  either,
  type Schema,
} from "./schema.js";

const money = (description?: string): Schema => number({ description: `${description ? `${description} ` : ""}In US dollars.`, minimum: 0 });

// ---- the schemas of the answers (components of the OpenAPI document) ---------------------------------

export const components: Record<string, Schema> = {
  Product: object(
    {
      id: integer(),
      slug: text({ description: "URL-safe and unique: /products/{slug}." }),
      name: text(),
      description: text(),
      category: text({ description: "The category's name." }),
      price: money("The regular price."),
      discount_price: nullable(money("The discounted price; null when there is no discount.")),
      quantity: integer({ description: "Units in stock.", minimum: 0 }),
      image_one: text({ description: "URL of the main image." }),
      image_two: nullable(text({ description: "URL of the second image." })),
      rating: integer({ description: "The sum of all ratings given; the average is rating / people_rated.", minimum: 0 }),
      people_rated: integer({ description: "How many users rated.", minimum: 0 }),
    },
    { description: "A product of the catalogue." },
  ),
  Category: object({ id: integer(), name: text() }, { description: "A group of products." }),
  Region: object({ id: integer(), name: text(), fee: money("The delivery fee.") }, { description: "A delivery region and its fee." }),
  User: object(
    {
      id: integer(),
      name: text(),
      email: text({ format: "email" }),
      role: oneOfValues(["user", "admin"]),
      address: nullable(text()),
      phone: nullable(text()),
      created_at: dateTime(),
    },
    { description: "An account. Never carries a password hash." },
  ),
  CartLine: object(
    {
      id: nullable(integer({ description: "The product's id; null once the product was deleted." })),
      slug: text(),
      name: text(),
      description: text(),
      category: text({ description: "The category's name at the time of purchase." }),
      price: money("The regular price at the time of purchase."),
      discount_price: nullable(money("The discounted price at the time of purchase.")),
      unit_price: money("What one unit cost: the discount price when there was one, else the price."),
      image_one: text(),
      image_two: nullable(text()),
      cartQuantity: integer({ description: "How many were bought.", minimum: 1 }),
    },
    { description: "One line of an order: the product as it was bought, plus cartQuantity." },
  ),
  Order: object(
    {
      id: integer(),
      order_number: text(),
      reference: text({ pattern: REFERENCE_PATTERN.source, description: "The client's reference; one order per reference." }),
      status: oneOfValues(["pending", "in-transit", "delivered"]),
      cart: list(ref("CartLine")),
      subtotal_price: money("The items total."),
      delivery_fee: money("The region's fee at checkout."),
      total_price: money("Items total plus delivery fee."),
      region: text({ description: "The delivery region's name at checkout." }),
      user_email: text(),
      user_phone_number: text(),
      user_address: text(),
      created_at: dateTime(),
      updated_at: dateTime(),
    },
    { description: "An order with its lines. Every figure was computed by the server." },
  ),
  Message: object({ message: text() }, { description: "A plain confirmation." }),
  MonthFigures: object({
    month: text({ description: "The month's English name, e.g. September." }),
    yearMonth: text({ pattern: "^\\d{4}-\\d{2}$", description: "The month as YYYY-MM." }),
    newUsers: integer({ minimum: 0 }),
    revenue: money("The month's order totals."),
    newOrders: integer({ minimum: 0 }),
  }),
  AnalyticsSummary: object(
    {
      totalUsers: integer({ description: "Accounts with the role user.", minimum: 0 }),
      userGrowthPercentage: integer({ description: "New users this month against last month, in whole percent." }),
      totalRevenue: money("The sum of every order's total."),
      revenueChangePercentage: integer({ description: "Revenue this month against last month, in whole percent." }),
      totalOrders: integer({ minimum: 0 }),
      orderGrowthPercentage: integer({ description: "Orders this month against last month, in whole percent." }),
      lastThreeMonths: list(ref("MonthFigures"), "The current month and the two before it, oldest first."),
    },
    { description: "The dashboard's figures (calendar months in UTC). Field names as spec section 3 writes them." },
  ),
  TopProduct: object({
    id: integer(),
    slug: text(),
    name: text(),
    category: text({ description: "The category's name." }),
    image_one: text(),
    purchasedQuantity: integer({ description: "Units bought across all orders.", minimum: 1 }),
  }),
  Error: object(
    { error: text(), message: text() },
    { description: "A failure: the same text as `error` (read by the login and product screens) and `message`." },
  ),
  ValidationErrors: mapOf(
    either([text(), list(text())]),
    "Field name -> the messages that explain how to fix it, e.g. { \"email\": [\"The email has already been taken.\"] }. " +
      "check-cart and order-store also carry `message`, the first of them, as a single string.",
  ),
};

// ---- row -> JSON ------------------------------------------------------------------------------------

const dollarsOrNull = (cents: number | null) => (cents === null ? null : toDollars(cents));

export const productJson = (row: ProductRow & { category: CategoryRow }) => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  category: row.category.name,
  price: toDollars(row.priceCents),
  discount_price: dollarsOrNull(row.discountPriceCents),
  quantity: row.quantity,
  image_one: row.imageOne,
  image_two: row.imageTwo,
  rating: row.ratingSum,
  people_rated: row.peopleRated,
});

export const topProductJson = (row: TopProduct) => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  category: row.category,
  image_one: row.imageOne,
  purchasedQuantity: row.purchasedQuantity,
});

export const analyticsJson = (summary: AnalyticsSummary) => ({
  totalUsers: summary.totalUsers,
  userGrowthPercentage: summary.userGrowthPercentage,
  totalRevenue: toDollars(summary.totalRevenue),
  revenueChangePercentage: summary.revenueChangePercentage,
  totalOrders: summary.totalOrders,
  orderGrowthPercentage: summary.orderGrowthPercentage,
  lastThreeMonths: summary.lastThreeMonths.map((month) => ({
    month: month.month,
    yearMonth: month.yearMonth,
    newUsers: month.newUsers,
    revenue: toDollars(month.revenue),
    newOrders: month.newOrders,
  })),
});

export const categoryJson = (row: CategoryRow) => ({ id: row.id, name: row.name });

export const regionJson = (row: RegionRow) => ({ id: row.id, name: row.name, fee: toDollars(row.feeCents) });

export const userJson = (row: Omit<UserRow, "passwordHash">) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  address: row.address,
  phone: row.phone,
  created_at: row.createdAt.toISOString(),
});

// Stock, rating and people_rated are not part of an order's snapshot (they describe the product today,
// not the purchase), so the lines carry every product field the order kept, plus cartQuantity.
const cartLineJson = (line: OrderLineRow) => ({
  id: line.productId,
  slug: line.slug,
  name: line.name,
  description: line.description,
  category: line.categoryName,
  price: toDollars(line.priceCents),
  discount_price: dollarsOrNull(line.discountPriceCents),
  unit_price: toDollars(line.unitPriceCents),
  image_one: line.imageOne,
  image_two: line.imageTwo,
  cartQuantity: line.quantity,
});

export const orderJson = (row: OrderWithLines | (OrderRow & { lines: OrderLineRow[] })) => ({
  id: row.id,
  order_number: row.orderNumber,
  reference: row.reference,
  // Prisma names the enum value in_transit; the wire speaks the spec's in-transit.
  status: row.status === "in_transit" ? "in-transit" : row.status,
  cart: row.lines.map(cartLineJson),
  subtotal_price: toDollars(row.subtotalCents),
  delivery_fee: toDollars(row.deliveryFeeCents),
  total_price: toDollars(row.totalCents),
  region: row.regionName,
  user_email: row.userEmail,
  user_phone_number: row.userPhone,
  user_address: row.userAddress,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
