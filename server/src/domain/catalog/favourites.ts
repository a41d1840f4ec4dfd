// Favourites: the user's wish-list. One row per (user, product); toggling adds or removes it.
import { Prisma, type Category, type PrismaClient, type Product } from "../../generated/prisma/client.js";
import { alignedById, isForeignKeyViolation, isUniqueViolation, keysetPage, newestFirst, notFound, parseId, requireUser, type Page, type Viewer } from "../shared/index.js";

export type FavouriteProduct = Product & { category: Category };

export const FAVOURITE_PAGE_SIZE = 24;

export class FavouriteService {
  constructor(private readonly prisma: PrismaClient) {}

  /** Adds the product to the viewer's wish-list, or removes it when it is there already. */
  async toggle(viewer: Viewer | null, productId: unknown): Promise<{ isFavourite: boolean }> {
    const { userId } = requireUser(viewer);
    const id = parseId(productId);
    if (id === null) throw notFound("Product");

    const removed = await this.prisma.favourite.deleteMany({ where: { userId, productId: id } });
    if (removed.count > 0) return { isFavourite: false };
    try {
      await this.prisma.favourite.create({ data: { userId, productId: id } });
      return { isFavourite: true };
    } catch (error) {
      // A second toggle raced this one and added it first (a double click): it is a favourite either way.
      if (isUniqueViolation(error)) return { isFavourite: true };
      // The foreign key refuses a product that does not exist.
      if (isForeignKeyViolation(error)) throw notFound("Product");
      throw error;
    }
  }

  /** Whether the product is on the viewer's wish-list. */
  async check(viewer: Viewer | null, productId: unknown): Promise<boolean> {
    const { userId } = requireUser(viewer);
    const id = parseId(productId);
    if (id === null) throw notFound("Product");
    const favourite = await this.prisma.favourite.findUnique({
      where: { userId_productId: { userId, productId: id } },
      select: { id: true },
    });
    if (favourite) return true;
    if ((await this.prisma.product.count({ where: { id } })) === 0) throw notFound("Product");
    return false;
  }

  /** A page of the viewer's wish-list, most recently favoured first. */
  async page(viewer: Viewer | null, options: { first?: unknown; after?: unknown } = {}): Promise<Page<FavouriteProduct>> {
    const { userId } = requireUser(viewer);
    return keysetPage<{ product_id: number }, FavouriteProduct>(
      this.prisma,
      {
        list: JSON.stringify(["favourites", userId]),
        first: options.first,
        after: options.after,
        defaultSize: FAVOURITE_PAGE_SIZE,
        columns: Prisma.sql`f.product_id`,
        from: Prisma.sql`favourites f`,
        conditions: [Prisma.sql`f.user_id = ${userId}`],
        keys: newestFirst("f"),
      },
      async (rows) => {
        const ids = rows.map((row) => Number(row.product_id));
        return alignedById(ids, await this.prisma.product.findMany({ where: { id: { in: ids } }, include: { category: true } }));
      },
    );
  }

  /** The viewer's wish-list, most recently favoured first: the whole list (the REST shim's answer). */
  async list(viewer: Viewer | null): Promise<FavouriteProduct[]> {
    const { userId } = requireUser(viewer);
    const favourites = await this.prisma.favourite.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      include: { product: { include: { category: true } } },
    });
    return favourites.map((favourite) => favourite.product);
  }
}
