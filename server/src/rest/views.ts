// The old client's JSON: snake_case field names as the older client reads them, money as dollar
// numbers, dates as ISO strings. Each mapper sits next to the zod schema that documents it, and the tests
// validate every answer against the published document, so the two cannot drift apart unnoticed.
import type { UserRow } from "../domain/accounts/index.js";
import type { Category as CategoryRow, ProductWithCategory } from "../domain/catalog/index.js";
import type { Region as RegionRow } from "../domain/regions/index.js";
import type { AnalyticsSummary as AnalyticsRow, TopProduct as TopProductRow } from "../domain/analytics/index.js";
import { ROLES, toDollars } from "../domain/shared/index.js";
import { ORDER_STATUSES, REFERENCE_PATTERN, type OrderLine as OrderLineRow, type OrderWithLines } from "../domain/orders/index.js";
import * as z from "zod";

const money = (description?: string) => z.number().min(0).meta({ description: `${description ? `${description} ` : ""}In US dollars.` });
const integer = (description?: string) => (description ? z.int().meta({ description }) : z.int());
const count = (description?: string) => (description ? z.int().min(0).meta({ description }) : z.int().min(0));
const text = (description?: string) => (description ? z.string().meta({ description }) : z.string());

// ---- the schemas of the answers (components of the OpenAPI document) ---------------------------------

export const Product = z
  .object({
    id: integer(),
    slug: text("URL-safe and unique: /products/{slug}."),
    name: text(),
    description: text(),
    category: text("The category's name."),
    price: money("The regular price."),
    discount_price: money("The discounted price; null when there is no discount.").nullable(),
    quantity: count("Units in stock."),
    image_one: text("URL of the main image."),
    image_two: text("URL of the second image.").nullable(),
    rating: count("The sum of all ratings given; the average is rating / people_rated."),
    people_rated: count("How many users rated."),
  })
  .meta({ description: "A product of the catalogue." });

export const Category = z.object({ id: integer(), name: text() }).meta({ description: "A group of products." });

export const Region = z.object({ id: integer(), name: text(), fee: money("The delivery fee.") }).meta({ description: "A delivery region and its fee." });

export const User = z
  .object({
    id: integer(),
    name: text(),
    email: z.string().meta({ format: "email" }),
    role: z.enum(ROLES),
    address: text().nullable(),
    phone: text().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ description: "An account. Never carries a password hash." });

export const CartLine = z
  .object({
    id: integer("The product's id; null once the product was deleted.").nullable(),
    slug: text(),
    name: text(),
    description: text(),
    category: text("The category's name at the time of purchase."),
    price: money("The regular price at the time of purchase."),
    discount_price: money("The discounted price at the time of purchase.").nullable(),
    unit_price: money("What one unit cost: the discount price when there was one, else the price."),
    image_one: text(),
    image_two: text().nullable(),
    cartQuantity: z.int().min(1).meta({ description: "How many were bought." }),
  })
  .meta({ description: "One line of an order: the product as it was bought, plus cartQuantity." });

export const Order = z
  .object({
    id: integer(),
    order_number: text(),
    reference: z.string().regex(REFERENCE_PATTERN).meta({ description: "The client's reference; one order per reference." }),
    status: z.enum(ORDER_STATUSES),
    cart: z.array(CartLine),
    subtotal_price: money("The items total."),
    delivery_fee: money("The region's fee at checkout."),
    total_price: money("Items total plus delivery fee; less promotions (and plus tax when prices exclude it) when the order got any."),
    region: text("The delivery region's name at checkout."),
    user_email: text(),
    user_phone_number: text(),
    user_address: text(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ description: "An order with its lines. Every figure was computed by the server." });

export const Message = z.object({ message: text() }).meta({ description: "A plain confirmation." });

export const MonthFigures = z.object({
  month: text("The month's English name, e.g. September."),
  yearMonth: z.string().regex(/^\d{4}-\d{2}$/).meta({ description: "The month as YYYY-MM." }),
  newUsers: count(),
  revenue: money("The month's order totals."),
  newOrders: count(),
});

export const AnalyticsSummary = z
  .object({
    totalUsers: count("Accounts with the role user."),
    userGrowthPercentage: integer("New users this month against last month, in whole percent."),
    totalRevenue: money("The sum of every order's total."),
    revenueChangePercentage: integer("Revenue this month against last month, in whole percent."),
    totalOrders: count(),
    orderGrowthPercentage: integer("Orders this month against last month, in whole percent."),
    lastThreeMonths: z.array(MonthFigures).meta({ description: "The current month and the two before it, oldest first." }),
  })
  .meta({ description: "The dashboard's figures (calendar months in UTC). Field names as the older client reads them." });

export const TopProduct = z.object({
  id: integer(),
  slug: text(),
  name: text(),
  category: text("The category's name."),
  image_one: text(),
  purchasedQuantity: z.int().min(1).meta({ description: "Units bought across all orders." }),
});

export const ErrorAnswer = z
  .object({ error: text(), message: text() })
  .meta({ description: "A failure: the same text as `error` (read by the login and product screens) and `message`." });

export const ValidationErrors = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .meta({
    description:
      "Field name -> the messages that explain how to fix it, e.g. { \"email\": [\"The email has already been taken.\"] }. " +
      "check-cart and order-store also carry `message`, the first of them, as a single string.",
  });

/** The named schemas of the document: answers refer to them as #/components/schemas/<name>. */
export const components: Record<string, z.ZodType> = {
  Product,
  Category,
  Region,
  User,
  CartLine,
  Order,
  Message,
  MonthFigures,
  AnalyticsSummary,
  TopProduct,
  Error: ErrorAnswer,
  ValidationErrors,
};

// ---- row -> JSON ------------------------------------------------------------------------------------

const dollarsOrNull = (cents: number | null) => (cents === null ? null : toDollars(cents));

export const productJson = (row: ProductWithCategory) => ({
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

export const topProductJson = (row: TopProductRow) => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  category: row.category,
  image_one: row.imageOne,
  purchasedQuantity: row.purchasedQuantity,
});

export const analyticsJson = (summary: AnalyticsRow) => ({
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

export const userJson = (row: UserRow) => ({
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

export const orderJson = (row: OrderWithLines) => ({
  id: row.id,
  order_number: row.orderNumber,
  reference: row.reference,
  status: row.status,
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
