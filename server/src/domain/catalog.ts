// The catalogue: listing, searching and sorting products, and the admin's product forms.
// Money arrives in dollars (a number or a numeric string, as the REST payloads carry it) and is kept in cents.
import { Prisma, type Category, type Product, type PrismaClient } from "../generated/prisma/client.js";
import { invalid, isForeignKeyViolation, isUniqueViolation, notFound, ShopError } from "./errors.js";
import { IMAGE_UNREADABLE, type CheckedImage, type ImageStore, type ImageUpload } from "./images.js";
import { firstFreeSlug, slugify } from "./slugs.js";
import { Checks, parseId } from "./validate.js";
import { requireAdmin, type Viewer } from "./viewer.js";

export type ProductWithCategory = Product & { category: Category };

export const PRODUCT_SORTS = ["default", "price-highest", "price-lowest", "highest-rated"] as const;
export type ProductSortOrder = (typeof PRODUCT_SORTS)[number];

export interface ProductListOptions {
  /** Trimmed, case-insensitive substring of the product's name or its category's name; blank means all. */
  search?: string | null;
  sort?: ProductSortOrder | null;
  /** The category's name, whatever its case. */
  category?: string | null;
  /** true: quantity > 0 only; false: out of stock only; absent: both. */
  inStock?: boolean | null;
  /** true: with a discount price only; false: without one only; absent: both. */
  discounted?: boolean | null;
  /** 1..1000; all products when absent. */
  limit?: number | null;
}

/** An image as the adapters hold it: a GraphQL upload (or its promise) or the bytes of a multipart file. */
export type ImageSource = ImageUpload | Uint8Array | PromiseLike<ImageUpload | Uint8Array>;

/**
 * The payload of product-store and product-update, as untrusted values. The category is given by its
 * name (`category`, as the REST client sends it) or by its id (`categoryId`, as GraphQL does).
 */
export interface ProductInput {
  name?: unknown;
  description?: unknown;
  price?: unknown;
  discount_price?: unknown;
  quantity?: unknown;
  category?: unknown;
  categoryId?: unknown;
  image_one?: unknown;
  image_two?: unknown;
}

const MAX_LIST_LIMIT = 1000;
const MAX_SEARCH_LENGTH = 255;
const CATEGORY_INVALID = "The selected category is invalid.";
const withCategory = { category: true } as const;

// Spec section 9. Every order ends newest first so that ties always come out the same way.
// The price sorts are the SQL twin of unitPriceCents in pricing.ts: the discount price when set, else the price.
const ORDER_BY: Record<ProductSortOrder, Prisma.Sql> = {
  default: Prisma.sql`p.created_at DESC, p.id DESC`,
  "price-highest": Prisma.sql`COALESCE(p.discount_price_cents, p.price_cents) DESC, p.created_at DESC, p.id DESC`,
  "price-lowest": Prisma.sql`COALESCE(p.discount_price_cents, p.price_cents) ASC, p.created_at DESC, p.id DESC`,
  "highest-rated": Prisma.sql`
    CASE WHEN p.people_rated > 0 THEN p.rating_sum::float8 / p.people_rated ELSE 0 END DESC,
    p.people_rated DESC, p.created_at DESC, p.id DESC`,
};

/** A row of the list query, in the database's own column names. */
interface ProductListRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  category_id: number;
  price_cents: number;
  discount_price_cents: number | null;
  quantity: number;
  image_one: string;
  image_two: string | null;
  rating_sum: number;
  people_rated: number;
  created_at: Date | string;
  updated_at: Date | string;
  category_name: string;
  category_created_at: Date | string;
}

// Raw rows come back with driver-specific types (PGlite and node-postgres differ on timestamps): normalise here.
function productFromListRow(row: ProductListRow): ProductWithCategory {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    description: row.description,
    categoryId: Number(row.category_id),
    priceCents: Number(row.price_cents),
    discountPriceCents: row.discount_price_cents === null ? null : Number(row.discount_price_cents),
    quantity: Number(row.quantity),
    imageOne: row.image_one,
    imageTwo: row.image_two,
    ratingSum: Number(row.rating_sum),
    peopleRated: Number(row.people_rated),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    category: { id: Number(row.category_id), name: row.category_name, createdAt: new Date(row.category_created_at) },
  };
}

interface CheckedProduct {
  name: string;
  description: string;
  priceCents: number;
  discountPriceCents: number | null;
  quantity: number;
  categoryId: number;
  imageOne: CheckedImage | null;
  imageTwo: CheckedImage | null;
}

export class CatalogService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly images: ImageStore,
  ) {}

  /** Products filtered and sorted in SQL, in one query whatever the size of the catalogue. */
  async list(options: ProductListOptions = {}): Promise<ProductWithCategory[]> {
    const { search, sort, category, inStock, discounted, limit } = checkListOptions(options ?? {});
    const conditions: Prisma.Sql[] = [];
    if (search) {
      // strpos rather than LIKE: the shopper's text is matched literally, '%' and '_' included.
      conditions.push(Prisma.sql`(strpos(lower(p.name), lower(${search})) > 0 OR strpos(lower(c.name), lower(${search})) > 0)`);
    }
    if (category !== null) conditions.push(Prisma.sql`lower(c.name) = lower(${category})`);
    if (inStock !== null) conditions.push(inStock ? Prisma.sql`p.quantity > 0` : Prisma.sql`p.quantity = 0`);
    if (discounted !== null) {
      conditions.push(discounted ? Prisma.sql`p.discount_price_cents IS NOT NULL` : Prisma.sql`p.discount_price_cents IS NULL`);
    }
    const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
    const limitClause = limit === null ? Prisma.empty : Prisma.sql`LIMIT ${limit}`;
    return this.selectProducts(Prisma.sql`${where} ORDER BY ${ORDER_BY[sort]} ${limitClause}`);
  }

  /**
   * One hand-written query with the category joined. The home page's lists and the product page are the
   * shop's hottest paths, and this is measurably faster than Prisma's findMany with include (npm run bench:api).
   */
  private async selectProducts(rest: Prisma.Sql): Promise<ProductWithCategory[]> {
    const rows = await this.prisma.$queryRaw<ProductListRow[]>`
      SELECT p.id, p.slug, p.name, p.description, p.category_id, p.price_cents, p.discount_price_cents, p.quantity,
             p.image_one, p.image_two, p.rating_sum, p.people_rated, p.created_at, p.updated_at,
             c.name AS category_name, c.created_at AS category_created_at
      FROM products p JOIN categories c ON c.id = p.category_id ${rest}`;
    return rows.map(productFromListRow);
  }

  async bySlug(slug: unknown): Promise<ProductWithCategory> {
    const [product] = typeof slug === "string" ? await this.selectProducts(Prisma.sql`WHERE p.slug = ${slug}`) : [];
    if (!product) throw notFound("Product");
    return product;
  }

  async byId(id: unknown): Promise<ProductWithCategory> {
    const productId = parseId(id);
    const product =
      productId === null ? null : await this.prisma.product.findUnique({ where: { id: productId }, include: withCategory });
    if (!product) throw notFound("Product");
    return product;
  }

  /** Admin only. Images are stored before the row is written, and removed again if the write fails. */
  async create(viewer: Viewer | null, input: ProductInput): Promise<ProductWithCategory> {
    requireAdmin(viewer);
    const checked = await this.check(input ?? {}, { imageOneRequired: true });
    const stored = await this.storeImages(checked);
    try {
      return await this.withFreeSlug(checked.name, null, (slug) =>
        this.prisma.product.create({
          data: { ...columns(checked), slug, imageOne: stored.imageOne!, imageTwo: stored.imageTwo },
          include: withCategory,
        }),
      );
    } catch (error) {
      await this.removeImages(stored);
      throw categoryGoneOr(error);
    }
  }

  /**
   * Admin only. Every field is required as on create, except the images: a product keeps its current
   * images when none is sent. The slug changes only when the name does. Replaced image files stay on
   * disk because past orders' snapshots may still show them.
   */
  async update(viewer: Viewer | null, id: unknown, input: ProductInput): Promise<ProductWithCategory> {
    requireAdmin(viewer);
    const product = await this.byId(id);
    const checked = await this.check(input ?? {}, { imageOneRequired: false });
    const stored = await this.storeImages(checked);
    const data = {
      ...columns(checked),
      ...(stored.imageOne ? { imageOne: stored.imageOne } : {}),
      ...(stored.imageTwo ? { imageTwo: stored.imageTwo } : {}),
    };
    const write = (slug?: string) =>
      this.prisma.product.update({ where: { id: product.id }, data: slug ? { ...data, slug } : data, include: withCategory });
    try {
      return checked.name === product.name ? await write() : await this.withFreeSlug(checked.name, product.id, write);
    } catch (error) {
      await this.removeImages(stored);
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw notFound("Product");
      throw categoryGoneOr(error);
    }
  }

  /**
   * Admin only. Ratings and favourites go with the product; order lines keep their snapshot (their
   * product_id becomes null). Image files stay: past orders still show them.
   */
  async delete(viewer: Viewer | null, id: unknown): Promise<void> {
    requireAdmin(viewer);
    const productId = parseId(id);
    const { count } = productId === null ? { count: 0 } : await this.prisma.product.deleteMany({ where: { id: productId } });
    if (count === 0) throw notFound("Product");
  }

  // ---- product form ------------------------------------------------------------------------------

  private async check(input: ProductInput, { imageOneRequired }: { imageOneRequired: boolean }): Promise<CheckedProduct> {
    const checks = new Checks();
    const name = checks.text("name", input.name, "name", { max: 255 });
    const description = checks.text("description", input.description, "description", { max: 5000 });
    const priceCents = checks.money("price", input.price, "price");
    const discountPriceCents = isBlank(input.discount_price)
      ? null
      : checks.money("discount_price", input.discount_price, "discount price", { allowZero: true });
    if (discountPriceCents !== null && !checks.has("price") && !checks.has("discount_price") && discountPriceCents >= priceCents) {
      checks.add("discount_price", "The discount price must be less than the price.");
    }
    const quantity = checks.wholeNumber("quantity", input.quantity, "quantity", { min: 0, max: 1_000_000 });
    const categoryId = await this.checkCategory(checks, input);
    const imageOne = await this.checkImage(checks, "image_one", "image one", input.image_one, imageOneRequired);
    const imageTwo = await this.checkImage(checks, "image_two", "image two", input.image_two, false);
    checks.done();
    return { name, description, priceCents, discountPriceCents, quantity, categoryId, imageOne, imageTwo };
  }

  /** The id of the chosen category, given by id or by name (whatever its case); 0 after adding an error. */
  private async checkCategory(checks: Checks, input: ProductInput): Promise<number> {
    if (!isBlank(input.categoryId)) {
      const id = parseId(input.categoryId);
      const found = id === null ? null : await this.prisma.category.findUnique({ where: { id }, select: { id: true } });
      if (found) return found.id;
    } else if (isBlank(input.category)) {
      checks.add("category", "The category field is required.");
      return 0;
    } else if (typeof input.category === "string") {
      const found = await this.prisma.$queryRaw<{ id: number }[]>`
        SELECT id FROM categories WHERE lower(name) = lower(${input.category.trim()})`;
      if (found.length) return Number(found[0].id);
    }
    checks.add("category", CATEGORY_INVALID);
    return 0;
  }

  /** Reads and checks an image without storing it, so a form with any error leaves no file behind. */
  private async checkImage(checks: Checks, field: string, label: string, value: unknown, required: boolean) {
    if (isBlank(value)) {
      if (required) checks.add(field, `The ${label} field is required.`);
      return null;
    }
    let source: unknown;
    try {
      source = await value;
    } catch {
      checks.add(field, IMAGE_UNREADABLE);
      return null;
    }
    try {
      if (source instanceof Uint8Array) return this.images.checkBuffer(source, field);
      if (isUpload(source)) return await this.images.check(source, field);
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      for (const message of error.fields?.[field] ?? [error.message]) checks.add(field, message);
      return null;
    }
    checks.add(field, `The ${label} must be a file.`);
    return null;
  }

  private async storeImages(checked: CheckedProduct): Promise<{ imageOne: string | null; imageTwo: string | null }> {
    const imageOne = checked.imageOne ? await this.images.write(checked.imageOne) : null;
    try {
      const imageTwo = checked.imageTwo ? await this.images.write(checked.imageTwo) : null;
      return { imageOne, imageTwo };
    } catch (error) {
      if (imageOne) await this.images.remove(imageOne);
      throw error;
    }
  }

  private async removeImages(stored: { imageOne: string | null; imageTwo: string | null }): Promise<void> {
    for (const url of [stored.imageOne, stored.imageTwo]) if (url) await this.images.remove(url);
  }

  /** Runs `write` with the first free slug for `name`, trying again if another product takes it meanwhile. */
  private async withFreeSlug<T>(name: string, exceptId: number | null, write: (slug: string) => Promise<T>): Promise<T> {
    const base = slugify(name);
    for (let attempt = 1; ; attempt += 1) {
      const taken = await this.prisma.product.findMany({
        where: { slug: { startsWith: base }, ...(exceptId === null ? {} : { id: { not: exceptId } }) },
        select: { slug: true },
      });
      try {
        return await write(firstFreeSlug(base, taken.map((row) => row.slug)));
      } catch (error) {
        const slugTaken = isUniqueViolation(error);
        if (!slugTaken || attempt === 3) throw error;
      }
    }
  }
}

function columns(checked: CheckedProduct) {
  return {
    name: checked.name,
    description: checked.description,
    priceCents: checked.priceCents,
    discountPriceCents: checked.discountPriceCents,
    quantity: checked.quantity,
    categoryId: checked.categoryId,
  };
}

/** The category was deleted between the check and the write: the same answer as an unknown category. */
function categoryGoneOr(error: unknown): unknown {
  return isForeignKeyViolation(error)
    ? invalid({ category: [CATEGORY_INVALID] })
    : error;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

const isUpload = (value: unknown): value is ImageUpload =>
  typeof value === "object" && value !== null && typeof (value as ImageUpload).createReadStream === "function";

function checkListOptions(options: ProductListOptions) {
  const checks = new Checks();
  const raw = options as Record<string, unknown>;

  let search = "";
  if (typeof raw.search === "string") search = raw.search.trim();
  else if (raw.search != null) checks.add("search", "The search must be text.");
  if (search.length > MAX_SEARCH_LENGTH) checks.add("search", `The search may not be greater than ${MAX_SEARCH_LENGTH} characters.`);

  const sort = (raw.sort ?? "default") as ProductSortOrder;
  if (!PRODUCT_SORTS.includes(sort)) checks.add("sort", `The selected sort is invalid. Choose one of: ${PRODUCT_SORTS.join(", ")}.`);

  let category: string | null = null;
  if (typeof raw.category === "string") category = raw.category.trim() || null;
  else if (raw.category != null) checks.add("category", "The category must be text.");

  const flag = (field: string, value: unknown, label: string): boolean | null => {
    if (value == null) return null;
    if (typeof value === "boolean") return value;
    checks.add(field, `The ${label} field must be true or false.`);
    return null;
  };
  const inStock = flag("in_stock", raw.inStock, "in stock");
  const discounted = flag("discounted", raw.discounted, "discounted");

  const limit = raw.limit == null ? null : checks.wholeNumber("limit", raw.limit, "limit", { min: 1, max: MAX_LIST_LIMIT });

  checks.done();
  return { search, sort, category, inStock, discounted, limit };
}
