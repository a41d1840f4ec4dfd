// Cart check, checkout, orders and the admin dashboard over GraphQL. Thin: the order and analytics
// services check permissions and inputs; here arguments are handed over and rows mapped to object types.
import { Arg, Ctx, Field, FieldResolver, InputType, Int, Mutation, ObjectType, Query, Resolver, Root } from "type-graphql";
import { AFTER, OrderConnection, PAGE_SIZE, viewConnection, type Connection } from "./connections.js";
import type { GraphQLContext } from "./context.js";
import { MoneyScalar } from "./scalars.js";
import {
  AnalyticsSummary,
  CartCheck,
  CartQuote,
  Order,
  OrderPayload,
  OrderPaymentView,
  OrderStatus,
  PaymentStatus,
  ratePercent,
  TopProduct,
  User,
  viewOrder,
  viewPayment,
  viewPriceParts,
} from "./types.js";
import type { CartQuote as DomainCartQuote } from "../domain/orders/index.js";
import { invalid, seesEveryone } from "../domain/shared/index.js";
import { messages } from "../domain/messages.js";

@InputType({ description: "One line of a cart: which variant (or product) and how many. Prices always come from the server." })
export class CartLineInput {
  @Field(() => Int, {
    nullable: true,
    description: "The product. Enough alone for a product sold in one variant; a product sold in several needs variantId (the answer names the choice to make).",
  })
  productId!: number | null;

  @Field(() => Int, { nullable: true, description: "The variant bought (Product.variants); when productId is sent too, it must be that product's." })
  variantId!: number | null;

  @Field(() => Int, { description: "A whole number of at least 1, at most the units in stock." }) quantity!: number;
}

@InputType({ description: "Units of one line of the order to refund." })
class RefundLineInput {
  @Field(() => Int, { description: "The order line's id (Order.lines.id)." }) lineId!: number;
  @Field(() => Int, { description: "At least 1; at most the units bought less those refunded." }) quantity!: number;
}

@InputType({ description: "What to give back: an amount, or units of lines (not both), and why." })
class RefundInput {
  @Field(() => MoneyScalar, { nullable: true, description: "Dollars; at most what is left of the order's total after its refunds." }) amount?: number | null;
  @Field(() => [RefundLineInput], { nullable: true, description: "Each line's units; a line's amount is what was paid for it (after promotions, with tax added on top) in proportion, its last units taking exactly what is left of it." })
  lines?: RefundLineInput[] | null;
  @Field(() => String, { description: "Why, as the shopper's e-mail and the order's history show it (1 to 500 characters)." }) reason!: string;
}

@InputType()
class PlaceOrderInput {
  @Field(() => [CartLineInput]) lines!: CartLineInput[];
  @Field(() => Int, { description: "The delivery region's id; its fee is added to the order." }) regionId!: number;
  @Field(() => String, {
    nullable: true,
    description:
      "16 characters A-Z 0-9 made by the client. Sending the same checkout again with it returns the same order; the same reference with another cart or region is CONFLICT. Required unless idempotencyKey is given.",
  })
  reference!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Instead of (or besides) reference: any key of 1 to 255 visible ASCII characters (a UUID, say) that makes retrying safe, as the REST Idempotency-Key header does. A key that is itself a reference is that reference.",
  })
  idempotencyKey!: string | null;

  @Field(() => [String], {
    nullable: true,
    description: "Promotion codes (at most 5): each must apply to the order, else BAD_USER_INPUT at `code` with the reason ('This code has been used up.'); the order is never placed without a discount the shopper saw.",
  })
  codes!: string[] | null;

  @Field(() => Int, {
    nullable: true,
    description: "One of the shopper's addresses (myAddresses) to deliver to; the account's contact details (the default address) when not given. Another's: BAD_USER_INPUT at `address`.",
  })
  addressId!: number | null;
}

const CODES = "Promotion codes the shopper entered (at most 5, any case): each is applied or answered with its reason in `codes`.";

/** A cart quote as the API shows it. */
export function viewQuote(quote: DomainCartQuote): CartQuote {
  return {
    lines: quote.lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      sku: line.sku,
      options: line.options,
      quantity: line.quantity,
      unitPrice: line.unitCents,
      lineTotal: line.lineCents,
      discount: line.discountCents,
      tax: line.taxCents,
      taxRate: ratePercent(line.taxRatePpm),
    })),
    totalQuantity: quote.totalQuantity,
    itemsTotal: quote.itemsCents,
    deliveryFee: quote.deliveryCents,
    ...viewPriceParts(quote),
    codes: quote.codes,
    total: quote.totalCents,
    totalBeforePromotions: quote.totalBeforePromotionsCents,
    missingProductIds: quote.missingProductIds,
    choicesToMake: quote.choicesToMake,
  };
}

@ObjectType({ simpleResolvers: true, description: "How the shop takes payment." })
class ShopPayments {
  @Field(() => String, { description: "simulated (the spec's card form: every order is paid when placed) or stripe." }) provider!: string;
  @Field(() => Boolean, { description: "Whether the shopper pays on the provider's page after placing the order (then it starts AWAITING_PAYMENT)." }) paysOutside!: boolean;
  @Field(() => Int, { description: "How long an order awaiting payment holds its items, in minutes." }) holdMinutes!: number;
}

@Resolver(() => OrderPaymentView)
class OrderPaymentResolver {
  @FieldResolver(() => String, { nullable: true, description: "The payment's page in the provider's dashboard (admins); null for anyone else or before it is paid." })
  dashboardUrl(@Ctx() { shop, viewer }: GraphQLContext, @Root() payment: OrderPaymentView): string | null {
    return viewer && !viewer.apiKey && seesEveryone(viewer, "orders:read") ? shop.orders.payments.dashboardUrl(payment.paymentIntentId) : null;
  }
}

@Resolver()
class OrderResolver {
  @Query(() => CartCheck, {
    description: "Checks the cart against today's stock and prices before checkout (signed-in users). Reads only.",
  })
  async checkCart(@Ctx() { shop, viewer }: GraphQLContext, @Arg("lines", () => [CartLineInput]) lines: CartLineInput[]): Promise<CartCheck> {
    const checked = await shop.orders.checkCart(viewer, lines);
    return { message: checked.message, totalQuantity: checked.totalQuantity, subtotal: checked.subtotalCents };
  }

  @Query(() => CartQuote, {
    description:
      "The server's figures for a cart, for anyone (guests too): each line at today's price, the items total, the region's delivery fee (none while regionId is left out) and the total, by the rule checkout charges. Prices only: stock is judged by checkCart and placeOrder.",
  })
  async cartQuote(
    @Ctx() { shop, viewer, clientAddress }: GraphQLContext,
    @Arg("lines", () => [CartLineInput]) lines: CartLineInput[],
    @Arg("regionId", () => Int, { nullable: true }) regionId: number | null,
    @Arg("codes", () => [String], { nullable: true, description: CODES }) codes: string[] | null,
  ): Promise<CartQuote> {
    return viewQuote(await shop.orders.quoteCart(lines, regionId, codes ?? [], { viewer, clientAddress }));
  }

  @Query(() => Boolean, { description: "Whether the shop takes promotion codes now (a code promotion neither paused nor ended): the cart shows its code field only then." })
  acceptsPromotionCodes(@Ctx() { shop }: GraphQLContext): Promise<boolean> {
    return shop.orders.acceptsPromotionCodes();
  }

  @Mutation(() => CartQuote, {
    description:
      "Adds a promotion code to a cart: the cart's quote with it (and the codes already applied), or BAD_USER_INPUT at `code` with the reason it does not apply " +
      "('This code has expired.', 'Add $12.00 more to use this code.', ...). Codes that do not exist are throttled per address (TOO_MANY_REQUESTS).",
  })
  async applyCode(
    @Ctx() { shop, viewer, clientAddress }: GraphQLContext,
    @Arg("code", () => String) code: string,
    @Arg("lines", () => [CartLineInput]) lines: CartLineInput[],
    @Arg("regionId", () => Int, { nullable: true }) regionId: number | null,
    @Arg("codes", () => [String], { nullable: true, description: "The codes already applied, kept with the new one." }) codes: string[] | null,
  ): Promise<CartQuote> {
    const quote = await shop.orders.quoteCart(lines, regionId, [...(codes ?? []), code], { viewer, clientAddress, failWhenThrottled: true });
    const outcome = quote.codes.find((one) => one.code === code.trim().toUpperCase());
    if (!outcome) throw invalid({ code: ["Please enter a code."] });
    if (!outcome.applied) throw invalid({ code: [outcome.message!] });
    return viewQuote(quote);
  }

  @Mutation(() => OrderPayload, {
    description: "Places an order: takes the stock and computes every total on the server. Safe to retry with the same reference.",
  })
  async placeOrder(@Ctx() { shop, viewer }: GraphQLContext, @Arg("input", () => PlaceOrderInput) input: PlaceOrderInput): Promise<OrderPayload> {
    const order = await shop.orders.placeOrder(viewer, {
      lines: input.lines,
      region: input.regionId,
      reference: input.reference as string,
      idempotencyKey: input.idempotencyKey,
      codes: input.codes,
      addressId: input.addressId,
    });
    return { message: order.status === "awaiting-payment" ? messages.orderAwaitingPayment : messages.orderPlaced, order: viewOrder(order) };
  }

  @Query(() => ShopPayments, { description: "How the shop takes payment: the storefront shows the card form (simulated) or sends the shopper to the provider's page." })
  shopPayments(@Ctx() { shop }: GraphQLContext): ShopPayments {
    return shop.orders.payments.terms;
  }

  @Mutation(() => OrderPaymentView, {
    description:
      "The payment page of the signed-in shopper's own order AWAITING_PAYMENT (to pay, or to pay again after turning back): `url` is where to send them. Already paid or cancelled: BAD_USER_INPUT at `order`; the provider unreachable: SERVICE_UNAVAILABLE.",
  })
  async payForOrder(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<OrderPaymentView> {
    return viewPayment(await shop.orders.payFor(viewer, id));
  }

  @Mutation(() => OrderPayload, {
    description:
      "Asks the payment provider where the payment of an order AWAITING_PAYMENT stands and acts on it (the shopper's return from the payment page): the order's owner or an admin. The order as it is then.",
  })
  async confirmPayment(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<OrderPayload> {
    const order = await shop.orders.confirmPayment(viewer, id);
    return { message: order.status === "awaiting-payment" ? messages.paymentAwaited : messages.paymentReceived, order: viewOrder(order) };
  }

  @Query(() => OrderConnection, { description: "The signed-in user's orders, newest first." })
  async myOrders(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("first", () => Int, { nullable: true, defaultValue: 20, description: PAGE_SIZE }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: AFTER }) after: string | null,
  ): Promise<Connection<Order>> {
    return viewConnection(OrderConnection, await shop.orders.pageMine(viewer, { first, after }), viewOrder);
  }

  @Query(() => Order, { description: "One order, for its owner or an admin; anyone else hears NOT_FOUND, as for a missing one." })
  async order(@Ctx() { shop, viewer }: GraphQLContext, @Arg("orderNumber", () => String) orderNumber: string): Promise<Order> {
    return viewOrder(await shop.orders.byNumber(viewer, orderNumber));
  }

  @Query(() => OrderConnection, { description: "Every order, newest first (admins). search: part of an order number or reference, any case." })
  async orders(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("first", () => Int, { nullable: true, defaultValue: 20, description: PAGE_SIZE }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: AFTER }) after: string | null,
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Arg("status", () => OrderStatus, { nullable: true }) status: OrderStatus | null,
    @Arg("paymentStatus", () => PaymentStatus, { nullable: true, description: "Only orders that stand so with their payment." }) paymentStatus: PaymentStatus | null,
  ): Promise<Connection<Order>> {
    return viewConnection(OrderConnection, await shop.orders.pageAll(viewer, { first, after, search, status, paymentStatus }), viewOrder);
  }

  @Query(() => OrderConnection, { description: "One user's orders, newest first: the user themself or an admin." })
  async userOrders(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("userId", () => Int) userId: number,
    @Arg("first", () => Int, { nullable: true, defaultValue: 20, description: PAGE_SIZE }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: AFTER }) after: string | null,
  ): Promise<Connection<Order>> {
    return viewConnection(OrderConnection, await shop.orders.pageForUser(viewer, userId, { first, after }), viewOrder);
  }

  @Mutation(() => OrderPayload, {
    description:
      "A shopper cancels their own order while it is PENDING: its stock and promotion uses are given back, the shopper is e-mailed and webhooks hear order.cancelled. Later: BAD_USER_INPUT at `order`.",
  })
  async cancelMyOrder(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<OrderPayload> {
    const order = await shop.orders.cancelOwnOrder(viewer, id);
    return { message: messages.orderCancelled, order: viewOrder(order) };
  }

  @Mutation(() => OrderPayload, {
    description:
      "Gives back part or all of an order's payment through the payment provider (admins, keys with orders:write): never more than was paid, each refund a row with its reason. The shopper is e-mailed; webhooks hear order.refunded.",
  })
  async refundOrder(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number, @Arg("input", () => RefundInput) input: RefundInput): Promise<OrderPayload> {
    const order = await shop.orders.refund(viewer, id, { amount: input.amount ?? undefined, lines: input.lines ?? undefined, reason: input.reason });
    return { message: messages.orderRefunded, order: viewOrder(order) };
  }

  @Mutation(() => OrderPayload, {
    description:
      "Sets an order's status (admins). The fulfilment statuses (PENDING, IN_TRANSIT, DELIVERED) may follow one another in any order; PENDING and IN_TRANSIT may become CANCELLED (stock and promotion uses given back), which is final.",
  })
  async updateOrderStatus(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("id", () => Int) id: number,
    @Arg("status", () => OrderStatus) status: OrderStatus,
  ): Promise<OrderPayload> {
    const order = await shop.orders.updateStatus(viewer, id, status);
    return { message: messages.orderStatusUpdated, order: viewOrder(order) };
  }

  @Query(() => AnalyticsSummary, { description: "The dashboard's figures (admins)." })
  async analytics(@Ctx() { shop, viewer }: GraphQLContext): Promise<AnalyticsSummary> {
    return shop.analytics.summary(viewer);
  }

  @Query(() => [TopProduct], { description: "Products by quantity bought across all orders, most first (admins)." })
  async topProducts(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("limit", () => Int, { nullable: true, defaultValue: 10, description: "1 to 100." }) limit: number | null,
  ): Promise<TopProduct[]> {
    return shop.analytics.topProducts(viewer, limit ?? 10);
  }
}

@Resolver(() => User)
class UserOrdersResolver {
  @FieldResolver(() => OrderConnection, { description: "The user's orders, newest first: the user themself or an admin." })
  async orders(
    @Root() user: User,
    @Ctx() context: GraphQLContext,
    @Arg("first", () => Int, { nullable: true, defaultValue: 20, description: PAGE_SIZE }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: AFTER }) after: string | null,
  ): Promise<Connection<Order>> {
    return viewConnection(OrderConnection, await context.loaders.userOrders({ first, after }).load(user.id), viewOrder);
  }
}

export const orderResolvers = [OrderResolver, OrderPaymentResolver, UserOrdersResolver] as const;
