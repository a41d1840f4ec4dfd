// The order room's service, as the adapters hold it: the order pipeline from the cart check (cart.ts) and
// checkout (checkout.ts, priced by pricing.ts) to status changes (status.ts), history (history.ts) and
// live following (follow.ts). Each method hands over to the module that owns the rule.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { addressKey, type Attempt, type Limit, type Throttle } from "../accounts/index.js";
import { acceptsCodes, CODE_MESSAGES, normalCode, type PromotionAdmin } from "../promotions/index.js";
import { prismaReader, ShopError, type Deferred, type EventBus, type OrderStatusName, type RowReader, type Viewer } from "../shared/index.js";
import { checkCart, previewCart, quoteCart, type CartCheckResult, type CartLineInput, type CartQuote, type ProductLineRule } from "./cart.js";
import { placeOrder, type PlaceOrderInput } from "./checkout.js";
import { forEvent, placedFollower, statusFollower, type OrderEvent } from "./follow.js";
import { OrderHistory } from "./history.js";
import type { OrderWithLines } from "./records.js";
import { changeStatus } from "./status.js";

/**
 * Codes that do not exist, per address and per signed-in shopper: a guesser trying codes is stopped, a
 * shopper mistyping one is not (a code that exists is never counted, whatever its state).
 */
export const WRONG_CODE_LIMITS = { address: { attempts: 10, seconds: 15 * 60 }, user: { attempts: 10, seconds: 15 * 60 } } as const satisfies Record<string, Limit>;
const tooManyWrongCodes = (wait: string) => `Too many codes that do not exist. Please wait ${wait} before trying another.`;

export class OrderService extends OrderHistory {
  constructor(
    prisma: PrismaClient,
    private readonly events: EventBus,
    private readonly throttle?: Throttle,
    /** The cart's and pricing's reads (see RowReader): on every quote, so not through Prisma. */
    private readonly readRows: RowReader = prismaReader(prisma),
  ) {
    super(prisma);
  }

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
   */
  async quoteCart(
    lines: unknown,
    regionId?: unknown,
    codes?: unknown,
    asker: { viewer?: Viewer | null; clientAddress?: string | null; failWhenThrottled?: boolean } = {},
  ): Promise<CartQuote> {
    const given = (Array.isArray(codes) ? codes : [codes]).filter((code): code is string => typeof code === "string" && code.trim() !== "");
    const keys = new Map<string, Limit>();
    const address = addressKey(asker.clientAddress);
    const person = asker.viewer && !asker.viewer.apiKey ? `user:${asker.viewer.userId}` : null;
    if (given.length && address) keys.set(`promotion-code:address:${address}`, WRONG_CODE_LIMITS.address);
    if (given.length && person) keys.set(`promotion-code:${person}`, WRONG_CODE_LIMITS.user);
    let attempt: Attempt | null = null;
    if (this.throttle && keys.size) {
      try {
        attempt = await this.throttle.enter(keys, tooManyWrongCodes);
      } catch (error) {
        if (asker.failWhenThrottled || !(error instanceof ShopError) || error.code !== "TOO_MANY_REQUESTS") throw error;
        const unpriced = await quoteCart(this.readRows, lines, regionId, [], null);
        return { ...unpriced, codes: [...new Set(given.map(normalCode))].map((code) => ({ code, applied: false, message: error.message })) };
      }
    }
    const customer = person ? await this.customerOf(asker.viewer!.userId) : null;
    try {
      const quote = await quoteCart(this.readRows, lines, regionId, codes, customer);
      if (attempt && !(await this.anyNewWrongCode(quote, [address, person]))) await attempt.takeBack();
      return quote;
    } catch (error) {
      await attempt?.takeBack();
      throw error;
    }
  }

  /** Whether the quote holds a code that does not exist and was not counted for this address or person in this window. */
  private async anyNewWrongCode(quote: CartQuote, askers: (string | null)[]): Promise<boolean> {
    const wrong = quote.codes.filter((code) => code.message === CODE_MESSAGES.unknown).map((code) => code.code);
    if (!wrong.length || !this.throttle) return false;
    const markers = new Map<string, Limit>();
    for (const asker of askers) for (const code of wrong) if (asker) markers.set(`promotion-code:seen:${asker}:${code}`, { attempts: 1, seconds: WRONG_CODE_LIMITS.address.seconds });
    // A marker counted for the first time in its window is a code not seen before.
    const counted = await this.throttle.count(markers);
    return counted.freshKeys().length > 0;
  }

  /** The back office's preview of a promotion (checked as the editor would save it) on a sample cart. */
  async previewPromotion(viewer: Viewer | null, given: unknown, lines: unknown, regionId: unknown, promotions: PromotionAdmin): Promise<CartQuote> {
    const rule = await promotions.previewRule(viewer, given);
    return previewCart(this.readRows, lines, regionId, rule);
  }

  /** Whether the cart should offer a code field: some code promotion is neither paused nor ended. */
  acceptsPromotionCodes(): Promise<boolean> {
    return acceptsCodes(this.prisma, new Date());
  }

  /** A signed-in shopper's e-mail as promotions count customers (lower case). */
  private async customerOf(userId: number): Promise<string | null> {
    const user = await this.prisma.user.findUnique({ where: { id: userId }, select: { email: true } });
    return user?.email.toLowerCase() ?? null;
  }

  placeOrder(viewer: Viewer | null, given: Deferred<PlaceOrderInput>): Promise<OrderWithLines> {
    return placeOrder(this.prisma, this.events, viewer, given, this.readRows);
  }

  /** Sets an order's status (admin), as the status table allows. */
  updateStatus(viewer: Viewer | null, orderId: unknown, given: Deferred<OrderStatusName>): Promise<OrderWithLines> {
    return changeStatus(this.prisma, this.events, viewer, orderId, given);
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
