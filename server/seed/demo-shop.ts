// Demo seeding (seed-only code: production source never imports it; main.ts loads it only when SEED_DEMO
// asks for the demo). Always: the initial admin. On request, into a shop with no products: a demo
// catalogue with generated pictures, delivery regions, a demo shopper, customers, three months of past
// orders, ratings and favourites, so every screen (dashboard included) has something to show.
// Idempotent: a second run finds the admin and the products and changes nothing.
import { ensureAdmin } from "../src/db/admin.js";
import type { OrderStatus, Prisma, PrismaClient } from "../src/generated/prisma/client.js";
import { RECIPE, refOfKey, type ImageStore } from "../src/domain/images/index.js";
import { newOrderNumber, newReference, priceOrder } from "../src/domain/orders/index.js";
import { hashPassword } from "../src/domain/accounts/index.js";
import { firstFreeSlug, slugify } from "../src/domain/catalog/index.js";
import { seedDemoPromotions, seedDemoTaxes } from "./demo-pricing.js";
import { seedDemoVariants } from "./demo-variants.js";
import { ART_SIZE, mulberry32, plantArt } from "./plant-art.js";
import { SEED_CATEGORIES, SEED_CUSTOMERS, SEED_PRODUCTS, SEED_REGIONS, SEED_SHOPPER, type SeedPerson } from "./seed-data.js";

export const DEMO_SHOPPER_EMAIL = SEED_SHOPPER.email;
export const DEMO_SHOPPER_PASSWORD = "shopper-password-2026";
/** Shared by the other demo customers, so any of them can be signed in as too. */
export const DEMO_CUSTOMER_PASSWORD = "customer-password-2026";

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  /** Seed the demo shop (only ever into a database with no products). */
  demo: boolean;
  /** Also give a few demo products pot sizes, pack sizes and colours (demo-variants.ts; SEED_VARIANTS). */
  variants?: boolean;
  /** Also add demo promotions and codes (demo-pricing.ts; SEED_PROMOTIONS). */
  promotions?: boolean;
  /** Also charge VAT in every region, prices holding it (demo-pricing.ts; SEED_TAXES). */
  taxes?: boolean;
  /** Where the demo's pictures go (under catalog/). */
  imageStore: ImageStore;
  /** The seed's "today": dates of products, customers and orders are spread back from it. */
  now?: Date;
}

export interface SeedResult {
  adminCreated: boolean;
  demoSeeded: boolean;
}

// Both the random choices and the demo's shape stay the same from run to run (order numbers and
// references excepted: they come from the shop's own generators).
const PRNG_SEED = 20_261_122;
// Any constant works; it only has to be the same in every replica that may seed at once.
const SEED_LOCK = 72_707_370;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Orders per calendar month, oldest of the three first: the shop is growing. */
const ORDERS_PER_MONTH = [12, 16, 22];
/** New customers per calendar month, oldest first (the demo shopper is older than all three). */
const CUSTOMERS_PER_MONTH = [4, 5, 6];

export async function seedDatabase(prisma: PrismaClient, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const adminCreated = await ensureAdmin(prisma, options.adminEmail, options.adminPassword, now);
  const demoSeeded = options.demo ? await seedDemoShop(prisma, options, now) : false;
  if (options.demo && options.promotions) await seedDemoPromotions(prisma, now);
  if (options.demo && options.taxes) await seedDemoTaxes(prisma);
  if (options.demo && options.variants) {
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: options.adminEmail.trim().toLowerCase() }, select: { id: true } });
    await seedDemoVariants(prisma, admin.id);
  }
  return { adminCreated, demoSeeded };
}

/** Calendar months in UTC: 0 is two months ago, 2 is the current month (up to now). */
function monthWindow(now: Date, month: number): { start: number; end: number } {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2 + month, 1);
  const end = month === 2 ? now.getTime() : Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 + month, 1);
  return { start, end };
}

/**
 * A moment in the given month at `fraction` of the way through it. Kept 14 hours away from the month's
 * edges (when the month is long enough) so the dashboard buckets it the same whatever its time zone.
 */
function momentIn(now: Date, month: number, fraction: number): Date {
  const { start, end } = monthWindow(now, month);
  const margin = Math.min(14 * HOUR, (end - start) * 0.1);
  return new Date(Math.round(start + margin + fraction * (end - start - 2 * margin)));
}

const minDate = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

const catalogKey = (slug: string, variant: 1 | 2) => `catalog/${slug}-${variant}.svg`;

interface ProductRow {
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  discountPriceCents: number | null;
  quantity: number;
  imageOne: string;
  imageTwo: string | null;
  ratingSum: number;
  peopleRated: number;
  createdAt: Date;
  updatedAt: Date;
}

interface PlannedProduct {
  slug: string;
  category: string;
  data: ProductRow;
  popularity: number;
}

interface PlannedOrder {
  orderNumber: string;
  reference: string;
  status: OrderStatus;
  createdAt: Date;
  updatedAt: Date;
  buyer: SeedPerson;
  region: (typeof SEED_REGIONS)[number];
  lines: { product: PlannedProduct; quantity: number }[];
}

interface PlannedRating {
  email: string;
  slug: string;
  value: number;
  createdAt: Date;
}

/** Everything the demo shop holds, decided in memory first so the writes are a handful of bulk inserts. Pure but for order numbers and references. */
export function planDemoShop(now: Date) {
  const rng = mulberry32(PRNG_SEED);
  const between = (low: number, high: number) => low + (high - low) * rng();
  const chance = (p: number) => rng() < p;
  const weighted = <T>(items: T[], weight: (item: T) => number): T => {
    let roll = rng() * items.reduce((sum, item) => sum + weight(item), 0);
    for (const item of items) {
      roll -= weight(item);
      if (roll < 0) return item;
    }
    return items[items.length - 1];
  };

  // Products arrive over the last 120 days in a shuffled order, so "newest first" mixes the categories.
  const arrival = SEED_PRODUCTS.map((_, index) => index);
  for (let i = arrival.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1));
    [arrival[i], arrival[j]] = [arrival[j], arrival[i]];
  }
  const slugs: string[] = [];
  const products: PlannedProduct[] = SEED_PRODUCTS.map((product, index) => {
    const slug = firstFreeSlug(slugify(product.name), slugs);
    slugs.push(slug);
    const rank = arrival.indexOf(index);
    const createdAt = new Date(now.getTime() - 120 * DAY + ((rank + 0.5) / SEED_PRODUCTS.length) * 117 * DAY + between(-8, 8) * HOUR);
    return {
      slug,
      category: product.category,
      // Bestsellers: a few products sell far more than the rest, as in any shop.
      popularity: 1 + 8 * rng() ** 3,
      data: {
        slug,
        name: product.name,
        description: product.description,
        priceCents: product.priceCents,
        discountPriceCents: product.discountPriceCents ?? null,
        quantity: product.quantity,
        imageOne: refOfKey(catalogKey(slug, 1)),
        imageTwo: product.twoImages ? refOfKey(catalogKey(slug, 2)) : null,
        ratingSum: 0,
        peopleRated: 0,
        createdAt,
        updatedAt: createdAt,
      },
    };
  });

  const joined = new Map<string, Date>([[SEED_SHOPPER.email, new Date(monthWindow(now, 0).start - 12 * DAY)]]);
  let customer = 0;
  CUSTOMERS_PER_MONTH.forEach((count, month) => {
    for (let i = 0; i < count; i += 1) {
      joined.set(SEED_CUSTOMERS[customer].email, momentIn(now, month, (i + between(0.1, 0.9)) / count));
      customer += 1;
    }
  });
  const people = [SEED_SHOPPER, ...SEED_CUSTOMERS.slice(0, customer)];

  const numbers = new Set<string>();
  const references = new Set<string>();
  const orders: PlannedOrder[] = [];
  ORDERS_PER_MONTH.forEach((count, month) => {
    for (let i = 0; i < count; i += 1) {
      const createdAt = momentIn(now, month, (i + between(0.05, 0.95)) / count);
      const members = people.filter((person) => joined.get(person.email)!.getTime() <= createdAt.getTime() - HOUR);
      // The demo shopper gets a share of the history so "My orders" is worth opening.
      const buyer = chance(0.2) ? SEED_SHOPPER : members[Math.floor(rng() * members.length)];
      const region = weighted(SEED_REGIONS, (r) => ({ "Local courier": 4, Islands: 1 })[r.name] ?? 2);
      const onSale = products.filter((p) => p.data.createdAt.getTime() < createdAt.getTime());
      const lines: PlannedOrder["lines"] = [];
      const lineCount = 1 + Math.floor(rng() ** 1.5 * 4);
      while (lines.length < Math.min(lineCount, onSale.length)) {
        const product = weighted(onSale, (p) => p.popularity);
        if (lines.some((line) => line.product === product)) continue;
        lines.push({ product, quantity: weighted([1, 2, 3], (q) => [6, 3, 1][q - 1]) });
      }
      // History: old orders arrived, last week's are on their way, the last few days' wait to ship.
      const ageDays = (now.getTime() - createdAt.getTime()) / DAY;
      const status: OrderStatus =
        ageDays >= 14 ? "delivered" : ageDays >= 4 ? (chance(0.7) ? "in_transit" : "delivered") : chance(0.75) ? "pending" : "in_transit";
      const updatedAt =
        status === "pending" ? createdAt : minDate(now, new Date(createdAt.getTime() + (status === "delivered" ? between(2, 6) : between(0.5, 1.5)) * DAY));
      let orderNumber = newOrderNumber(createdAt);
      while (numbers.has(orderNumber)) orderNumber = newOrderNumber(createdAt);
      let reference = newReference();
      while (references.has(reference)) reference = newReference();
      numbers.add(orderNumber);
      references.add(reference);
      orders.push({ orderNumber, reference, status, createdAt, updatedAt, buyer, region, lines });
    }
  });

  // Customers rate some of what was delivered to them, mostly kindly.
  const ratings: PlannedRating[] = [];
  const rated = new Set<string>();
  for (const order of orders) {
    if (order.status !== "delivered") continue;
    for (const { product } of order.lines) {
      const key = `${order.buyer.email} ${product.slug}`;
      if (rated.has(key) || !chance(0.6)) continue;
      rated.add(key);
      ratings.push({
        email: order.buyer.email,
        slug: product.slug,
        value: weighted([5, 4, 3, 2], (v) => ({ 5: 45, 4: 35, 3: 14, 2: 6 })[v] ?? 0),
        createdAt: minDate(now, new Date(order.updatedAt.getTime() + between(0.5, 3) * DAY)),
      });
    }
  }
  for (const product of products) {
    const own = ratings.filter((rating) => rating.slug === product.slug);
    product.data.ratingSum = own.reduce((sum, rating) => sum + rating.value, 0);
    product.data.peopleRated = own.length;
  }

  const wished: PlannedProduct[] = [];
  const inStock = products.filter((product) => product.data.quantity > 0);
  while (wished.length < 3) {
    const product = inStock[Math.floor(rng() * inStock.length)];
    if (!wished.includes(product)) wished.push(product);
  }

  return { products, people, joined, orders, ratings, wished };
}

/** The demo's drawings as (key, SVG) pairs: vector pictures, served as they are (they need no renditions). */
function drawPictures(products: PlannedProduct[]): { key: string; svg: string }[] {
  return products.flatMap((product) =>
    ([1, 2] as const)
      .filter((variant) => variant === 1 || product.data.imageTwo)
      .map((variant) => ({ key: catalogKey(product.slug, variant), svg: plantArt(product.slug, product.category, variant) })),
  );
}

async function writePictures(store: ImageStore, pictures: { key: string; svg: string }[]): Promise<void> {
  await Promise.all(pictures.map(({ key, svg }) => store.put(key, Buffer.from(svg), "image/svg+xml")));
}

export async function seedDemoShop(prisma: PrismaClient, options: SeedOptions, now: Date): Promise<boolean> {
  // The cheap test first: a seeded (or real) shop skips the drawing and hashing below.
  if ((await prisma.product.count()) > 0) return false;
  const plan = planDemoShop(now);
  const pictures = drawPictures(plan.products);
  // Pictures first: a failed transaction leaves only unused files, never products without pictures.
  await writePictures(options.imageStore, pictures);
  // argon2id costs ~50 ms a hash: the customers share one.
  const [shopperHash, customerHash] = await Promise.all([hashPassword(DEMO_SHOPPER_PASSWORD), hashPassword(DEMO_CUSTOMER_PASSWORD)]);

  return prisma.$transaction(
    async (tx) => {
      // Two replicas starting together must not both seed: the second waits here, then sees products.
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
      if ((await tx.product.count()) > 0) return false;
      // Their rows too, ready: a drawing has its size and needs no renditions, so start-up has nothing to do.
      await tx.image.createMany({
        data: pictures.map(({ key }) => ({ ref: refOfKey(key), width: ART_SIZE, height: ART_SIZE, state: "ready", recipe: RECIPE })),
        skipDuplicates: true,
      });
      await insertDemoShop(tx, plan, { shopperHash, customerHash, now });
      return true;
    },
    { maxWait: 30_000, timeout: 120_000 },
  );
}

async function insertDemoShop(
  tx: Prisma.TransactionClient,
  plan: ReturnType<typeof planDemoShop>,
  { shopperHash, customerHash, now }: { shopperHash: string; customerHash: string; now: Date },
): Promise<void> {
  // Categories, regions and people may exist already (a shop whose products were all deleted):
  // skipDuplicates keeps them as they are, and the lookups below use whatever is there.
  const catalogueStart = now.getTime() - 125 * DAY;
  await tx.category.createMany({
    data: SEED_CATEGORIES.map((name, index) => ({ name, createdAt: new Date(catalogueStart + index * HOUR) })),
    skipDuplicates: true,
  });
  await tx.region.createMany({
    data: SEED_REGIONS.map((region, index) => ({ ...region, createdAt: new Date(catalogueStart + index * HOUR) })),
    skipDuplicates: true,
  });
  await tx.user.createMany({
    data: plan.people.map((person) => {
      const createdAt = plan.joined.get(person.email)!;
      const passwordHash = person.email === SEED_SHOPPER.email ? shopperHash : customerHash;
      return { ...person, passwordHash, role: "user" as const, createdAt, updatedAt: createdAt };
    }),
    skipDuplicates: true,
  });
  const [categories, regions, users] = await Promise.all([
    tx.category.findMany({ select: { id: true, name: true } }),
    tx.region.findMany({ where: { name: { in: SEED_REGIONS.map((region) => region.name) } }, select: { id: true, name: true, feeCents: true } }),
    tx.user.findMany({ where: { email: { in: plan.people.map((person) => person.email) } }, select: { id: true, email: true, phone: true, address: true } }),
  ]);
  const categoryByName = new Map(categories.map((category) => [category.name.toLowerCase(), category]));
  const regionByName = new Map(regions.map((region) => [region.name, region]));
  const userByEmail = new Map(users.map((user) => [user.email, user]));
  const categoryOf = (product: PlannedProduct) => categoryByName.get(product.category.toLowerCase())!;

  const created = await tx.product.createManyAndReturn({
    data: plan.products.map((product) => ({ ...product.data, categoryId: categoryOf(product).id })),
    select: { id: true, slug: true },
  });
  const productId = new Map(created.map((product) => [product.slug, product.id]));

  // Each past order priced as checkout prices one (orders/pricing.ts): its lines and totals as stored.
  const priced = plan.orders.map((order) => ({
    order,
    price: priceOrder(
      order.lines.map((line) => ({ product: line.product, priceCents: line.product.data.priceCents, discountPriceCents: line.product.data.discountPriceCents, quantity: line.quantity })),
      regionByName.get(order.region.name)!,
      { at: order.createdAt },
    ),
  }));
  const orders = priced.map(({ order, price }) => {
    const buyer = userByEmail.get(order.buyer.email)!;
    const region = regionByName.get(order.region.name)!;
    return {
      orderNumber: order.orderNumber,
      reference: order.reference,
      status: order.status,
      userId: buyer.id,
      regionId: region.id,
      regionName: region.name,
      subtotalCents: price.itemsCents,
      deliveryFeeCents: price.deliveryCents,
      totalCents: price.totalCents,
      userEmail: buyer.email,
      // An account that already existed may lack contact details; the snapshot then keeps the demo's.
      userPhone: buyer.phone ?? order.buyer.phone,
      userAddress: buyer.address ?? order.buyer.address,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
    };
  });
  const placed = await tx.order.createManyAndReturn({ data: orders, select: { id: true, orderNumber: true } });
  const orderId = new Map(placed.map((order) => [order.orderNumber, order.id]));

  await tx.orderLine.createMany({
    data: priced.flatMap(({ order, price }) =>
      price.lines.map(({ product, priceCents, discountPriceCents, unitCents, quantity }) => ({
        orderId: orderId.get(order.orderNumber)!,
        productId: productId.get(product.slug)!,
        slug: product.slug,
        name: product.data.name,
        description: product.data.description,
        categoryName: categoryOf(product).name,
        priceCents,
        discountPriceCents,
        unitPriceCents: unitCents,
        quantity,
        imageOne: product.data.imageOne,
        imageTwo: product.data.imageTwo,
      })),
    ),
  });
  await tx.rating.createMany({
    data: plan.ratings.map((rating) => ({
      userId: userByEmail.get(rating.email)!.id,
      productId: productId.get(rating.slug)!,
      value: rating.value,
      createdAt: rating.createdAt,
    })),
  });
  const shopper = userByEmail.get(SEED_SHOPPER.email)!;
  await tx.favourite.createMany({
    data: plan.wished.map((product, index) => ({
      userId: shopper.id,
      productId: productId.get(product.slug)!,
      createdAt: new Date(now.getTime() - (index + 1) * 2 * DAY),
    })),
    skipDuplicates: true,
  });
}
