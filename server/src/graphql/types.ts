// The shop's GraphQL object types: the API contract integrators and the client's codegen see.
// Field names are camelCase; money fields use the Money scalar (cents inside, dollars on the wire).
// Each view* function maps a database row to its object type, so resolvers stay three lines long.
import { Field, Float, Int, ObjectType, registerEnumType } from "type-graphql";
import type { UserRow } from "../domain/accounts/index.js";
import { averageRating, storedOptions, unitPriceCents, type Category as CategoryRow, type ProductWithCategory } from "../domain/catalog/index.js";
import { paymentStatusOf, priceOfPlacedOrder, type OrderPayment as OrderPaymentRow, type OrderWithLines } from "../domain/orders/index.js";
import type { OrderQuote } from "../domain/pricing/index.js";
import type { Region as RegionRow } from "../domain/regions/index.js";
import { MoneyScalar } from "./scalars.js";
import { abilitiesOf, type StaffRole as StaffRoleName } from "../domain/shared/index.js";

export enum Role {
  USER = "user",
  ADMIN = "admin",
}
registerEnumType(Role, { name: "Role", description: "What a user may do: shop (USER) or also run the shop (ADMIN)." });

export enum StaffRole {
  OWNER = "owner",
  CATALOGUE_MANAGER = "catalogue-manager",
  ORDER_MANAGER = "order-manager",
  SUPPORT = "support",
}
registerEnumType(StaffRole, {
  name: "StaffRole",
  description:
    "What an admin may do (User.abilities): OWNER everything, the only one who manages staff roles, API keys and webhooks; CATALOGUE_MANAGER products, categories, pictures, regions, promotions and taxes; ORDER_MANAGER orders (statuses, cancellations, refunds) and reading customers; SUPPORT reading orders and customers and the e-mails sent to them. An admin without one is the spec's admin: every screen of the spec.",
});

export enum OrderStatus {
  AWAITING_PAYMENT = "awaiting-payment",
  PENDING = "pending",
  IN_TRANSIT = "in-transit",
  DELIVERED = "delivered",
  CANCELLED = "cancelled",
}
registerEnumType(OrderStatus, {
  name: "OrderStatus",
  valuesConfig: {
    AWAITING_PAYMENT: {
      description:
        "Placed, its stock held, while its shopper pays on the payment provider's page (only when the shop takes payment online). Becomes PENDING once paid, CANCELLED when the payment fails or its time runs out.",
    },
    CANCELLED: { description: "Cancelled: its stock and promotion uses were given back. Final." },
  },
});

export enum ProductSort {
  DEFAULT = "default",
  NEWEST = "newest",
  PRICE_HIGHEST = "price-highest",
  PRICE_LOWEST = "price-lowest",
  HIGHEST_RATED = "highest-rated",
}
registerEnumType(ProductSort, {
  name: "ProductSort",
  description: [
    "DEFAULT: newest first. NEWEST: newest first. PRICE_*: by unit price (the discount price when there is one).",
    "HIGHEST_RATED: by average rating, ties broken by more raters.",
    "With a search, the best matches always come first, each rank in the chosen order: the exact name, then names",
    "starting with the text, then names holding every word, then category matches, then the rest (descriptions,",
    "corrected spellings).",
    "Ties always end newest first, then by id, so pages never repeat or skip an item.",
  ].join("\n"),
});

@ObjectType({ simpleResolvers: true, description: "A group of products, such as Indoor Plants." })
export class Category {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ simpleResolvers: true, description: "A delivery region and its fee." })
export class Region {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
  @Field(() => MoneyScalar) fee!: number;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ simpleResolvers: true })
export class Product {
  @Field(() => Int) id!: number;
  @Field(() => String, { description: "URL-safe and unique, derived from the name: /products/{slug}." }) slug!: string;
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => Category) category!: Category;
  @Field(() => MoneyScalar, { description: "The regular price." }) price!: number;
  @Field(() => MoneyScalar, { nullable: true, description: "The discounted price; null when there is no discount." })
  discountPrice!: number | null;
  @Field(() => MoneyScalar, { description: "What one unit costs now: the discount price when set, else the price." })
  unitPrice!: number;
  @Field(() => Int, { description: "Units in stock of the default variant (for a product without options: its stock). See totalQuantity." }) quantity!: number;
  @Field(() => Int, { description: "Units in stock over every variant on sale." }) totalQuantity!: number;
  /** Summary of the variants on sale (kept on the product row), read by priceRange and variantCount. */
  variantCount!: number;
  unitPriceMin!: number;
  unitPriceMax!: number;
  /** The stored pictures' refs; the fields imageOne, imageTwo, image and images are resolved in pictures.resolver.ts. */
  imageOne!: string;
  imageTwo!: string | null;
  @Field(() => Int, { description: "The sum of all ratings given." }) rating!: number;
  @Field(() => Int, { description: "How many users rated." }) peopleRated!: number;
  @Field(() => Float, { description: "rating / peopleRated, 0 when nobody rated." }) averageRating!: number;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ simpleResolvers: true, description: "One option value of a variant: the option's name and the value, e.g. Pot size / 24 cm." })
export class VariantOption {
  @Field(() => String) name!: string;
  @Field(() => String) value!: string;
}

@ObjectType({ simpleResolvers: true, description: "One line of an order: the product as it was bought." })
export class OrderLine {
  @Field(() => Int, { description: "The line's own id (refunds name it)." }) id!: number;
  @Field(() => Int, { nullable: true, description: "The product's id; null once the product was deleted." })
  productId!: number | null;
  @Field(() => Int, { nullable: true, description: "The variant bought; null once it was deleted." })
  variantId!: number | null;
  @Field(() => String, { description: "The variant's SKU when bought (empty for lines bought before SKUs existed whose product is gone)." })
  sku!: string;
  @Field(() => [VariantOption], { description: "The variant's option values when bought, e.g. Pot size: 24 cm; empty for a product without options." })
  options!: VariantOption[];
  @Field(() => String) slug!: string;
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => String, { description: "The category's name at the time of purchase." }) category!: string;
  @Field(() => MoneyScalar) price!: number;
  @Field(() => MoneyScalar, { nullable: true }) discountPrice!: number | null;
  @Field(() => MoneyScalar) unitPrice!: number;
  @Field(() => Int) quantity!: number;
  @Field(() => MoneyScalar) lineTotal!: number;
  @Field(() => MoneyScalar, { description: "Its share of the order's promotions (0 without)." }) discount!: number;
  @Field(() => MoneyScalar, { description: "Its tax as charged (0 without): added to the total, or held in the price when prices include tax." }) tax!: number;
  @Field(() => Float, { description: "The tax rate it was charged at, in percent (e.g. 20 or 8.875); 0 without." }) taxRate!: number;
  /** The pictures' refs as the order kept them (see pictures.resolver.ts). */
  imageOne!: string;
  imageTwo!: string | null;
}

@ObjectType({ simpleResolvers: true, description: "Tax at one rate: the amount without tax, and the tax." })
export class TaxLineView {
  @Field(() => String, { description: "As the owner named the rate, e.g. VAT 20%." }) name!: string;
  @Field(() => Float, { description: "In percent, e.g. 20 or 8.875." }) rate!: number;
  @Field(() => MoneyScalar) net!: number;
  @Field(() => MoneyScalar) tax!: number;
}

@ObjectType({ simpleResolvers: true, description: "A promotion applied, with what it took off (items and delivery)." })
export class AppliedPromotionView {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true, description: "The code that brought it; null: it applied by itself." }) code!: string | null;
  @Field(() => MoneyScalar, { description: "All it took off: itemsAmount + deliveryAmount." }) amount!: number;
  @Field(() => MoneyScalar, { description: "What it took off the items: its part of discountTotal (0 for free delivery)." }) itemsAmount!: number;
  @Field(() => MoneyScalar, { description: "What it took off the delivery fee: its part of deliveryDiscount (0 but for free delivery)." }) deliveryAmount!: number;
}

@ObjectType({ simpleResolvers: true, description: "A code the shopper entered: applied, or why not." })
export class CodeResult {
  @Field(() => String, { description: "As entered, upper case." }) code!: string;
  @Field(() => Boolean) applied!: boolean;
  @Field(() => String, { nullable: true, description: "Why it takes nothing off, e.g. 'This code has expired.' or 'Add $12.00 more to use this code.'" }) message!: string | null;
}

export enum PaymentStatus {
  AWAITING = "awaiting",
  UNPAID = "unpaid",
  PAID = "paid",
  PARTIALLY_REFUNDED = "partially-refunded",
  REFUNDED = "refunded",
}
registerEnumType(PaymentStatus, {
  name: "PaymentStatus",
  description: "How an order stands with its payment: whether it was taken, then from what was refunded of its total.",
  valuesConfig: {
    AWAITING: { description: "Its shopper is paying on the payment provider's page." },
    UNPAID: { description: "Its payment failed or its time to pay ran out: nothing was taken, nothing to refund." },
  },
});

@ObjectType({ simpleResolvers: true, description: "An order's payment on the payment provider's page (only when the shop takes payment online)." })
export class OrderPaymentView {
  @Field(() => String, { description: "The provider, e.g. stripe." }) provider!: string;
  @Field(() => String, { description: "open (the shopper may pay until expiresAt), paid, failed or expired." }) state!: string;
  @Field(() => String, { nullable: true, description: "The provider's payment page, while it is open; null afterwards." }) url!: string | null;
  @Field(() => Date, { description: "When the page stops taking the payment and the order's stock is released." }) expiresAt!: Date;
  @Field(() => Date, { nullable: true }) paidAt!: Date | null;
  @Field(() => String, { description: "The provider's session id (a Stripe Checkout Session)." }) sessionId!: string;
  @Field(() => String, { nullable: true, description: "The provider's payment id (a Stripe PaymentIntent), once paid." }) paymentIntentId!: string | null;
  @Field(() => String, { nullable: true, description: "Why a reported payment was not counted (an amount or currency that does not match the order)." }) problem!: string | null;
}

@ObjectType({ simpleResolvers: true, description: "Units of one line given back in a refund." })
export class RefundedLineView {
  @Field(() => Int) lineId!: number;
  @Field(() => Int) quantity!: number;
  @Field(() => MoneyScalar) amount!: number;
}

@ObjectType({ simpleResolvers: true, description: "Money given back on an order, through the payment provider." })
export class OrderRefundView {
  @Field(() => Int) id!: number;
  @Field(() => MoneyScalar) amount!: number;
  @Field(() => String) reason!: string;
  @Field(() => String, { description: "pending (the provider is being asked), succeeded, or failed (nothing was refunded)." }) state!: string;
  @Field(() => [RefundedLineView], { description: "The lines' units it gave back; empty for an amount." }) lines!: RefundedLineView[];
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ simpleResolvers: true })
export class Order {
  @Field(() => Int) id!: number;
  @Field(() => String) orderNumber!: string;
  @Field(() => String, { description: "16 characters A-Z 0-9, made by the client; one order per reference." })
  reference!: string;
  @Field(() => OrderStatus) status!: OrderStatus;
  @Field(() => [OrderLine]) lines!: OrderLine[];
  @Field(() => Int, { description: "The sum of the lines' quantities." }) totalItems!: number;
  @Field(() => MoneyScalar) subtotal!: number;
  @Field(() => MoneyScalar) deliveryFee!: number;
  @Field(() => MoneyScalar, { description: "Taken off the items by promotions (the lines' shares)." }) discountTotal!: number;
  @Field(() => MoneyScalar, { description: "Taken off the delivery fee by promotions." }) deliveryDiscount!: number;
  @Field(() => MoneyScalar, { description: "All tax charged (lines and delivery)." }) taxTotal!: number;
  @Field(() => Boolean, { description: "Prices held their tax (the total does not add it)." }) pricesIncludeTax!: boolean;
  @Field(() => [TaxLineView], { description: "Tax per rate, as the invoice lists it." }) taxLines!: TaxLineView[];
  @Field(() => [AppliedPromotionView], { description: "The promotions the order got, with what each took off." }) promotions!: AppliedPromotionView[];
  @Field(() => MoneyScalar, { description: "Subtotal - discounts + delivery fee - its discount (+ tax when prices exclude it)." }) total!: number;
  @Field(() => MoneyScalar, { description: "Given back so far (refunds not failed); never more than total." }) refunded!: number;
  @Field(() => PaymentStatus) paymentStatus!: PaymentStatus;
  @Field(() => [OrderRefundView], { description: "Its refunds, oldest first." }) refunds!: OrderRefundView[];
  @Field(() => OrderPaymentView, { nullable: true, description: "Its payment on the provider's page; null for an order paid at checkout (the simulated payments)." })
  payment!: OrderPaymentView | null;
  @Field(() => String, { description: "The delivery region's name at checkout." }) region!: string;
  @Field(() => String) userEmail!: string;
  @Field(() => String) userPhone!: string;
  @Field(() => String) userAddress!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

@ObjectType({ simpleResolvers: true })
export class User {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
  @Field(() => String) email!: string;
  @Field(() => Role) role!: Role;
  @Field(() => StaffRole, { nullable: true, description: "An admin's staff role; null for a shopper and for the spec's admin." }) staffRole!: StaffRole | null;
  @Field(() => [String], { description: "What this user may do in the back office (e.g. catalogue:write, orders:write, staff:manage); empty for a shopper." })
  abilities!: string[];
  @Field(() => String, { nullable: true }) address!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ simpleResolvers: true, description: "A plain confirmation from a mutation." })
export class Message {
  @Field(() => String) message!: string;
}

@ObjectType({ simpleResolvers: true })
export class AuthPayload {
  @Field(() => String, { description: "Send it as 'Authorization: Bearer <token>'." }) accessToken!: string;
  @Field(() => User) user!: User;
}

@ObjectType({ simpleResolvers: true })
export class UserPayload {
  @Field(() => String) message!: string;
  @Field(() => User) user!: User;
}

@ObjectType({ simpleResolvers: true })
export class ProductPayload {
  @Field(() => String) message!: string;
  @Field(() => Product) product!: Product;
}

@ObjectType({ simpleResolvers: true })
export class CategoryPayload {
  @Field(() => String) message!: string;
  @Field(() => Category) category!: Category;
}

@ObjectType({ simpleResolvers: true })
export class RegionPayload {
  @Field(() => String) message!: string;
  @Field(() => Region) region!: Region;
}

@ObjectType({ simpleResolvers: true })
export class OrderPayload {
  @Field(() => String) message!: string;
  @Field(() => Order) order!: Order;
}

@ObjectType({ simpleResolvers: true })
export class FavouritePayload {
  @Field(() => String) message!: string;
  @Field(() => Boolean) isFavourite!: boolean;
}

@ObjectType({ simpleResolvers: true })
export class CartCheck {
  @Field(() => String) message!: string;
  @Field(() => Int) totalQuantity!: number;
  @Field(() => MoneyScalar, { description: "The items total at today's prices." }) subtotal!: number;
}

@ObjectType({ simpleResolvers: true, description: "A line of a cart quote: the product, how many, and its figures at today's prices." })
export class CartQuoteLine {
  @Field(() => Int) productId!: number;
  @Field(() => Int, { description: "The variant the line buys." }) variantId!: number;
  @Field(() => String) sku!: string;
  @Field(() => [VariantOption]) options!: VariantOption[];
  @Field(() => Int) quantity!: number;
  @Field(() => MoneyScalar, { description: "What one unit costs: the discount price when the product has one, else its price." }) unitPrice!: number;
  @Field(() => MoneyScalar, { description: "The unit price times the quantity." }) lineTotal!: number;
  @Field(() => MoneyScalar, { description: "Its share of the promotions." }) discount!: number;
  @Field(() => MoneyScalar, { description: "Its tax (0 while no region is chosen)." }) tax!: number;
  @Field(() => Float, { description: "Its tax rate in percent." }) taxRate!: number;
}

@ObjectType({ simpleResolvers: true, description: "The server's figures for a cart: the same rule checkout charges by, at today's prices." })
export class CartQuote {
  @Field(() => [CartQuoteLine], { description: "The cart's lines, repeated products added up, in the cart's order; products that no longer exist are left out." })
  lines!: CartQuoteLine[];
  @Field(() => Int) totalQuantity!: number;
  @Field(() => MoneyScalar, { description: "The sum of the lines." }) itemsTotal!: number;
  @Field(() => MoneyScalar, { description: "The chosen region's fee; 0 while no region is chosen." }) deliveryFee!: number;
  @Field(() => MoneyScalar, { description: "Taken off the items by promotions." }) discountTotal!: number;
  @Field(() => MoneyScalar, { description: "Taken off the delivery fee by promotions." }) deliveryDiscount!: number;
  @Field(() => MoneyScalar, { description: "All tax (lines and delivery); 0 while no region is chosen." }) taxTotal!: number;
  @Field(() => Boolean) pricesIncludeTax!: boolean;
  @Field(() => [TaxLineView]) taxLines!: TaxLineView[];
  @Field(() => [AppliedPromotionView], { description: "The promotions the cart gets (automatic ones and those of its codes), each with what it takes off." })
  promotions!: AppliedPromotionView[];
  @Field(() => [CodeResult], { description: "Each code entered: applied, or the reason it is not." }) codes!: CodeResult[];
  @Field(() => MoneyScalar, { description: "Items - discounts + delivery - its discount (+ tax when prices exclude it); without promotions and tax: the items total plus the delivery fee." })
  total!: number;
  @Field(() => MoneyScalar, { description: "What the cart would cost with no promotion: items + delivery (+ their tax on the undiscounted amounts when prices exclude it); equals total without promotions." })
  totalBeforePromotions!: number;
  @Field(() => [Int], { description: "Products of the cart that no longer exist." }) missingProductIds!: number[];
  @Field(() => [CartChoiceToMake], {
    description: "Lines left out because the shopper must choose a variant (a product sold in several, named without one), each with what to choose.",
  })
  choicesToMake!: CartChoiceToMake[];
}

@ObjectType({ simpleResolvers: true, description: "A cart line that needs the shopper's choice of variant." })
export class CartChoiceToMake {
  @Field(() => Int) productId!: number;
  @Field(() => String, { description: "E.g. 'Please choose a Pot size for Monstera Deliciosa.'" }) message!: string;
}

@ObjectType({ simpleResolvers: true })
export class MonthFigures {
  @Field(() => String, { description: "The month's English name, e.g. September." }) month!: string;
  @Field(() => String, { description: "The month as YYYY-MM." }) yearMonth!: string;
  @Field(() => Int) newUsers!: number;
  @Field(() => MoneyScalar, { description: "The month's orders' totals, after promotions, tax included." }) revenue!: number;
  @Field(() => MoneyScalar, { description: "Taken off by promotions in the month." }) discounts!: number;
  @Field(() => MoneyScalar, { description: "Tax charged in the month." }) tax!: number;
  @Field(() => Int) newOrders!: number;
}

@ObjectType({ simpleResolvers: true, description: "The dashboard's figures. Growth is this month against last month, in whole percent." })
export class AnalyticsSummary {
  @Field(() => Int) totalUsers!: number;
  @Field(() => Int) userGrowthPercentage!: number;
  @Field(() => MoneyScalar, { description: "Every order's total: after promotions, tax included." }) totalRevenue!: number;
  @Field(() => MoneyScalar, { description: "Taken off by promotions over every order (items and delivery)." }) totalDiscounts!: number;
  @Field(() => MoneyScalar, { description: "Tax charged over every order: totalRevenue - totalTax is the revenue net of tax." }) totalTax!: number;
  @Field(() => Int) revenueChangePercentage!: number;
  @Field(() => Int) totalOrders!: number;
  @Field(() => Int) orderGrowthPercentage!: number;
  @Field(() => [MonthFigures], { description: "The current month and the two before it, oldest first." })
  lastThreeMonths!: MonthFigures[];
}

@ObjectType({ simpleResolvers: true })
export class TopProduct {
  @Field(() => Int) id!: number;
  @Field(() => String) slug!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { description: "The category's name." }) category!: string;
  /** The picture's ref (see pictures.resolver.ts). */
  imageOne!: string;
  @Field(() => Int) purchasedQuantity!: number;
  @Field(() => [TopProductVariant], { description: "The quantity by the variant bought (its SKU when bought), most first." })
  variants!: TopProductVariant[];
}

@ObjectType({ simpleResolvers: true, description: "A top product's sales of one variant." })
export class TopProductVariant {
  @Field(() => String, { description: "The SKU when bought (empty for lines bought before SKUs existed)." }) sku!: string;
  @Field(() => [VariantOption]) options!: VariantOption[];
  @Field(() => Int) purchasedQuantity!: number;
}

// ---- row -> object type ----------------------------------------------------------------------------
// Money stays in cents here: the Money scalar turns it into dollars on the wire.

export const viewCategory = (row: CategoryRow): Category => ({ id: row.id, name: row.name, createdAt: row.createdAt });

export const viewRegion = (row: RegionRow): Region => ({ id: row.id, name: row.name, fee: row.feeCents, createdAt: row.createdAt });

export function viewProduct(row: ProductWithCategory): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: viewCategory(row.category),
    price: row.priceCents,
    discountPrice: row.discountPriceCents,
    unitPrice: unitPriceCents(row),
    quantity: row.quantity,
    totalQuantity: row.stockTotal,
    variantCount: row.variantCount,
    unitPriceMin: row.unitPriceMinCents,
    unitPriceMax: row.unitPriceMaxCents,
    imageOne: row.imageOne,
    imageTwo: row.imageTwo,
    rating: row.ratingSum,
    peopleRated: row.peopleRated,
    averageRating: averageRating(row),
    createdAt: row.createdAt,
  };
}

export const viewPayment = (payment: OrderPaymentRow): OrderPaymentView => ({
  provider: payment.provider,
  state: payment.state,
  url: payment.state === "open" && payment.url ? payment.url : null,
  expiresAt: payment.expiresAt,
  paidAt: payment.paidAt,
  sessionId: payment.sessionId,
  paymentIntentId: payment.paymentIntentId,
  problem: payment.problem,
});

export function viewOrder(row: OrderWithLines): Order {
  const price = priceOfPlacedOrder(row);
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    reference: row.reference,
    // The enum's values are the status names the order room speaks.
    status: row.status as OrderStatus,
    lines: price.lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      variantId: line.variantId,
      sku: line.sku,
      options: storedOptions(line.options),
      slug: line.slug,
      name: line.name,
      description: line.description,
      category: line.categoryName,
      price: line.priceCents,
      discountPrice: line.discountPriceCents,
      unitPrice: line.unitPriceCents,
      quantity: line.quantity,
      lineTotal: line.lineCents,
      discount: line.discountCents,
      tax: line.taxCents,
      taxRate: ratePercent(line.taxRatePpm),
      imageOne: line.imageOne,
      imageTwo: line.imageTwo,
    })),
    totalItems: price.totalQuantity,
    subtotal: row.subtotalCents,
    deliveryFee: row.deliveryFeeCents,
    ...viewPriceParts(price),
    total: row.totalCents,
    refunded: row.refundedCents,
    paymentStatus: paymentStatusOf(row) as PaymentStatus,
    refunds: row.refunds.map((refund) => ({
      id: refund.id,
      amount: refund.amountCents,
      reason: refund.reason,
      state: refund.state,
      lines: (refund.lines as unknown as { lineId: number; quantity: number; amountCents: number }[]).map((line) => ({ lineId: line.lineId, quantity: line.quantity, amount: line.amountCents })),
      createdAt: refund.createdAt,
    })),
    payment: row.payment && viewPayment(row.payment),
    region: row.regionName,
    userEmail: row.userEmail,
    userPhone: row.userPhone,
    userAddress: row.userAddress,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export const viewUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role as Role,
  staffRole: (row.staffRole as StaffRole | null) ?? null,
  abilities: [...abilitiesOf({ role: row.role, staffRole: row.staffRole as StaffRoleName | null })],
  address: row.address,
  phone: row.phone,
  createdAt: row.createdAt,
});

/** A rate in parts per million as the API gives it: percent (200,000 ppm = 20, 88,750 ppm = 8.875). */
export const ratePercent = (ratePpm: number): number => ratePpm / 10_000;

/** The promotions and tax of a quote or a placed order, as both types show them. */
export function viewPriceParts(price: Pick<OrderQuote, "discountCents" | "deliveryDiscountCents" | "taxCents" | "pricesIncludeTax" | "taxLines" | "promotions">) {
  return {
    discountTotal: price.discountCents,
    deliveryDiscount: price.deliveryDiscountCents,
    taxTotal: price.taxCents,
    pricesIncludeTax: price.pricesIncludeTax,
    taxLines: price.taxLines.map((line) => ({ name: line.name, rate: ratePercent(line.ratePpm), net: line.netCents, tax: line.taxCents })),
    promotions: price.promotions.map((promotion) => ({
      name: promotion.name,
      code: promotion.code,
      amount: promotion.amountCents,
      itemsAmount: promotion.itemsCents,
      deliveryAmount: promotion.deliveryCents,
    })),
  };
}
