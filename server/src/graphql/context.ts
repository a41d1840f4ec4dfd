import DataLoader from "dataloader";
import type { Logger } from "pino";
import { ShopError, type Page, type Viewer } from "../domain/shared/index.js";
import type { ImageRecord } from "../domain/images/index.js";
import type { ProductVariants } from "../domain/catalog/index.js";
import type { OrderWithLines } from "../domain/orders/index.js";
import type { Shop } from "../domain/shop.js";

export interface GraphQLContext {
  shop: Shop;
  /** The signed-in user, or null for a guest (or a token that is missing, expired, forged or whose session ended). */
  viewer: Viewer | null;
  /** The caller's IP address (Express's req.ip), for throttling sign-in and sign-up; null when unknown. */
  clientAddress: string | null;
  /** The request's logger (with its request id), when served over HTTP. */
  log?: Logger;
  /** Batch loaders that live exactly as long as this request, so nothing is cached across viewers. */
  loaders: RequestLoaders;
}

/** The page of a user's orders a `User.orders` field asks for. */
export interface OrdersPageArgs {
  first: number | null;
  after: string | null;
}

/**
 * The loaders of one request. A list of users each asking for `orders` becomes one query per distinct
 * (first, after): DataLoader gathers the users asked for in the same tick and hands them over together.
 */
export class RequestLoaders {
  private readonly userOrderPages = new Map<string, DataLoader<number, Page<OrderWithLines>>>();
  /** The rows of stored pictures by ref (null: none yet), for pictures not read with their product. */
  readonly pictures: DataLoader<string, ImageRecord | null>;
  /** The options and variants of products by id: a list asking for them reads them in one go. */
  readonly variants: DataLoader<number, ProductVariants>;

  constructor(
    private readonly shop: Shop,
    private readonly viewer: Viewer | null,
  ) {
    this.pictures = new DataLoader(async (refs) => {
      const records = await shop.images.records(refs);
      return refs.map((ref) => records.get(ref) ?? null);
    });
    // `shop` is the shop as this viewer reads the catalogue (Shop.readingFor): an admin's variants on the primary.
    this.variants = new DataLoader(async (productIds) => {
      const found = await shop.catalog.variants(productIds);
      return productIds.map((id) => found.get(id) ?? { options: [], variants: [] });
    });
  }

  userOrders(args: OrdersPageArgs): DataLoader<number, Page<OrderWithLines>> {
    const key = JSON.stringify([args.first, args.after]);
    let loader = this.userOrderPages.get(key);
    if (!loader) {
      loader = new DataLoader(async (userIds) => {
        try {
          const pages = await this.shop.orders.pagesForUsers(this.viewer, userIds, args);
          return userIds.map((id) => pages.get(id)!);
        } catch (error) {
          if (!(error instanceof ShopError) || userIds.length === 1) throw error;
          // The domain refuses a batch holding a user the viewer may not see: asked one by one, only that
          // user's field fails (DataLoader rejects just the keys answered with an error).
          return Promise.all(
            userIds.map((id) => this.shop.orders.pagesForUsers(this.viewer, [id], args).then((pages) => pages.get(id)!, (refusal: Error) => refusal)),
          );
        }
      });
      this.userOrderPages.set(key, loader);
    }
    return loader;
  }
}

/** The context of one GraphQL operation (a request over HTTP, or a subscription over WebSocket). */
export function createGraphQLContext(
  shop: Shop,
  viewer: Viewer | null,
  clientAddress: string | null,
  log?: Logger,
): GraphQLContext {
  // The viewer carries the request's address into the audit trail (a copy: a key's viewer may be shared).
  const acting = viewer && { ...viewer, from: clientAddress };
  // The catalogue as this viewer reads it: an admin's on the primary, a shopper's or guest's perhaps on a read replica.
  const reading = shop.readingFor(acting);
  return { shop: reading, viewer: acting, clientAddress, ...(log ? { log } : {}), loaders: new RequestLoaders(reading, acting) };
}
