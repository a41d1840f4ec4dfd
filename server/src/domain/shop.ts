// The shop's services, wired once over one Prisma client. Adapters (GraphQL, REST) receive this object.
import type { PrismaClient } from "../generated/prisma/client.js";
import { AccountService, AddressBook, MyData, PasswordResetService, Throttle, TokenService } from "./accounts/index.js";
import { ApiKeyService, WebhookService, type WebhookSafety } from "./integrations/index.js";
import { AnalyticsService } from "./analytics/index.js";
import { ActivityLog } from "./audit/index.js";
import { CatalogService, CategoryService, FavouriteService, RatingService, readsCatalogueFromPrimary, SitemapSource } from "./catalog/index.js";
import { CatalogueExport, CatalogueImports, CataloguePictures } from "./catalogue-transfer/index.js";
import { ProductIndex, SearchService } from "./search/index.js";
import { EmailService } from "./messaging/index.js";
import { prismaReader, type EventBus, type RowReader, type Viewer } from "./shared/index.js";
import { ImageService, type ImageStore, type PictureEncoder, type WorkerLog } from "./images/index.js";
import { OrderService, type PaymentLog, type PaymentSettings } from "./orders/index.js";
import type { PaymentProvider } from "./payments/index.js";
import { RegionService } from "./regions/index.js";
import { PromotionAdmin } from "./promotions/index.js";
import { TaxAdmin } from "./taxes/index.js";

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
  /**
   * The catalogue's reads (product lists and pages, categories, search and its index), which may go to a
   * read replica (db/read-routing.ts decides); readRows, searchRows and the Prisma client when not given.
   * Every other room reads from the primary.
   */
  catalogue?: { prisma: PrismaClient; readRows: RowReader; searchRows: RowReader };
  /** Searches one process runs at once before answering "busy" (DEFAULT_MAX_SEARCHES_IN_FLIGHT). */
  maxSearchesInFlight?: number;
  /** Which webhook URLs may be registered: https and public addresses only when not given. */
  webhookSafety?: WebhookSafety;
  /**
   * Keep the catalogue's search index in this process (domain/search/product-index.ts; SEARCH_INDEX): the
   * shop's processes do; tests ask for it where they measure it, the others search in SQL.
   */
  searchIndex?: boolean;
  /** Who takes the money (domain/payments): the spec's simulation when not given; with a provider whose shoppers pay on its page, its settings. */
  payments?: { provider: PaymentProvider; settings: PaymentSettings; log?: PaymentLog };  /** How long the audit trail keeps an entry (ACTIVITY_RETENTION_DAYS); a year when not given. */
  activityRetentionDays?: number;
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
  /** Customers' delivery addresses. */
  addresses: AddressBook;
  /** A customer's own data: export it, delete the account. */
  myData: MyData;
  catalog: CatalogService;
  /** Product search (matching, ranking, suggestions as you type, did you mean). */
  search: SearchService;
  categories: CategoryService;
  /** The whole catalogue as a CSV file, one row per variant (for staff and keys with catalogue:read). */
  catalogueExport: CatalogueExport;
  /** Catalogue files in: a dry run, then the application in resumable batches (staff and keys with catalogue:write). */
  catalogueImports: CatalogueImports;
  /** Zips of pictures for catalogue imports, stored through the picture pipeline under their file names. */
  cataloguePictures: CataloguePictures;
  regions: RegionService;
  ratings: RatingService;
  favourites: FavouriteService;
  orders: OrderService;
  analytics: AnalyticsService;
  apiKeys: ApiKeyService;
  webhooks: WebhookService;
  /** The log of emails to shoppers, and password reset by email. */
  emails: EmailService;
  passwordResets: PasswordResetService;
  /** The owner's promotions and codes (the back office). */
  promotions: PromotionAdmin;
  /** The owner's tax classes, rates and settings (the back office). */
  taxes: TaxAdmin;
  /** The audit trail: who changed what in the back office. */
  activity: ActivityLog;
  /** What the sitemaps list (every category and product), read as the catalogue is (on a read replica when allowed). */
  sitemaps: SitemapSource;
  /**
   * The shop as this viewer reads the catalogue: an admin's screens read products, categories and variants on
   * the primary (they must show the admin's own write at once, whichever process made it); everyone else
   * reads them as the catalogue is read (Database.catalogue: a read replica when db/read-routing.ts allows).
   * Without read replicas, or for anyone but an admin, this shop itself.
   */
  readingFor(viewer: Viewer | null): Shop;
}

export function createShop(prisma: PrismaClient, options: ShopOptions): Shop {
  // The catalogue's reads (options.catalogue, Database.catalogue) may go to a read replica; without it they are the primary's.
  const cataloguePrisma = options.catalogue?.prisma ?? prisma;
  const images = new ImageService(prisma, options.imageStore, { encoder: options.imageEncoder, log: options.log, events: options.events, catalogue: cataloguePrisma });
  const apiKeys = new ApiKeyService(prisma, options.events);
  const readRows = options.readRows ?? prismaReader(prisma);
  const tokens = new TokenService(prisma, options.events, options.jwtSecret, options.tokenTtlSeconds, apiKeys, readRows);
  const throttle = new Throttle(prisma, readRows);
  const accounts = new AccountService(prisma, tokens, throttle);
  const passwordResets = new PasswordResetService(prisma, tokens, throttle, options.jwtSecret);
  const catalogueRows = options.catalogue?.readRows ?? readRows;
  const index = options.searchIndex
    ? new ProductIndex(catalogueRows, options.events, { onError: (message, error) => options.log?.error({ err: error }, message) })
    : undefined;
  const orders = new OrderService(prisma, options.events, throttle, readRows, options.payments?.provider, options.payments?.settings, options.payments?.log);
  const search = new SearchService(options.catalogue?.searchRows ?? options.searchRows ?? readRows, { maxInFlight: options.maxSearchesInFlight, index, pageRows: catalogueRows }, options.events);
  const catalog = new CatalogService(prisma, images, catalogueRows, search, cataloguePrisma);
  const categories = new CategoryService(cataloguePrisma, catalogueRows);
  // An admin's reads of the catalogue, on the primary (only needed when the catalogue reads elsewhere). Search's
  // own SQL (a page with a search text) stays the catalogue's: its index follows every write by its events.
  const primaryReads = options.catalogue
    ? { catalog: new CatalogService(prisma, images, readRows, search, prisma), categories: new CategoryService(prisma, readRows) }
    : null;
  const shop: Shop = {
    prisma,
    events: options.events,
    images,
    tokens,
    throttle,
    accounts,
    addresses: new AddressBook(prisma),
    myData: new MyData(prisma, tokens, accounts),
    catalog,
    search,
    categories,
    catalogueExport: new CatalogueExport(readRows),
    catalogueImports: new CatalogueImports(prisma, { log: options.log }),
    cataloguePictures: new CataloguePictures(prisma, images, { log: options.log }),
    regions: new RegionService(prisma),
    ratings: new RatingService(prisma),
    favourites: new FavouriteService(prisma),
    orders,
    analytics: new AnalyticsService(prisma, options.events),
    apiKeys,
    webhooks: new WebhookService(prisma, options.webhookSafety ?? STRICT_WEBHOOK_SAFETY),
    emails: new EmailService(prisma, { resetLinkToken: (resetId) => passwordResets.linkToken(resetId), order: (orderId) => orders.forEmail(orderId) }),
    passwordResets,
    promotions: new PromotionAdmin(prisma),
    taxes: new TaxAdmin(prisma),
    activity: new ActivityLog(prisma, options.activityRetentionDays),
    sitemaps: new SitemapSource(cataloguePrisma),
    readingFor: (viewer) => (primaryReads && readsCatalogueFromPrimary(viewer) ? { ...shop, ...primaryReads } : shop),
  };
  return shop;
}
