// The order room's service, as the adapters hold it: the order pipeline from the cart check (cart.ts) and
// checkout (checkout.ts, priced by pricing.ts) to status changes (status.ts), history (history.ts) and
// live following (follow.ts). Each method hands over to the module that owns the rule.
import type { OrderPayment, PrismaClient } from "../../generated/prisma/client.js";
import { addressKey, type Attempt, type Limit, type Throttle } from "../accounts/index.js";
import { acceptsCodes, CODE_MESSAGES, normalCode, type PromotionAdmin } from "../promotions/index.js";
import { simulatedPayments, type PaymentProvider } from "../payments/index.js";
import { conflict, parseId, prismaReader, received, requireAdmin, requireUser, ShopError, type Deferred, type EventBus, type OrderStatusName, type RowReader, type Viewer } from "../shared/index.js";
import { checkCart, previewCart, quoteCart, type CartCheckResult, type CartLineInput, type CartQuote, type ProductLineRule } from "./cart.js";
import { placeOrder, type PlaceOrderInput } from "./checkout.js";
import { KeptPricingTerms } from "./pricing-terms.js";
import { forEvent, placedFollower, statusFollower, type OrderEvent } from "./follow.js";
import { OrderHistory } from "./history.js";
import type { OrderWithLines } from "./records.js";
import { DEFAULT_PAYMENT_SETTINGS, OrderPayments, type PaymentLog, type PaymentSettings, type Settled } from "./payments.js";
import { Refunds, type RefundInput } from "./refunds.js";
import { cancelOwnOrder, changeStatus, type Moved } from "./status.js";

/**
 * Codes that do not exist, per address and per signed-in shopper: a guesser trying codes is stopped, a
 * shopper mistyping one is not (a code that exists is never counted, whatever its state).
 */
export const WRONG_CODE_LIMITS = { address: { attempts: 10, seconds: 15 * 60 }, user: { attempts: 10, seconds: 15 * 60 } } as const satisfies Record<string, Limit>;
/**
 * Markers kept for a window per asker (address or shopper) and code: "known", a code the asker was told
 * exists; "seen", a code that does not exist, already counted against the asker.
 */
function codeMarkers(kind: "known" | "seen", askers: readonly string[], codes: readonly string[]): Map<string, Limit> {
  const markers = new Map<string, Limit>();
  for (const asker of askers) for (const code of codes) markers.set(`promotion-code:${kind}:${asker}:${code}`, { attempts: 1, seconds: WRONG_CODE_LIMITS.address.seconds });
  return markers;
}
const tooManyWrongCodes = (wait: string) => `Too many codes that do not exist. Please wait ${wait} before trying another.`;

/** The REST shim's answer to a checkout while shoppers pay on the provider's page. */
export const PAYS_ONLINE = "This shop takes payment online: use the storefront.";

export class OrderService extends OrderHistory {
  constructor(
    prisma: PrismaClient,
    private readonly events: EventBus,
    private readonly throttle?: Throttle,
    /** The cart's and pricing's reads (see RowReader): on every quote, so not through Prisma. */
    private readonly readRows: RowReader = prismaReader(prisma),
    /** Who takes and gives back the money (domain/payments): the spec's simulation unless configured. */
    payments: PaymentProvider = simulatedPayments,
    /** With a provider whose shoppers pay on its page: how long stock is held, and the shop's address. */
    paymentSettings: PaymentSettings = { ...DEFAULT_PAYMENT_SETTINGS, shopUrl: () => "http://localhost" },
    log?: PaymentLog,
  ) {
    super(prisma);
    this.refunds = new Refunds(prisma, payments);
    this.payments = new OrderPayments(prisma, events, payments, this.refunds, paymentSettings, log);
  }

  private readonly refunds: Refunds;
  /** Payments taken on the provider's page after checkout (payments.ts). */
  readonly payments: OrderPayments;

  /** This process's copy of what every cart is priced with besides its lines (pricing-terms.ts). */
  readonly pricingTerms = new KeptPricingTerms();

  /** Checks a cart against today's stock and prices before checkout (signed-in shoppers). */
  checkCart(viewer: Viewer | null, lines: Deferred<CartLineInput[]>, rule?: ProductLineRule): Promise<CartCheckResult> {
    return checkCart(this.readRows, viewer, lines, rule);
  }

  /**
   * The server's figures for a cart and a delivery region, for anyone, with the promotion codes entered.
   * Codes that do not exist count against WRONG_CODE_LIMITS, each distinct one once a window (a cart
   * quoted again and again with a mistyped code from a shared link is one wrong try, not one per quote):
   * the try is counted first (a burst of parallel guesses cannot pass the limit) and taken back when
   * every code exists or was already counted. Over the limit, the cart is still priced, without its
   * codes, each answered with the wait (`failWhenThrottled`: TOO_MANY_REQUESTS instead, for applyCode).
   * A cart quoted again with codes this address (and shopper) was already told exist in this window is
   * neither counted nor held up: its answer tells nothing new, and a cart is quoted on every change of it.
   */
  async quoteCart(
    lines: unknown,
    regionId?: unknown,
    codes?: unknown,
    asker: { viewer?: Viewer | null; clientAddress?: string | null; failWhenThrottled?: boolean } = {},
  ): Promise<CartQuote> {
    const given = [...new Set((Array.isArray(codes) ? codes : [codes]).filter((code): code is string => typeof code === "string" && code.trim() !== "").map(normalCode))];
    const keys = new Map<string, Limit>();
    const address = addressKey(asker.clientAddress);
    const person = asker.viewer && !asker.viewer.apiKey ? `user:${asker.viewer.userId}` : null;
    if (given.length && address) keys.set(`promotion-code:address:${address}`, WRONG_CODE_LIMITS.address);
    if (given.length && person) keys.set(`promotion-code:${person}`, WRONG_CODE_LIMITS.user);
    const askers = [address, person].filter((one): one is string => one !== null);
    const customer = person ? { userId: asker.viewer!.userId } : null;
    const pricing = () => quoteCart(this.readRows, this.pricingTerms, lines, regionId, codes, customer);
    if (!this.throttle || !keys.size) return pricing();
    // Priced while the codes are looked up for this asker; the answer is given only once the try is counted.
    const [known, priced] = await Promise.all([
      this.knownToAsker(given, askers),
      pricing().then(
        (quote) => ({ quote }),
        (error: unknown) => ({ error }),
      ),
    ]);
    let attempt: Attempt | null = null;
    if (!known) {
      try {
        attempt = await this.throttle.enter(keys, tooManyWrongCodes);
      } catch (error) {
        if (asker.failWhenThrottled || !(error instanceof ShopError) || error.code !== "TOO_MANY_REQUESTS") throw error;
        const unpriced = await quoteCart(this.readRows, this.pricingTerms, lines, regionId, [], null);
        return { ...unpriced, codes: given.map((code) => ({ code, applied: false, message: error.message })) };
      }
    }
    if ("error" in priced) {
      await attempt?.takeBack();
      throw priced.error;
    }
    if (attempt && !(await this.anyNewWrongCode(priced.quote, askers))) await attempt.takeBack();
    if (attempt) await this.markKnown(priced.quote, askers);
    return priced.quote;
  }

  /** Whether every one of these askers (address, shopper) was told in this window that every one of these codes exists. */
  private async knownToAsker(codes: string[], askers: string[]): Promise<boolean> {
    const markers = [...codeMarkers("known", askers, codes).keys()];
    return (await this.throttle!.held(markers)).size === markers.length;
  }

  /** Remembers, for this window, that these askers were told the quote's existing codes exist (see quoteCart). */
  private async markKnown(quote: CartQuote, askers: string[]): Promise<void> {
    const known = quote.codes.filter((code) => code.message !== CODE_MESSAGES.unknown).map((code) => code.code);
    if (known.length) await this.throttle!.count(codeMarkers("known", askers, known));
  }

  /** Whether the quote holds a code that does not exist and was not counted for this address or person in this window. */
  private async anyNewWrongCode(quote: CartQuote, askers: string[]): Promise<boolean> {
    const wrong = quote.codes.filter((code) => code.message === CODE_MESSAGES.unknown).map((code) => code.code);
    if (!wrong.length || !this.throttle) return false;
    // A marker counted for the first time in its window is a code not seen before.
    const counted = await this.throttle.count(codeMarkers("seen", askers, wrong));
    return counted.freshKeys().length > 0;
  }

  /** The back office's preview of a promotion (checked as the editor would save it) on a sample cart. */
  async previewPromotion(viewer: Viewer | null, given: unknown, lines: unknown, regionId: unknown, promotions: PromotionAdmin): Promise<CartQuote> {
    const rule = await promotions.previewRule(viewer, given);
    return previewCart(this.readRows, this.pricingTerms, lines, regionId, rule);
  }

  /** Whether the cart should offer a code field: some code promotion is neither paused nor ended. */
  acceptsPromotionCodes(): Promise<boolean> {
    return acceptsCodes(this.prisma, new Date());
  }

  /**
   * Places an order (checkout.ts). With a provider whose shoppers pay on its page, the order awaits payment
   * and comes back with its payment page (payments.ts), or without one when the provider failed (payFor).
   */
  async placeOrder(viewer: Viewer | null, given: Deferred<PlaceOrderInput>): Promise<OrderWithLines> {
    const order = await placeOrder(this.prisma, this.events, viewer, given, this.pricingTerms, this.readRows, this.payments.paysOutside);
    return this.payments.afterPlacing(order);
  }

  /**
   * Checkout for a client with no payment step (the REST shim's older clients): refused while shoppers pay on
   * the provider's page, since such an order could never be paid from there.
   */
  async placeOrderWithoutPaymentStep(viewer: Viewer | null, given: Deferred<PlaceOrderInput>): Promise<OrderWithLines> {
    if (this.payments.paysOutside) throw conflict(PAYS_ONLINE);
    return this.placeOrder(viewer, given);
  }

  /** The payment page of the viewer's own order awaiting payment (payments.ts). */
  payFor(viewer: Viewer | null, orderId: unknown): Promise<OrderPayment> {
    return this.payments.payFor(viewer, orderId);
  }

  /** Asks the provider where an order's payment stands, and acts on it (the shopper's return from the payment page). */
  confirmPayment(viewer: Viewer | null, orderId: unknown): Promise<OrderWithLines> {
    return this.payments.confirm(viewer, orderId);
  }

  /** An event the payment provider posted (raw body and signature); see payments.ts. */
  paymentEvent(rawBody: Buffer, signature: string | undefined): Promise<Settled> {
    return this.payments.handleEvent(rawBody, signature);
  }

  /** A round of the payment sweeper (payments.ts): every process runs it while shoppers pay on the provider's page. */
  sweepPayments(now?: Date): Promise<Record<Settled, number>> {
    return this.payments.sweep(now);
  }

  /** Sets an order's status (admin), as the status table allows. Cancelling an order awaiting payment stops its payment page first. */
  async updateStatus(viewer: Viewer | null, orderId: unknown, given: Deferred<OrderStatusName>): Promise<OrderWithLines> {
    const status = await received(given);
    const id = parseId(orderId);
    if (status === "cancelled" && id !== null) {
      requireAdmin(viewer, "orders:write");
      await this.payments.stopBeforeCancelling(id);
    }
    // The back office's cancellation refunds what is left on the admin's (or key's) behalf, entered as theirs.
    return this.settle(await changeStatus(this.prisma, this.events, viewer, orderId, status), viewer!, true);
  }

  /** A shopper cancels their own order while it awaits payment or is pending (status.ts); what it paid is refunded. */
  async cancelOwnOrder(viewer: Viewer | null, orderId: unknown): Promise<OrderWithLines> {
    const { userId } = requireUser(viewer);
    const id = parseId(orderId);
    const owner = id === null ? null : await this.prisma.order.findUnique({ where: { id }, select: { userId: true } });
    if (id !== null && owner?.userId === userId) await this.payments.stopBeforeCancelling(id);
    return this.settle(await cancelOwnOrder(this.prisma, this.events, viewer, orderId), viewer!, false);
  }

  /** Gives back part or all of an order's payment (admins): refunds.ts. */
  refund(viewer: Viewer | null, orderId: unknown, given: Deferred<RefundInput>): Promise<OrderWithLines> {
    return this.refunds.refund(viewer, orderId, given);
  }

  /**
   * After a move that owes one (a cancellation), refunds what is left of the payment through the provider;
   * `byStaff`: the back office's move, whose refund goes in the audit trail (a shopper's own does not).
   */
  private async settle(moved: Moved, by: Viewer, byStaff: boolean): Promise<OrderWithLines> {
    return moved.refundOwed ? this.refunds.refundRest(moved.order.id, by.userId, byStaff ? by : null) : moved.order;
  }

  statusFollower(viewer: Viewer | null, orderNumber?: string | null): Promise<(event: OrderEvent) => boolean> {
    return statusFollower(this.prisma, viewer, orderNumber);
  }

  placedFollower(viewer: Viewer | null): (event: OrderEvent) => boolean {
    return placedFollower(viewer);
  }

  forEvent(viewer: Viewer | null, event: OrderEvent): Promise<OrderWithLines | null> {
    return forEvent(this.prisma, viewer, event);
  }
}
