// The catalogue service: its product reads (product-lists.ts) and the admin's product forms: create, update
// and delete, with their pictures and a free slug (money in cents).
import { ProductLists } from "./product-lists.js";
import { Prisma, type PrismaClient, type Product } from "../../generated/prisma/client.js";
import {
  cents,
  Checks,
  fieldRule,
  invalid,
  isBlank,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
  parseId,
  received,
  requireAdmin,
  ShopError,
  text,
  wholeNumber,
  type Cents,
  type Deferred,
  type FormInput,
  type RowReader,
  type Viewer,
} from "../shared/index.js";
import { IMAGE_UNREADABLE, type CheckedImage, type ImageService, type ImageUpload, type StoredPicture } from "../images/index.js";
import { firstFreeSlug, slugify } from "./slugs.js";
import { reportWebhookEvents } from "../integrations/index.js";
import { type ProductSearch, type ProductWithCategory } from "./listing.js";
import { readVariants, saveVariants, withVariants, type ProductVariants, type VariantsInput } from "./variants.js";
import { changesBetween, recordActivity } from "../audit/index.js";

/** An image as the adapters hold it: a GraphQL upload (or its promise) or the bytes of a multipart file. */
export type ImageSource = ImageUpload | Uint8Array | PromiseLike<ImageUpload | Uint8Array>;

/** A row of the variant grid as the adapters hold it: with an uploaded picture of its own, when one is sent. */
export type VariantUpload = VariantsInput["variants"][number] & { upload?: ImageSource | null };

/** A product's category: its id, or its name (whatever its case). */
export type CategoryChoice = number | { name: string };

/** The product form's plain fields; the category and the images are checked against the shop. */
export const productForm = {
  name: text("name", { max: 255 }),
  description: text("description", { max: 5000 }),
  priceCents: cents("price"),
  /** Below the price; none (null) for no discount. */
  discountPriceCents: fieldRule<Cents | null, Cents | null | undefined>(
    (value, problem) => {
      if (isBlank(value)) return null;
      const result = cents("discount price", { allowZero: true }).safeParse(value);
      if (!result.success) for (const issue of result.error.issues) problem(issue.message);
      return result.data ?? null;
    },
    { type: ["integer", "null"], minimum: 0 },
  ),
  quantity: wholeNumber("quantity", { min: 0, max: 1_000_000 }),
};

/** Create or update a product. On update, images left out keep the current ones. */
export interface ProductInput extends FormInput<typeof productForm> {
  category: CategoryChoice;
  imageOne?: ImageSource | null;
  imageTwo?: ImageSource | null;
}

/** Where the clients read each field's problems (both APIs answer with these names). */
const PRODUCT_FIELD_NAMES = { priceCents: "price", discountPriceCents: "discount_price" } as const;

const CATEGORY_INVALID = "The selected category is invalid.";
const withCategory = { category: true } as const;

/** A product's fields as the audit trail records them (money in cents, pictures by their stored ref). */
const AUDITED_FIELDS = ["name", "description", "priceCents", "discountPriceCents", "quantity", "categoryId", "imageOne", "imageTwo"] as const;
type AuditedProduct = Pick<Product, (typeof AUDITED_FIELDS)[number]>;
const productSubject = (product: { id: number; name: string }) => ({ type: "product", id: product.id, label: product.name });

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
export class CatalogService extends ProductLists {
  constructor(
    prisma: PrismaClient,
    private readonly images: ImageService,
    readRows?: RowReader,
    search?: ProductSearch,
    /**
     * The catalogue's Prisma client (Database.catalogue.prisma: reads on a read replica when db/read-routing.ts
     * allows) for the storefront's reads below; the primary's `prisma` when not given. Writes, the checks
     * made before a write and the admin screens' reads always use `prisma`.
     */
    private readonly cataloguePrisma: PrismaClient = prisma,
  ) {
    super(prisma, readRows, search);
  }

  /** Admin only. Images are stored before the row is written, and removed again if the write fails. */
  async create(viewer: Viewer | null, input: Deferred<ProductInput>): Promise<ProductWithCategory> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const checked = await this.check(await received(input), { imageOneRequired: true });
    const stored = await this.storeImages(checked);
    try {
      const product = await this.withFreeSlug(checked.name, null, (slug) =>
        this.prisma.$transaction(async (tx) => {
          const created = await tx.product.create({
            data: { ...columns(checked), slug, imageOne: stored.imageOne!.ref, imageTwo: stored.imageTwo?.ref ?? null },
            include: withCategory,
          });
          // Webhooks: product.created, in this transaction; and its entry in the audit trail.
          await reportWebhookEvents(tx, [{ type: "product.created", data: { product: await withVariants(tx, created) } }]);
          await recordActivity(tx, acting, { kind: "product.created", subject: productSubject(created), changes: changesBetween(null, created, AUDITED_FIELDS) });
          return created;
        }),
      );
      this.images.saved();
      return product;
    } catch (error) {
      await this.removeImages(stored);
      throw categoryGoneOr(error);
    }
  }

  /**
   * Admin only. Every field is required as on create, except the images: a product keeps its current
   * images when none is sent. The slug changes only when the name does. Replaced pictures stay stored
   * (files and rows) because past orders' snapshots may still show them.
   */
  async update(viewer: Viewer | null, id: unknown, input: Deferred<ProductInput>): Promise<ProductWithCategory> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const product = await this.byId(id);
    const checked = await this.check(await received(input), { imageOneRequired: false });
    const stored = await this.storeImages(checked);
    const data = {
      ...columns(checked),
      ...(stored.imageOne ? { imageOne: stored.imageOne.ref } : {}),
      ...(stored.imageTwo ? { imageTwo: stored.imageTwo.ref } : {}),
    };
    const write = (slug?: string) =>
      this.prisma.$transaction(async (tx) => {
        // The row as this change finds it, locked: what the audit entry and the stock_low event compare with.
        const [locked] = await tx.$queryRaw<AuditedProduct[]>`
          SELECT name, description, price_cents AS "priceCents", discount_price_cents AS "discountPriceCents", quantity,
                 category_id AS "categoryId", image_one AS "imageOne", image_two AS "imageTwo"
          FROM products WHERE id = ${product.id} FOR UPDATE`;
        const before = locked && auditedRow(locked);
        const updated = await tx.product.update({ where: { id: product.id }, data: slug ? { ...data, slug } : data, include: withCategory });
        // Webhooks: product.updated, and product.stock_low when the new stock crosses a threshold.
        const reported = await withVariants(tx, updated);
        await reportWebhookEvents(tx, [
          { type: "product.updated", data: { product: reported } },
          ...(before ? [{ type: "product.stock_low" as const, data: { product: reported }, stock: { before: before.quantity, after: updated.quantity } }] : []),
        ]);
        await recordActivity(tx, acting, { kind: "product.updated", subject: productSubject(updated), changes: changesBetween(before ?? null, updated, AUDITED_FIELDS) });
        return updated;
      });
    try {
      const updated = checked.name === product.name ? await write() : await this.withFreeSlug(checked.name, product.id, write);
      if (stored.imageOne || stored.imageTwo) this.images.saved();
      return updated;
    } catch (error) {
      await this.removeImages(stored);
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw notFound("Product");
      throw categoryGoneOr(error);
    }
  }

  /**
   * Admin only. Ratings and favourites go with the product; order lines keep their snapshot (their
   * product_id becomes null). Its pictures stay stored: past orders still show them.
   */
  async delete(viewer: Viewer | null, id: unknown): Promise<void> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const productId = parseId(id);
    if (productId === null) throw notFound("Product");
    await this.prisma.$transaction(async (tx) => {
      const found = await tx.product.findUnique({ where: { id: productId }, include: withCategory });
      const product = found && (await withVariants(tx, found));
      const { count } = await tx.product.deleteMany({ where: { id: productId } });
      if (!product || count === 0) throw notFound("Product");
      // Webhooks: product.deleted with the product as it was (its variants too), in this transaction.
      await reportWebhookEvents(tx, [{ type: "product.deleted", data: { product } }]);
      await recordActivity(tx, acting, { kind: "product.deleted", subject: productSubject(product), changes: changesBetween(product, null, AUDITED_FIELDS) });
    });
  }

  // ---- variants --------------------------------------------------------------------------------------

  /**
   * The options and variants of each product asked for (every variant, on sale or not: callers choose what to
   * show), read as the catalogue is: an admin's shop (Shop.readingFor) is built with the primary as its catalogue.
   */
  variants(productIds: readonly number[]): Promise<Map<number, ProductVariants>> {
    return readVariants(this.cataloguePrisma, productIds);
  }

  /**
   * Admin only. Replaces a product's options and variants with the owner's grid (variants.ts). A row may
   * carry a new picture (`upload`): every upload is checked first (each problem under variants.N.image),
   * stored before the save, given to its row as `image`, and removed again if the save fails.
   */
  async saveVariants(viewer: Viewer | null, productId: unknown, input: Deferred<VariantsInput & { variants: VariantUpload[] }>): Promise<ProductVariants> {
    requireAdmin(viewer, "catalogue:write");
    const given = await received(input);
    const rows: VariantUpload[] = typeof given === "object" && given !== null && Array.isArray(given.variants) ? given.variants : [];
    const checks = new Checks();
    const checked = await Promise.all(
      rows.map((row, index) => (isBlank(row?.upload) ? null : this.checkImage(checks, `variants.${index}.image`, "picture", row.upload, false))),
    );
    checks.done();
    const stored: (StoredPicture | null)[] = [];
    try {
      for (const [index, image] of checked.entries()) stored.push(image ? await this.images.save(image, `variants.${index}.image`) : null);
      const variants = rows.map((row, index) => {
        const { upload: _upload, ...rest } = row;
        return stored[index] ? { ...rest, image: stored[index].ref } : rest;
      });
      const saved = await saveVariants(this.prisma, viewer, productId, { ...given, variants });
      if (stored.some(Boolean)) this.images.saved();
      return saved;
    } catch (error) {
      for (const picture of stored) if (picture) await this.images.discard(picture);
      throw error;
    }
  }

  // ---- product form ------------------------------------------------------------------------------

  private async check(input: ProductInput, { imageOneRequired }: { imageOneRequired: boolean }): Promise<CheckedProduct> {
    const checks = new Checks();
    const fields: Partial<ProductInput> = typeof input === "object" && input !== null ? input : {};
    const { name, description, priceCents, discountPriceCents, quantity } = checks.form(productForm, fields, PRODUCT_FIELD_NAMES);
    if (
      discountPriceCents !== undefined &&
      discountPriceCents !== null &&
      !checks.has("price") &&
      !checks.has("discount_price") &&
      discountPriceCents >= priceCents
    ) {
      checks.add("discount_price", "The discount price must be less than the price.");
    }
    const categoryId = await this.checkCategory(checks, fields.category);
    const imageOne = await this.checkImage(checks, "image_one", "image one", fields.imageOne, imageOneRequired);
    const imageTwo = await this.checkImage(checks, "image_two", "image two", fields.imageTwo, false);
    checks.done();
    return { name, description, priceCents, discountPriceCents, quantity, categoryId, imageOne, imageTwo };
  }

  /** The id of the chosen category, given by id or by name (whatever its case); 0 after adding an error. */
  private async checkCategory(checks: Checks, category: unknown): Promise<number> {
    const name = typeof category === "object" && category !== null ? (category as { name?: unknown }).name : undefined;
    if (isBlank(category) || (typeof category === "object" && isBlank(name))) {
      checks.add("category", "The category field is required.");
      return 0;
    }
    if (typeof category === "number") {
      const id = parseId(category);
      const found = id === null ? null : await this.prisma.category.findUnique({ where: { id }, select: { id: true } });
      if (found) return found.id;
    } else if (typeof name === "string") {
      const found = await this.prisma.$queryRaw<{ id: number }[]>`
        SELECT id FROM categories WHERE lower(name) = lower(${name.trim()})`;
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
      if (source instanceof Uint8Array || isUpload(source)) return await this.images.check(source, field);
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      for (const message of error.fields?.[field] ?? [error.message]) checks.add(field, message);
      return null;
    }
    checks.add(field, `The ${label} must be a file.`);
    return null;
  }

  /**
   * Stores the checked images (the work of resizing and encoding happens here, once every field passed).
   * An image that turns out unreadable while decoding fails the form on its field, leaving nothing stored.
   */
  private async storeImages(checked: CheckedProduct): Promise<{ imageOne: StoredPicture | null; imageTwo: StoredPicture | null }> {
    const imageOne = checked.imageOne ? await this.images.save(checked.imageOne, "image_one") : null;
    try {
      const imageTwo = checked.imageTwo ? await this.images.save(checked.imageTwo, "image_two") : null;
      return { imageOne, imageTwo };
    } catch (error) {
      if (imageOne) await this.images.discard(imageOne);
      throw error;
    }
  }

  private async removeImages(stored: { imageOne: StoredPicture | null; imageTwo: StoredPicture | null }): Promise<void> {
    for (const picture of [stored.imageOne, stored.imageTwo]) if (picture) await this.images.discard(picture);
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

/** A row read with raw SQL as Prisma would give it (a driver may hand integers over as text). */
function auditedRow(row: AuditedProduct): AuditedProduct {
  return { ...row, priceCents: Number(row.priceCents), discountPriceCents: row.discountPriceCents === null ? null : Number(row.discountPriceCents), quantity: Number(row.quantity), categoryId: Number(row.categoryId) };
}

/** The category was deleted between the check and the write: the same answer as an unknown category. */
function categoryGoneOr(error: unknown): unknown {
  return isForeignKeyViolation(error)
    ? invalid({ category: [CATEGORY_INVALID] })
    : error;
}

const isUpload = (value: unknown): value is ImageUpload =>
  typeof value === "object" && value !== null && typeof (value as ImageUpload).createReadStream === "function";
