// The shop's services, wired once over one Prisma client. Adapters (GraphQL, REST) receive this object.
import type { PrismaClient } from "../generated/prisma/client.js";
import { AccountService } from "./accounts/accounts.js";
import { ApiKeyService } from "./integrations/api-keys.js";
import { AnalyticsService } from "./analytics/analytics.js";
import { CatalogService } from "./catalog/products.js";
import { SearchService } from "./search/service.js";
import { ProductIndex } from "./search/product-index.js";
import { CategoryService } from "./catalog/categories.js";
import { EmailService } from "./messaging/email-log.js";
import type { EventBus } from "./shared/shop-events.js";
import { FavouriteService } from "./catalog/favourites.js";
import type { PictureEncoder } from "./images/processing.js";
import type { WorkerLog } from "./images/renditions-worker.js";
import { ImageService } from "./images/service.js";
import type { ImageStore } from "./images/store.js";
import { OrderService } from "./orders/service.js";
import { PasswordResetService } from "./accounts/password-reset.js";
import { prismaReader, type RowReader } from "./shared/paging.js";
import { RatingService } from "./catalog/ratings.js";
import { RegionService } from "./regions/regions.js";
import { Throttle } from "./accounts/throttle.js";
import { TokenService } from "./accounts/tokens.js";
import type { WebhookSafety } from "./integrations/webhook-addresses.js";
import { WebhookService } from "./integrations/webhook-endpoints.js";

export interface ShopOptions {
  jwtSecret: string;
  tokenTtlSeconds: number;
  /** Where product pictures are stored (a folder or an S3 bucket, see server/src/storage/). */
  imageStore: ImageStore;
  /** Where background renditions are encoded; this process when not given (tests). */
  imageEncoder?: PictureEncoder;
  /** Where the background renditions worker reports. */
  log?: WorkerLog;
  /** Where services announce what happened (orders placed and moved, sessions ended). */
  events: EventBus;
  /** Runs the catalogue's hot read queries; the Prisma client's $queryRaw when not given. */
  readRows?: RowReader;
  /** Runs search's queries (its own small pool with a statement timeout on PostgreSQL); readRows when not given. */
  searchRows?: RowReader;
  /** Searches one process runs at once before answering "busy" (DEFAULT_MAX_SEARCHES_IN_FLIGHT). */
  maxSearchesInFlight?: number;
  /** Which webhook URLs may be registered: https and public addresses only when not given. */
  webhookSafety?: WebhookSafety;
  /**
   * Keep the catalogue's search index in this process (domain/search/product-index.ts; SEARCH_INDEX): the
   * shop's processes do; tests ask for it where they measure it, the others search in SQL.
   */
  searchIndex?: boolean;
}

/** The strict rule of production: https URLs whose hosts resolve to public addresses only. */
export const STRICT_WEBHOOK_SAFETY: WebhookSafety = { allowHttp: false, allowPrivateAddresses: false };

export interface Shop {
  prisma: PrismaClient;
  events: EventBus;
  images: ImageService;
  tokens: TokenService;
  throttle: Throttle;
  accounts: AccountService;
  catalog: CatalogService;
  /** Issue 17: product search (matching, ranking, suggestions as you type, did you mean). */
  search: SearchService;
  categories: CategoryService;
  regions: RegionService;
  ratings: RatingService;
  favourites: FavouriteService;
  orders: OrderService;
  analytics: AnalyticsService;
  apiKeys: ApiKeyService;
  webhooks: WebhookService;
  /** Issue 23: the log of emails to shoppers, and password reset by email. */
  emails: EmailService;
  passwordResets: PasswordResetService;
}

export function createShop(prisma: PrismaClient, options: ShopOptions): Shop {
  const images = new ImageService(prisma, options.imageStore, { encoder: options.imageEncoder, log: options.log });
  const apiKeys = new ApiKeyService(prisma, options.events);
  const tokens = new TokenService(prisma, options.events, options.jwtSecret, options.tokenTtlSeconds, apiKeys);
  const throttle = new Throttle(prisma);
  const readRows = options.readRows ?? prismaReader(prisma);
  const passwordResets = new PasswordResetService(prisma, tokens, throttle, options.jwtSecret);
  const index = options.searchIndex
    ? new ProductIndex(readRows, options.events, { onError: (message, error) => options.log?.error({ err: error }, message) })
    : undefined;
  const search = new SearchService(options.searchRows ?? readRows, { maxInFlight: options.maxSearchesInFlight, index, pageRows: readRows }, options.events);
  return {
    prisma,
    events: options.events,
    images,
    tokens,
    throttle,
    accounts: new AccountService(prisma, tokens, throttle),
    catalog: new CatalogService(prisma, images, readRows, search),
    search,
    categories: new CategoryService(prisma, readRows),
    regions: new RegionService(prisma),
    ratings: new RatingService(prisma),
    favourites: new FavouriteService(prisma),
    orders: new OrderService(prisma, options.events),
    analytics: new AnalyticsService(prisma),
    apiKeys,
    webhooks: new WebhookService(prisma, options.webhookSafety ?? STRICT_WEBHOOK_SAFETY),
    emails: new EmailService(prisma, (resetId) => passwordResets.linkToken(resetId)),
    passwordResets,
  };
}
