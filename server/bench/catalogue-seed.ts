// Fills a benchmark schema with a shop at real catalogue size, on top of the demo shop (its 10 categories,
// regions, admin, shopper and pictures): `products` more products with believable names (so a search
// term hits a plausible share), some discounted, some sold out, many rated; `customers` more customers;
// and `orders` more orders with one to three lines each, spread over all customers and three years.
// Rows go in as multi-row INSERT ... SELECT FROM unnest(arrays), 10,000 a statement: 100k products and
// 100k orders take seconds, not minutes. Deterministic: the same sizes give the same shop.
import pg from "pg";
import type { PrismaClient } from "../src/generated/prisma/client.js";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config.js";
import { seedDatabase } from "../seed/demo-shop.js";
import { LocalImageStore } from "../src/storage/local-store.js";
import { mulberry32 } from "../seed/plant-art.js";
import { SEED_CATEGORIES } from "../seed/seed-data.js";
import { hashPassword } from "../src/domain/accounts/index.js";
import { slugify } from "../src/domain/catalog/index.js";
import { addBenchVariants } from "./variants-seed.js";
import { rollupTriggers } from "./dashboard-seed.js";

type CategoryName = (typeof SEED_CATEGORIES)[number];

// What each demo category sells: a kind of plant or goods, then a variety and a size make the name.
const KINDS: Record<CategoryName, string[]> = {
  "Indoor Plants": ["Monstera Deliciosa", "Golden Pothos", "Philodendron", "Calathea", "Fiddle Leaf Fig", "Snake Plant", "ZZ Plant", "Peace Lily", "Boston Fern", "Rubber Plant", "Dracaena", "Alocasia", "Hoya", "Peperomia", "Spider Plant", "Chinese Evergreen"],
  "Outdoor Plants": ["Japanese Maple", "Boxwood", "Hydrangea", "English Lavender", "Olive Tree", "Star Jasmine", "Clematis", "Hosta", "Ornamental Grass", "Rhododendron", "Camellia", "Climbing Rose", "Ostrich Fern", "Bay Laurel"],
  "Succulents & Cacti": ["Echeveria", "Golden Barrel Cactus", "Aloe Vera", "Jade Plant", "String of Pearls", "Haworthia", "Sedum", "Agave", "Bunny Ear Cactus", "Christmas Cactus", "Kalanchoe", "Lithops"],
  "Herbs & Edibles": ["Sweet Basil", "Rosemary", "Garden Mint", "Thyme", "Lavender", "Sage", "Chives", "Parsley", "Meyer Lemon Tree", "Strawberry", "Cherry Tomato", "Chilli Pepper", "Blueberry Bush", "Oregano"],
  "Flowering Plants": ["Phalaenopsis Orchid", "Anthurium", "African Violet", "Gardenia", "Begonia", "Cyclamen", "Bromeliad", "Hibiscus", "Azalea", "Geranium", "Fuchsia", "Dendrobium Orchid"],
  "Pots & Planters": ["Terracotta Pot", "Glazed Ceramic Planter", "Self-Watering Planter", "Macrame Hanging Planter", "Cedar Raised Bed", "Concrete Planter", "Window Box", "Fibreglass Trough", "Plant Stand", "Seed Tray"],
  "Seeds & Bulbs": ["Tomato Seeds", "Wildflower Seed Mix", "Tulip Bulbs", "Dahlia Tubers", "Garlic Bulbs", "Sunflower Seeds", "Daffodil Bulbs", "Lettuce Seeds", "Sweet Pea Seeds", "Allium Bulbs", "Carrot Seeds", "Crocus Bulbs"],
  "Garden Tools": ["Hand Trowel", "Pruning Shears", "Hand Fork", "Garden Kneeler", "Border Spade", "Loppers", "Hedge Shears", "Leaf Rake", "Dibber", "Soil Scoop", "Garden Gloves", "Wheelbarrow"],
  "Soil & Fertiliser": ["Organic Potting Mix", "Cactus and Succulent Mix", "Worm Castings", "Liquid Tomato Feed", "Slow-Release Plant Food", "Orchid Bark", "Perlite", "Seed Compost", "Bone Meal", "Seaweed Feed", "Ericaceous Compost"],
  Watering: ["Galvanised Watering Can", "Indoor Watering Can", "Expanding Garden Hose", "Brass Spray Mister", "Drip Irrigation Kit", "Hose Reel", "Soaker Hose", "Rain Barrel", "Self-Watering Spikes", "Spray Nozzle"],
};
const PLANT_VARIETIES = ["Variegata", "Aurea", "Compacta", "Silver Queen", "Emerald", "Marble", "Lemon Lime", "Royal", "Red Star", "Blue Heaven", "Golden Glow", "Snow White", "Midnight", "Tuscan Blue", "Albion", "Sungold", "Hidcote", "Munstead", "Black Beauty", "Pink Lady", "Ivory", "Jade Jewel", "Sunrise", "Velvet", "Little Gem", "Grandiflora", "Dwarf", "Cascade", "Firecracker", "Moonlight"];
const PLANT_SIZES = ["9 cm pot", "12 cm pot", "14 cm pot", "17 cm pot", "21 cm pot", "Mini", "Large", "2 L", "3 L", "Gift Set"];
const GOODS_VARIETIES = ["Classic", "Pro", "Heritage", "Slimline", "Deluxe", "Compact", "Essential", "Studio", "Rustic", "Nordic", "Copper", "Sage Green", "Charcoal", "Sand", "Terracotta", "Ocean"];
const GOODS_SIZES = ["Small", "Medium", "Large", "20 cm", "30 cm", "40 cm", "1 L", "5 L", "10 L", "25 L", "Twin Pack", "Set of 3"];
const GOODS: ReadonlySet<CategoryName> = new Set(["Pots & Planters", "Garden Tools", "Soil & Fertiliser", "Watering"]);

const FIRST_NAMES = ["Maya", "Oliver", "Hannah", "Diego", "Grace", "Theo", "Amara", "Lucas", "Priya", "Ethan", "Sofia", "Noah", "Chloe", "Isaac", "Leila", "Ava", "Liam", "Zara", "Felix", "Nina", "Omar", "Ruth", "Kai", "Elena", "Jonah"];
const LAST_NAMES = ["Patel", "Brooks", "Kim", "Alvarez", "O'Connell", "Nakamura", "Okafor", "Martin", "Raman", "Walsh", "Rossi", "Bennett", "Dubois", "Green", "Haddad", "Novak", "Silva", "Larsen", "Mensah", "Fischer"];
const STATUSES = ["pending", "in-transit", "delivered", "delivered", "delivered"];
const DAY = 86_400_000;
const BATCH = 10_000;

const pick = <T>(next: () => number, items: readonly T[]) => items[Math.floor(next() * items.length)];

export interface BenchShopSize {
  products: number;
  customers: number;
  orders: number;
}

/** Adds the rows to the schema `schema` (already migrated and seeded with the demo shop). */
export async function seedBenchShop(url: string, schema: string, size: BenchShopSize): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path="${schema}",public` });
  await client.connect();
  // The dashboard's rollups are recounted once at the end (analytics_rebuild) rather than order by order.
  await rollupTriggers(client, false);
  try {
    const categories = new Map(
      (await client.query<{ id: number; name: CategoryName }>("SELECT id, name FROM categories")).rows.map((row) => [row.name, row.id]),
    );
    const images = (await client.query<{ image_one: string }>("SELECT DISTINCT image_one FROM products ORDER BY image_one")).rows.map((row) => row.image_one);
    const regions = (await client.query<{ id: number; name: string; fee_cents: number }>("SELECT id, name, fee_cents FROM regions")).rows;
    // The demo seed's deterministic random source, so every run seeds the same shop.
    const next = mulberry32(2026_11_23);
    const now = Date.now();

    // ---- products ---------------------------------------------------------------------------------------
    const products: { id: number; slug: string; name: string; description: string; category: string; price: number; discount: number | null; image: string }[] = [];
    for (let start = 0; start < size.products; start += BATCH) {
      const columns = { slug: [] as string[], name: [] as string[], description: [] as string[], category: [] as number[], price: [] as number[], discount: [] as (number | null)[], quantity: [] as number[], image: [] as string[], ratingSum: [] as number[], rated: [] as number[], created: [] as string[] };
      for (let i = start; i < Math.min(size.products, start + BATCH); i += 1) {
        const category = SEED_CATEGORIES[i % SEED_CATEGORIES.length];
        const goods = GOODS.has(category);
        const kind = pick(next, KINDS[category]);
        const name = `${kind} '${pick(next, goods ? GOODS_VARIETIES : PLANT_VARIETIES)}' ${pick(next, goods ? GOODS_SIZES : PLANT_SIZES)}`;
        const price = 299 + Math.floor(next() * 200) * 50;
        const discount = next() < 0.3 ? Math.max(99, Math.floor(price * (0.6 + next() * 0.3))) : null;
        const rated = next() < 0.45 ? 1 + Math.floor(next() * 60) : 0;
        columns.slug.push(`${slugify(name)}-b${i}`);
        columns.name.push(name);
        columns.description.push(`${kind} from our ${category.toLowerCase()} range. Well rooted, carefully packed and dispatched within two working days, with care notes in the box.`);
        columns.category.push(categories.get(category)!);
        columns.price.push(price);
        columns.discount.push(discount);
        columns.quantity.push(next() < 0.08 ? 0 : 1 + Math.floor(next() * 80));
        columns.image.push(images[i % images.length]);
        columns.rated.push(rated);
        columns.ratingSum.push(rated === 0 ? 0 : Math.round(rated * (1 + next() * 4)));
        columns.created.push(new Date(now - 3 * 365 * DAY + Math.floor((i / size.products) * 3 * 365 * DAY)).toISOString());
      }
      const inserted = await client.query<{ id: number; slug: string; name: string; description: string; category_id: number; price_cents: number; discount_price_cents: number | null; image_one: string }>(
        `INSERT INTO products (slug, name, description, category_id, price_cents, discount_price_cents, quantity, image_one, rating_sum, people_rated, created_at, updated_at)
         SELECT s, n, d, c, p, dp, q, img, rs, pr, ca, ca
         FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::text[], $9::int[], $10::int[], $11::timestamptz[])
           AS x(s, n, d, c, p, dp, q, img, rs, pr, ca)
         RETURNING id, slug, name, description, category_id, price_cents, discount_price_cents, image_one`,
        [columns.slug, columns.name, columns.description, columns.category, columns.price, columns.discount, columns.quantity, columns.image, columns.ratingSum, columns.rated, columns.created],
      );
      const categoryNames = new Map([...categories].map(([name, id]) => [id, name]));
      for (const row of inserted.rows) {
        products.push({ id: row.id, slug: row.slug, name: row.name, description: row.description, category: categoryNames.get(row.category_id)!, price: row.price_cents, discount: row.discount_price_cents, image: row.image_one });
      }
    }

    // ---- customers ----------------------------------------------------------------------------------------
    const passwordHash = await hashPassword("customer-password-2026");
    const customers: { id: number; email: string }[] = [];
    for (let start = 0; start < size.customers; start += BATCH) {
      const names: string[] = [];
      const emails: string[] = [];
      const created: string[] = [];
      for (let i = start; i < Math.min(size.customers, start + BATCH); i += 1) {
        const first = pick(next, FIRST_NAMES);
        const last = pick(next, LAST_NAMES);
        names.push(`${first} ${last}`);
        emails.push(`${first}.${last}.${i}@example.com`.toLowerCase().replace(/'/g, ""));
        created.push(new Date(now - 3 * 365 * DAY + Math.floor((i / size.customers) * 3 * 365 * DAY)).toISOString());
      }
      const inserted = await client.query<{ id: number; email: string }>(
        `INSERT INTO users (name, email, password_hash, role, phone, address, created_at, updated_at)
         SELECT n, e, $3, 'user', '+1 555 0100', '1 Garden Lane, Springfield', ca, ca FROM unnest($1::text[], $2::text[], $4::timestamptz[]) AS x(n, e, ca)
         RETURNING id, email`,
        [names, emails, passwordHash, created],
      );
      customers.push(...inserted.rows);
    }

    // ---- orders and their lines ------------------------------------------------------------------------
    if (size.orders > 0 && (customers.length === 0 || products.length === 0)) throw new Error("Orders need customers and products.");
    for (let start = 0; start < size.orders; start += BATCH) {
      const order = { number: [] as string[], reference: [] as string[], status: [] as string[], user: [] as number[], email: [] as string[], region: [] as number[], regionName: [] as string[], subtotal: [] as number[], fee: [] as number[], total: [] as number[], created: [] as string[] };
      const lines = { order: [] as number[], product: [] as number[], slug: [] as string[], name: [] as string[], description: [] as string[], category: [] as string[], price: [] as number[], discount: [] as (number | null)[], unit: [] as number[], quantity: [] as number[], image: [] as string[] };
      for (let i = start; i < Math.min(size.orders, start + BATCH); i += 1) {
        const buyer = customers[Math.floor(next() * customers.length)];
        const region = pick(next, regions);
        const placed = new Date(now - 3 * 365 * DAY + Math.floor((i / size.orders) * 3 * 365 * DAY));
        let subtotal = 0;
        for (let line = 0, count = 1 + Math.floor(next() * 3); line < count; line += 1) {
          const product = products[Math.floor(next() * products.length)];
          const quantity = 1 + Math.floor(next() * 3);
          const unit = product.discount ?? product.price;
          subtotal += unit * quantity;
          lines.order.push(i - start);
          lines.product.push(product.id);
          lines.slug.push(product.slug);
          lines.name.push(product.name);
          lines.description.push(product.description);
          lines.category.push(product.category);
          lines.price.push(product.price);
          lines.discount.push(product.discount);
          lines.unit.push(unit);
          lines.quantity.push(quantity);
          lines.image.push(product.image);
        }
        order.number.push(`ORD-${placed.toISOString().slice(2, 10).replaceAll("-", "")}-B${i.toString(36).toUpperCase().padStart(6, "0")}`);
        order.reference.push(`BENCH${i.toString(36).toUpperCase().padStart(11, "0")}`);
        order.status.push(pick(next, STATUSES));
        order.user.push(buyer.id);
        order.email.push(buyer.email);
        order.region.push(region.id);
        order.regionName.push(region.name);
        order.subtotal.push(subtotal);
        order.fee.push(region.fee_cents);
        order.total.push(subtotal + region.fee_cents);
        order.created.push(placed.toISOString());
      }
      const inserted = await client.query<{ id: number; reference: string }>(
        `INSERT INTO orders (order_number, reference, status, user_id, region_id, region_name, subtotal_cents, delivery_fee_cents, total_cents,
                             user_email, user_phone, user_address, created_at, updated_at)
         SELECT n, r, s::"OrderStatus", u, rg, rn, st, f, t, e, '+1 555 0100', '1 Garden Lane, Springfield', ca, ca
         FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::int[], $8::int[], $9::int[], $10::text[], $11::timestamptz[])
           AS x(n, r, s, u, rg, rn, st, f, t, e, ca)
         RETURNING id, reference`,
        [order.number, order.reference, order.status, order.user, order.region, order.regionName, order.subtotal, order.fee, order.total, order.email, order.created],
      );
      const idOf = new Map(inserted.rows.map((row) => [row.reference, row.id]));
      const orderIds = order.reference.map((reference) => idOf.get(reference)!);
      await client.query(
        `INSERT INTO order_lines (order_id, product_id, slug, name, description, category_name, price_cents, discount_price_cents, unit_price_cents, quantity, image_one)
         SELECT o, p, s, n, d, c, pc, dp, up, q, img
         FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::int[], $10::int[], $11::text[])
           AS x(o, p, s, n, d, c, pc, dp, up, q, img)`,
        [lines.order.map((index) => orderIds[index]), lines.product, lines.slug, lines.name, lines.description, lines.category, lines.price, lines.discount, lines.unit, lines.quantity, lines.image],
      );
    }
    // Each product in 1 to 4 variants (about 2.5 a product).
    await addBenchVariants((sql) => client.query(sql));
    await rollupTriggers(client, true);
    await client.query("SELECT analytics_rebuild()");
    // As autovacuum would on a live shop: statistics for the planner, and the visibility map that lets
    // counts read indexes alone.
    await client.query("VACUUM ANALYZE products, product_variants, product_options, product_option_values, product_variant_values, categories, users, orders, order_lines, regions");
  } finally {
    await rollupTriggers(client, true).catch(() => undefined);
    await client.end();
  }
}

/**
 * The demo shop (its pictures written to `uploadsDir`), then generated goods up to `products` in all, in a
 * schema that may already hold them (a schema kept between runs is left as it is).
 */
export async function seedShopOfSize(prisma: PrismaClient, url: string, schema: string, { products, customers, uploadsDir }: { products: number; customers: number; uploadsDir: string }): Promise<void> {
  if ((await prisma.product.count()) === 0) await seedDatabase(prisma, { adminEmail: DEMO_ADMIN_EMAIL, adminPassword: DEMO_ADMIN_PASSWORD, demo: true, imageStore: new LocalImageStore(uploadsDir) });
  const demoProducts = await prisma.product.count();
  if (products > demoProducts) await seedBenchShop(url, schema, { products: products - demoProducts, customers, orders: 0 });
}
