// The orders room: the order pipeline, from the cart to checkout, status changes, history and following.
// Other folders import it only from here.
export { MAX_CART_ITEMS } from "./cart.js";
export type { CartCheckResult, CartLineInput, CartQuote, ProductLineRule, QuotedLine } from "./cart.js";
export type { PlaceOrderInput, RegionChoice } from "./checkout.js";
export type { OrderEvent } from "./follow.js";
export { ORDER_PAGE_SIZE } from "./history.js";
export type { AllOrdersPageOptions, OrderPageOptions } from "./history.js";
export { newOrderNumber, newReference, REFERENCE_PATTERN } from "./order-numbers.js";
export { priceOfPlacedOrder, priceOrder } from "./pricing.js";
export type { StoredOrderPrice } from "./pricing.js";
export { toOrder } from "./records.js";
export { paymentStatusOf } from "./refunds.js";
export type { PaymentStatus, RefundInput } from "./refunds.js";
export type { OrderLine, OrderPayment, OrderWithLines } from "./records.js";
export { OrderService, PAYS_ONLINE } from "./service.js";
export { DEFAULT_PAYMENT_SETTINGS, PAYMENT_MESSAGES, paymentReturnUrls, SHOP_CURRENCY } from "./payments.js";
export type { PaymentLog, PaymentSettings, Settled } from "./payments.js";
export { firstStatus, mayMove, ORDER_STATUSES, STATUS_RULES, TOO_LATE_TO_CANCEL } from "./status.js";
export type { OrderStatusName, StatusEffect, StatusRule } from "./status.js";
